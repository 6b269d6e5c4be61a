import FrostUI

/// The interactive-blur document's pull-down (iOS 8's search over the home screen): a finger
/// dragging down over a photo blurs it as it goes — σ = 20 pt × pull / 200 pt — and on release
/// the blur springs back to sharp, starting at the finger's velocity. Written as an app writes
/// it: a `DragGesture(minimumDistance: 0)` sets state in `onChanged`, and `onEnded` resets it
/// in `withAnimation(.interpolatingSpring(…, initialVelocity:))`.
public struct PullDownBlur: View {
    let photo: Image
    @State private var pull: CGFloat = 0
    /// - Parameter photo: the picture (filled into the view).
    public init(photo: Image) { self.photo = photo }

    /// How far (points) a pull goes to reach the full blur.
    public static let fullPull: CGFloat = 200
    /// The blur radius (points, 0…20) for a pull of `pull` points.
    public static func radius(forPull pull: CGFloat) -> CGFloat { 20 * min(1, max(0, pull / fullPull)) }

    public var body: some View {
        ZStack {
            photo.resizable().scaledToFill()
                .blur(radius: PullDownBlur.radius(forPull: pull))
                .clipped()
            Text("Pull down")
                .font(.title.bold())
                .foregroundStyle(.white)
                .opacity(1 - Double(min(1, pull / PullDownBlur.fullPull)))
        }
        .contentShape(Rectangle())
        .gesture(
            DragGesture(minimumDistance: 0)
                .onChanged { value in pull = max(0, value.translation.height) }
                .onEnded { value in
                    // The finger's speed (points per second) as the spring's start, in the
                    // fractions of the move back per second the spring takes.
                    let velocity = Animation.normalizedVelocity(Double(value.velocity.height), from: Double(pull), to: 0)
                    withAnimation(.interpolatingSpring(duration: 0.45, bounce: 0.1, initialVelocity: velocity)) { pull = 0 }
                })
    }
}
