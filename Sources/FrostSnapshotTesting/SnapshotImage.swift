import FrostGeometry
import FrostImage
#if os(Linux)
import UIKit
#endif

/// The format of image snapshots: `UIImage` where Frost's `UIKit` module is built (Linux), as
/// upstream's `Snapshotting<some View, UIImage>`; Frost's RGBA8 image elsewhere.
#if os(Linux)
public typealias SnapshotImage = UIImage
#else
public typealias SnapshotImage = FrostImage.Image
#endif

extension FrostImage.Image {
    /// As the snapshot format, `scale` pixels per point.
    func snapshotImage(scale: CGFloat) -> SnapshotImage {
        #if os(Linux)
        UIImage(pixels: self, scale: scale)
        #else
        self
        #endif
    }

    /// A snapshot image's pixels; a symbol image (no pixels) is the unreadable-reference marker.
    init(snapshot: SnapshotImage) {
        #if os(Linux)
        self = snapshot.pixels ?? .unreadableReference
        #else
        self = snapshot
        #endif
    }

    /// What a reference that is not a PNG reads as: 1 × 1, a colour no premultiplied image holds
    /// (red over zero alpha), so the comparison can say the reference is unreadable.
    static let unreadableReference: FrostImage.Image = {
        var image = try! FrostImage.Image(width: 1, height: 1)
        image.pixels = [255, 0, 255, 0]
        return image
    }()

    var isUnreadableReference: Bool { width == 1 && height == 1 && pixels == [255, 0, 255, 0] }
}
