import Foundation
import Observation
import OSLog

@Observable
final class FeedModel {
    var posts: [Post] = Post.samples
    var isLoading = false
    private let logger = Logger(subsystem: "com.example.social", category: "feed")

    func toggleLike(_ post: Post) {
        guard let i = posts.firstIndex(where: { $0.id == post.id }) else { return }
        posts[i].isLiked.toggle()
        posts[i].likes += posts[i].isLiked ? 1 : -1
        logger.debug("like \(post.id, privacy: .public) -> \(self.posts[i].isLiked)")
    }

    func refresh() async {
        isLoading = true
        defer { isLoading = false }
        logger.info("refreshing feed")
    }
}
