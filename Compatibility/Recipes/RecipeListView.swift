import SwiftUI

struct RecipeListView: View {
    @StateObject private var store = RecipeStore()

    var body: some View {
        NavigationView {
            List {
                Section(header: Text("Favourites")) {
                    ForEach(store.favorites) { recipe in
                        NavigationLink(destination: RecipeDetailView(recipe: recipe)) {
                            RecipeRow(recipe: recipe)
                        }
                    }
                }
                Section(header: Text("All recipes")) {
                    ForEach(store.recipes) { RecipeRow(recipe: $0) }
                        .onDelete { store.recipes.remove(atOffsets: $0) }
                }
            }
            .listStyle(InsetGroupedListStyle())
            .navigationBarTitle("Recipes")
            .navigationBarItems(trailing: Button(action: {}) { Image(systemName: "plus") })
        }
        .navigationViewStyle(StackNavigationViewStyle())
        .accentColor(Color("Paprika"))
    }
}

#Preview {
    RecipeListView()
}
