import SwiftUI

struct EmptyFavoritesView: View {
    var body: some View {
        ContentUnavailableView {
            Label("No Favourites", systemImage: "heart")
        } description: {
            Text("Tap the heart on a recipe to keep it here.")
        } actions: {
            Button("Browse Recipes") {}
                .buttonStyle(.borderedProminent)
                .tint(Color("Paprika"))
        }
    }
}

#Preview {
    EmptyFavoritesView()
}
