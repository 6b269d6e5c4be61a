import SwiftUI

struct PostCard: View {
    let post: Post
    var onLike: () -> Void = {}

    var body: some View {
        VStack(alignment: .leading, spacing: 10) {
            HStack {
                AvatarView(author: post.author)
                VStack(alignment: .leading) {
                    Text(post.author.name).font(.headline)
                    Text("\(post.author.handle) · \(post.minutesAgo < 60 ? "\(post.minutesAgo)m" : "\(post.minutesAgo / 60)h")")
                        .font(.subheadline)
                        .foregroundStyle(.secondary)
                }
                Spacer()
                Menu {
                    Button("Copy link", systemImage: "link") {}
                    Button("Report", systemImage: "flag", role: .destructive) {}
                } label: {
                    Image(systemName: "ellipsis")
                }
            }
            Text(post.text)
            if post.imageURL != nil {
                AsyncImage(url: post.imageURL)
                    .frame(height: 180)
                    .clipShape(RoundedRectangle(cornerRadius: 12))
            }
            HStack(spacing: 24) {
                Button(action: onLike) {
                    Label("\(post.likes)", systemImage: post.isLiked ? "heart.fill" : "heart")
                        .foregroundStyle(post.isLiked ? .red : .secondary)
                }
                Label("Reply", systemImage: "bubble.right").foregroundStyle(.secondary)
                ShareLink(item: URL(string: "https://example.com/posts/\(post.id)")!) {
                    Image(systemName: "square.and.arrow.up")
                }
            }
            .font(.subheadline)
            .buttonStyle(.plain)
        }
        .padding(.vertical, 8)
    }
}

#Preview(traits: .sizeThatFitsLayout) {
    PostCard(post: Post.samples[0]).padding()
}
