import Foundation
import FrostGeometry
import FrostImage
import FrostMotion

// Reproduces SwiftUI's `AsyncImage` for a headless host, which has no network: a `file:` URL is
// read at once (so a preview can show a local picture); any other URL (or nil) stays in the
// `.empty` phase, drawing the placeholder — by default SwiftUI's, the secondary system fill
// filling the space offered. An unreadable file is the `.failure` phase. The phases, the
// content/placeholder closures and `scale` are SwiftUI's.

/// An image loaded from a URL, as SwiftUI's `AsyncImage`.
public struct AsyncImage<Content: View>: View {
    let phase: AsyncImagePhase
    let content: (AsyncImagePhase) -> Content

    /// The image at `url` with `content` for every phase.
    public init(url: URL?, scale: CGFloat = 1, transaction: Transaction = Transaction(), @ViewBuilder content: @escaping (AsyncImagePhase) -> Content) {
        phase = AsyncImagePhase.load(url, scale: scale)
        self.content = content
    }

    public var body: some View { content(phase) }
}

extension AsyncImage {
    /// The loaded image through `content`, else `placeholder`.
    public init<I: View, P: View>(
        url: URL?, scale: CGFloat = 1, @ViewBuilder content: @escaping (Image) -> I, @ViewBuilder placeholder: @escaping () -> P
    ) where Content == _ConditionalContent<I, P> {
        self.init(url: url, scale: scale) { phase in
            if let image = phase.image { content(image) } else { placeholder() }
        }
    }
}

extension AsyncImage where Content == _ConditionalContent<Image, Color> {
    /// The loaded image at its size, else the default placeholder (the secondary system fill).
    public init(url: URL?, scale: CGFloat = 1) {
        self.init(url: url, scale: scale) { phase in
            if let image = phase.image { image } else { Color.secondarySystemFill }
        }
    }
}

/// Where an `AsyncImage` is in loading, as SwiftUI's `AsyncImagePhase`.
public enum AsyncImagePhase {
    case empty
    case success(Image)
    case failure(Error)

    /// The image, once loaded.
    public var image: Image? {
        if case .success(let i) = self { return i }
        return nil
    }
    /// The error, when loading failed.
    public var error: Error? {
        if case .failure(let e) = self { return e }
        return nil
    }

    static func load(_ url: URL?, scale: CGFloat) -> AsyncImagePhase {
        guard let url, url.isFileURL else { return .empty }
        do { return .success(Image(pixels: try ImageFile.read(url.path), scale: scale)) } catch { return .failure(error) }
    }
}
