import FrostGeometry
import FrostImage
import FrostScene

// The hooks the shared host core calls on the view it hosts: a protocol the generic host
// conforms to, instead of overridable stubs on the core.

/// What the generic host (``ViewHost``) does for the non-generic ``HostCore``: resolve its view,
/// say its size, and draw one element alone (the blur bridge's snapshots).
protocol HostRoot: AnyObject {
    /// The view resolved and laid out now.
    func resolveRoots() throws -> [Element]
    /// The host's size, points.
    var viewportSize: Size { get }
    /// The element with identity `identity` as drawn now, rendered alone (transparent around
    /// it), and its top-left corner in device pixels; nil when it is not drawn.
    func snapshotElement(_ identity: SceneIdentity) -> (image: FrostImage.Image, origin: Point)?
}
