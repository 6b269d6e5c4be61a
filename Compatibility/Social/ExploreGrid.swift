import SwiftUI

struct ExploreGrid: View {
    @State private var search = ""
    private let topics = ["Design", "Travel", "Food", "Music", "Science", "Books", "Film", "Sport"]
    private let colors: [Color] = [.pink, .orange, .green, .purple, .blue, .brown, .indigo, .mint]

    var body: some View {
        NavigationStack {
            ScrollView {
                LazyVGrid(columns: [GridItem(.flexible()), GridItem(.flexible())], spacing: 12) {
                    ForEach(Array(topics.enumerated()), id: \.offset) { index, topic in
                        RoundedRectangle(cornerRadius: 16)
                            .fill(colors[index].gradient)
                            .frame(height: 100)
                            .overlay(alignment: .bottomLeading) {
                                Text(topic).font(.headline).foregroundColor(.white).padding(12)
                            }
                    }
                }
                .padding()
            }
            .navigationTitle("Explore")
            .searchable(text: $search, prompt: "Search topics")
        }
    }
}

#Preview {
    ExploreGrid()
}
