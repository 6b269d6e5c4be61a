import SwiftUI

struct ProfileStats: View {
    let posts: Int, followers: Int, following: Int
    var body: some View {
        HStack {
            stat(posts, "Posts")
            Divider().frame(height: 32)
            stat(followers, "Followers")
            Divider().frame(height: 32)
            stat(following, "Following")
        }
    }
    func stat(_ value: Int, _ label: String) -> some View {
        VStack {
            Text("\(value)").font(.title3.bold())
            Text(label).font(.caption).foregroundStyle(.secondary)
        }
        .frame(maxWidth: .infinity)
    }
}

struct ProfileView: View {
    let author = Post.samples[0].author
    @AppStorage("isFollowing") private var isFollowing = false

    var body: some View {
        ScrollView {
            VStack(spacing: 16) {
                Rectangle()
                    .fill(LinearGradient(colors: [.teal, .blue], startPoint: .leading, endPoint: .trailing))
                    .frame(height: 140)
                    .overlay(alignment: .bottom) {
                        AvatarView(author: author, size: 88)
                            .overlay(Circle().stroke(Color(.systemBackground), lineWidth: 4))
                            .offset(y: 44)
                    }
                    .padding(.bottom, 44)
                Text(author.name).font(.title2.bold())
                Text(author.handle).foregroundStyle(.secondary)
                Button(isFollowing ? "Following" : "Follow") { isFollowing.toggle() }
                    .buttonStyle(.borderedProminent)
                    .controlSize(.large)
                ProfileStats(posts: 214, followers: 3_180, following: 402)
                    .padding(.horizontal)
            }
        }
        .ignoresSafeArea(edges: .top)
    }
}

#Preview {
    ProfileView()
}
