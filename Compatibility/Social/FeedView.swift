import SwiftUI

struct FeedView: View {
    @State private var model = FeedModel()
    @State private var composing = false

    var body: some View {
        NavigationStack {
            List(model.posts) { post in
                PostCard(post: post) { model.toggleLike(post) }
                    .listRowSeparator(.hidden)
            }
            .listStyle(.plain)
            .refreshable { await model.refresh() }
            .navigationTitle("Home")
            .toolbar {
                ToolbarItem(placement: .primaryAction) {
                    Button { composing = true } label: { Image(systemName: "square.and.pencil") }
                }
            }
            .sheet(isPresented: $composing) { ComposeView() }
        }
    }
}

#Preview {
    FeedView()
}
