import Foundation

struct Author: Hashable {
    let name: String
    let handle: String
    let avatarURL: URL?
}

struct Post: Identifiable, Hashable {
    let id: Int
    let author: Author
    let text: String
    let imageURL: URL?
    var likes: Int
    var isLiked: Bool
    let minutesAgo: Int
}

extension Post {
    static let samples: [Post] = [
        Post(id: 1, author: Author(name: "Maya Chen", handle: "@maya", avatarURL: URL(string: "https://example.com/maya.jpg")),
             text: "First light over the harbour this morning. Worth the 5 am alarm.", imageURL: URL(string: "https://example.com/harbour.jpg"),
             likes: 128, isLiked: true, minutesAgo: 12),
        Post(id: 2, author: Author(name: "Tom Okafor", handle: "@tomo", avatarURL: nil),
             text: "Shipped the new onboarding flow today 🎉", imageURL: nil, likes: 42, isLiked: false, minutesAgo: 47),
        Post(id: 3, author: Author(name: "Priya Raman", handle: "@priya", avatarURL: nil),
             text: "Reading list for the weekend: three essays on typography and one on bridges.", imageURL: nil, likes: 9, isLiked: false, minutesAgo: 180),
    ]
}
