import SwiftUI

struct AvatarView: View {
    let author: Author
    var size: CGFloat = 44

    var body: some View {
        AsyncImage(url: author.avatarURL) { image in
            image.resizable().scaledToFill()
        } placeholder: {
            ZStack {
                Circle().fill(Color.indigo.gradient)
                Text(initials).font(.system(size: size * 0.4, weight: .semibold)).foregroundStyle(.white)
            }
        }
        .frame(width: size, height: size)
        .clipShape(Circle())
    }

    var initials: String {
        author.name.split(separator: " ").compactMap(\.first).map(String.init).joined()
    }
}

#Preview(traits: .sizeThatFitsLayout) {
    HStack {
        AvatarView(author: Post.samples[0].author)
        AvatarView(author: Post.samples[1].author, size: 64)
    }
    .padding()
}
