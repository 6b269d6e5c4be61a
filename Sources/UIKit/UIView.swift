#if !canImport(Darwin)
import Foundation
import FrostUI

// A minimal UIKit view hierarchy, so that `UIViewRepresentable` and
// `UIViewControllerRepresentable` types compile: views and controllers hold their properties
// and subviews, and are never drawn (the representable draws a labelled placeholder instead).

/// How a view's content fills it, as UIKit's `UIView.ContentMode`.
public enum UIViewContentMode: Int, Sendable {
    case scaleToFill, scaleAspectFit, scaleAspectFill, redraw, center, top, bottom, left, right, topLeft, topRight, bottomLeft, bottomRight
}

/// Text alignment, as UIKit's `NSTextAlignment`.
public enum NSTextAlignment: Int, Sendable { case left, center, right, justified, natural }

/// A rectangle of the interface, as UIKit's `UIView` (properties only; never drawn).
open class UIView: UIResponder {
    public typealias ContentMode = UIViewContentMode
    open var frame: CGRect
    open var bounds: CGRect {
        get { CGRect(origin: .zero, size: frame.size) }
        set { frame.size = newValue.size }
    }
    open var center: CGPoint {
        get { CGPoint(x: frame.midX, y: frame.midY) }
        set { frame.origin = CGPoint(x: newValue.x - frame.width / 2, y: newValue.y - frame.height / 2) }
    }
    open var backgroundColor: UIColor?
    open var tintColor: UIColor! = .tintColor
    open var alpha: CGFloat = 1
    open var isHidden = false
    open var isOpaque = true
    open var clipsToBounds = false
    open var isUserInteractionEnabled = true
    open var contentMode: ContentMode = .scaleToFill
    open var tag = 0
    open var translatesAutoresizingMaskIntoConstraints = true
    public private(set) var subviews: [UIView] = []
    public private(set) weak var superview: UIView?

    public init(frame: CGRect) { self.frame = frame }
    public override convenience init() { self.init(frame: .zero) }

    open func addSubview(_ view: UIView) {
        view.removeFromSuperview()
        subviews.append(view)
        view.superview = self
    }
    open func insertSubview(_ view: UIView, at index: Int) {
        view.removeFromSuperview()
        subviews.insert(view, at: min(max(index, 0), subviews.count))
        view.superview = self
    }
    open func removeFromSuperview() {
        superview?.subviews.removeAll { $0 === self }
        superview = nil
    }
    open func layoutSubviews() {}
    open func setNeedsLayout() {}
    open func layoutIfNeeded() {}
    open func setNeedsDisplay() {}
    open func sizeToFit() {}
    open func sizeThatFits(_ size: CGSize) -> CGSize { frame.size }
    open var intrinsicContentSize: CGSize { CGSize(width: -1, height: -1) }
    open class var noIntrinsicMetric: CGFloat { -1 }
}

/// A text label, as UIKit's `UILabel` (never drawn).
open class UILabel: UIView {
    open var text: String?
    open var font: UIFont! = .systemFont(ofSize: 17)
    open var textColor: UIColor! = .label
    open var textAlignment: NSTextAlignment = .natural
    open var numberOfLines = 1
    open var adjustsFontSizeToFitWidth = false
}

/// An image view, as UIKit's `UIImageView` (never drawn).
open class UIImageView: UIView {
    open var image: UIImage?
    public init(image: UIImage?) {
        self.image = image
        super.init(frame: CGRect(origin: .zero, size: image?.size ?? .zero))
    }
    public override init(frame: CGRect) { super.init(frame: frame) }
}

/// A spinner, as UIKit's `UIActivityIndicatorView` (never drawn).
open class UIActivityIndicatorView: UIView {
    public enum Style: Int, Sendable { case medium = 100, large = 101 }
    public let style: Style
    open var color: UIColor! = .secondaryLabel
    open var hidesWhenStopped = true
    public private(set) var isAnimating = false
    public init(style: Style = .medium) {
        self.style = style
        super.init(frame: .zero)
    }
    open func startAnimating() { isAnimating = true }
    open func stopAnimating() { isAnimating = false }
}

/// A scrolling view, as UIKit's `UIScrollView` (never drawn).
open class UIScrollView: UIView {
    open var contentOffset: CGPoint = .zero
    open var contentSize: CGSize = .zero
    open var contentInset: UIEdgeInsets = .zero
    open var isScrollEnabled = true
    open var isPagingEnabled = false
    open var showsVerticalScrollIndicator = true
    open var showsHorizontalScrollIndicator = true
    open var bounces = true
}

/// Editable text, as UIKit's `UITextView` (never drawn).
open class UITextView: UIScrollView {
    open var text: String! = ""
    open var font: UIFont? = .systemFont(ofSize: 17)
    open var textColor: UIColor? = .label
    open var isEditable = true
    open var isSelectable = true
    open var textAlignment: NSTextAlignment = .natural
}

/// A view's controller, as UIKit's `UIViewController` (never drawn).
open class UIViewController: UIResponder {
    private var loadedView: UIView?
    open var view: UIView! {
        get {
            if loadedView == nil {
                loadView()
                viewDidLoad()
            }
            return loadedView
        }
        set { loadedView = newValue }
    }
    open var title: String?
    public private(set) var children: [UIViewController] = []
    public private(set) weak var parent: UIViewController?
    public private(set) var presentedViewController: UIViewController?

    public override init() {}
    open func loadView() { loadedView = UIView() }
    open func viewDidLoad() {}
    open func viewWillAppear(_ animated: Bool) {}
    open func viewDidAppear(_ animated: Bool) {}
    open func viewWillDisappear(_ animated: Bool) {}
    open func viewDidDisappear(_ animated: Bool) {}
    open func addChild(_ child: UIViewController) {
        children.append(child)
        child.parent = self
    }
    open func removeFromParent() {
        parent?.children.removeAll { $0 === self }
        parent = nil
    }
    open func didMove(toParent parent: UIViewController?) {}
    open func present(_ controller: UIViewController, animated: Bool, completion: (() -> Void)? = nil) {
        presentedViewController = controller
        completion?()
    }
    open func dismiss(animated: Bool, completion: (() -> Void)? = nil) {
        presentedViewController = nil
        completion?()
    }
}
#endif

#if !canImport(Darwin)
/// SwiftUI's `UIHostingController`: a controller whose content is a SwiftUI view, `rootView`
/// (FrostSnapshotTesting snapshots it; there is no window to show it in).
/// The view of a `UIHostingController`: the controller's current root view, laid out in the
/// view's frame. It keeps its controller, so `UIHostingController(rootView: v).view` can be
/// drawn after the controller itself is gone.
public final class _UIHostingView: UIView {
    private let root: () -> any View
    init<Content: View>(frame: CGRect, controller: UIHostingController<Content>) {
        root = { controller.rootView }
        super.init(frame: frame)
    }
    /// The root view to draw.
    public var rootView: any View { root() }
}

open class UIHostingController<Content: View>: UIViewController {
    public var rootView: Content
    public init(rootView: Content) {
        self.rootView = rootView
        super.init()
    }
    /// A hosting view: its frame is where the root view is laid out, and snapshot strategies
    /// draw it (`assertSnapshot(of: controller.view, as: .image)`).
    open override func loadView() { view = _UIHostingView(frame: .zero, controller: self) }

    /// The root view's size for a proposal of `size` (points), as SwiftUI lays it out (zero when
    /// the view cannot be laid out).
    open func sizeThatFits(in size: CGSize) -> CGSize {
        let renderer = ImageRenderer(content: rootView)
        renderer.proposedSize = ProposedViewSize(size)
        guard let image = renderer.frostImage else { return .zero }
        return CGSize(width: image.width, height: image.height)
    }
}
#endif
