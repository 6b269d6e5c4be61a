#if !canImport(Darwin)
import Foundation
import FrostUI

// SwiftUI's bridges to UIKit, `UIViewRepresentable` and `UIViewControllerRepresentable`, with
// their requirements, coordinators and context. A UIKit view cannot be drawn on Linux, so a
// representable draws a labelled placeholder (its type and the wrapped UIKit type, on a
// dashed, tinted rectangle) of the size it is offered — as a UIKit view with no intrinsic size
// takes the space offered. `makeUIView` and `updateUIView` are not called: the wrapped view
// often needs frameworks that do not exist here (MapKit, WebKit, AVKit).

/// The context a representable's methods get, as SwiftUI's `UIViewRepresentableContext`.
public struct UIViewRepresentableContext<Representable: UIViewRepresentable> {
    public let coordinator: Representable.Coordinator
    public var environment: EnvironmentValues
    public var transaction: Transaction
    public init(coordinator: Representable.Coordinator, environment: EnvironmentValues = EnvironmentValues(), transaction: Transaction) {
        self.coordinator = coordinator; self.environment = environment; self.transaction = transaction
    }
}

/// A UIKit view wrapped for SwiftUI, as SwiftUI's `UIViewRepresentable`.
public protocol UIViewRepresentable: View where Body == UIKitPlaceholder {
    associatedtype UIViewType: UIView
    associatedtype Coordinator = Void
    typealias Context = UIViewRepresentableContext<Self>
    func makeUIView(context: Context) -> UIViewType
    func updateUIView(_ uiView: UIViewType, context: Context)
    static func dismantleUIView(_ uiView: UIViewType, coordinator: Coordinator)
    func makeCoordinator() -> Coordinator
    func sizeThatFits(_ proposal: ProposedViewSize, uiView: UIViewType, context: Context) -> CGSize?
}

extension UIViewRepresentable {
    public static func dismantleUIView(_ uiView: UIViewType, coordinator: Coordinator) {}
    public func sizeThatFits(_ proposal: ProposedViewSize, uiView: UIViewType, context: Context) -> CGSize? { nil }
    public var body: UIKitPlaceholder { UIKitPlaceholder(name: "\(Self.self)", wraps: "\(UIViewType.self)") }
}

extension UIViewRepresentable where Coordinator == Void {
    public func makeCoordinator() {}
}

/// The context of a controller representable, as SwiftUI's `UIViewControllerRepresentableContext`.
public struct UIViewControllerRepresentableContext<Representable: UIViewControllerRepresentable> {
    public let coordinator: Representable.Coordinator
    public var environment: EnvironmentValues
    public var transaction: Transaction
    public init(coordinator: Representable.Coordinator, environment: EnvironmentValues = EnvironmentValues(), transaction: Transaction) {
        self.coordinator = coordinator; self.environment = environment; self.transaction = transaction
    }
}

/// A UIKit view controller wrapped for SwiftUI, as SwiftUI's `UIViewControllerRepresentable`.
public protocol UIViewControllerRepresentable: View where Body == UIKitPlaceholder {
    associatedtype UIViewControllerType: UIViewController
    associatedtype Coordinator = Void
    typealias Context = UIViewControllerRepresentableContext<Self>
    func makeUIViewController(context: Context) -> UIViewControllerType
    func updateUIViewController(_ uiViewController: UIViewControllerType, context: Context)
    static func dismantleUIViewController(_ uiViewController: UIViewControllerType, coordinator: Coordinator)
    func makeCoordinator() -> Coordinator
}

extension UIViewControllerRepresentable {
    public static func dismantleUIViewController(_ uiViewController: UIViewControllerType, coordinator: Coordinator) {}
    public var body: UIKitPlaceholder { UIKitPlaceholder(name: "\(Self.self)", wraps: "\(UIViewControllerType.self)") }
}

extension UIViewControllerRepresentable where Coordinator == Void {
    public func makeCoordinator() {}
}

/// What a UIKit representable draws on Linux: its name and the UIKit type it wraps, centred on a
/// dashed, lightly filled rectangle that takes the space offered.
public struct UIKitPlaceholder: View {
    public let name: String
    public let wraps: String
    public init(name: String, wraps: String) { self.name = name; self.wraps = wraps }
    public var body: some View {
        ZStack {
            Rectangle().fill(Color(.secondarySystemFill))
            Rectangle().strokeBorder(Color(.separator), style: StrokeStyle(lineWidth: 1, dash: [4, 3]))
            VStack(spacing: 2) {
                Text(name).font(.caption.weight(.semibold))
                Text(wraps).font(.caption2)
            }
            .foregroundStyle(.secondary)
            .padding(4)
        }
        .frame(minWidth: 0, maxWidth: .infinity, minHeight: 0, maxHeight: .infinity)
    }
}
#endif
