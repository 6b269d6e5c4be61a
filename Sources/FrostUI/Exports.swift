// SwiftUI re-exports Foundation (CGFloat, CGSize, CGRect, Date…) and Observation: so does FrostUI, so SwiftUI code
// compiles with only `import FrostUI`. Frost's own types that SwiftUI also has under the same
// name and meaning are re-exported by name; the pixel-level modules stay behind the `Frost`
// umbrella, so SwiftUI's `Color` and `Image` mean the views here.
@_exported import Foundation
// SwiftUI re-exports Observation too: `@Observable` models and `@Environment(Model.self)` compile
// with only the UI import, as app code writes them.
@_exported import Observation
// SwiftUI re-exports Combine: `ObservableObject`, `@Published`, `AnyCancellable` and the publishers come with the UI import.
@_exported import FrostCombine
import FrostGeometry
import FrostMotion
import FrostCanvas

public typealias Angle = FrostGeometry.Angle
public typealias EdgeInsets = FrostGeometry.EdgeInsets
public typealias Animation = FrostMotion.Animation
public typealias Spring = FrostMotion.Spring
public typealias UnitCurve = FrostMotion.UnitCurve
public typealias Transaction = FrostMotion.Transaction
public typealias TransactionKey = FrostMotion.TransactionKey
public typealias AnimationCompletionCriteria = FrostMotion.AnimationCompletionCriteria
/// SwiftUI's blend modes with the W3C Compositing and Blending formulas (separable,
/// non-separable and the Porter–Duff source-atop, destination-over and destination-out), and
/// Apple's plus-lighter / plus-darker.
public typealias BlendMode = FrostCanvas.BlendMode
public typealias FrameTicker = FrostMotion.FrameTicker
