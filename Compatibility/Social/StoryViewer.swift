import SwiftUI

/// Full-screen stories: tap the right third for the next one and the left third for the
/// previous, hold to pause, pinch the photo to zoom, and drag down to dismiss.
struct StoryViewer: View {
    let posts: [Post]
    @State private var index = 0
    @State private var isPaused = false
    @State private var isDismissed = false
    @GestureState private var dragOffset: CGSize = .zero
    @GestureState private var zoom: CGFloat = 1.0
    @Environment(\.dismiss) private var dismiss

    private var dismissProgress: CGFloat {
        min(1, max(0, dragOffset.height / 300))
    }

    var body: some View {
        GeometryReader { proxy in
            ZStack(alignment: .top) {
                Color.black.ignoresSafeArea()

                storyCard(posts[index])
                    .scaleEffect(zoom * (1 - dismissProgress * 0.2))
                    .offset(y: max(0, dragOffset.height))
                    .gesture(
                        MagnifyGesture()
                            .updating($zoom) { value, zoom, _ in
                                zoom = min(max(value.magnification, 1), 4)
                            }
                    )

                progressBars
                    .padding(.horizontal, 8)
                    .padding(.top, 8)
                    .opacity(1 - dismissProgress)
            }
            .contentShape(Rectangle())
            .onTapGesture(coordinateSpace: .local) { location in
                if location.x > proxy.size.width * 2 / 3 {
                    advance()
                } else if location.x < proxy.size.width / 3 {
                    index = max(0, index - 1)
                }
            }
            .onLongPressGesture(minimumDuration: 0.3) {
                // Paused while held: onPressingChanged below resumes.
            } onPressingChanged: { pressing in
                isPaused = pressing
            }
            .simultaneousGesture(
                DragGesture(minimumDistance: 20)
                    .updating($dragOffset) { value, state, transaction in
                        state = value.translation
                        transaction.animation = nil
                    }
                    .onEnded { value in
                        if value.predictedEndTranslation.height > 250 {
                            isDismissed = true
                            dismiss()
                        }
                    }
            )
            .animation(.spring(response: 0.35, dampingFraction: 0.8), value: dragOffset == .zero)
        }
    }

    private func advance() {
        if index < posts.count - 1 {
            index += 1
        } else {
            dismiss()
        }
    }

    private func storyCard(_ post: Post) -> some View {
        VStack(alignment: .leading, spacing: 12) {
            Spacer()
            HStack(spacing: 10) {
                AvatarView(author: post.author, size: 36)
                Text(post.author.name)
                    .font(.subheadline.weight(.semibold))
                    .foregroundColor(.white)
                if isPaused {
                    Image(systemName: "pause.fill")
                        .foregroundColor(.white.opacity(0.8))
                }
            }
            Text(post.text)
                .font(.title3)
                .foregroundColor(.white)
                .lineLimit(4)
        }
        .padding(20)
        .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .bottomLeading)
        .background(
            LinearGradient(colors: [.purple, .orange], startPoint: .topLeading, endPoint: .bottomTrailing)
        )
        .clipShape(RoundedRectangle(cornerRadius: 12, style: .continuous))
    }

    private var progressBars: some View {
        HStack(spacing: 4) {
            ForEach(posts.indices, id: \.self) { i in
                Capsule()
                    .fill(i <= index ? Color.white : Color.white.opacity(0.35))
                    .frame(height: 3)
            }
        }
    }
}

#Preview {
    StoryViewer(posts: Array(Post.samples.prefix(3)))
}
