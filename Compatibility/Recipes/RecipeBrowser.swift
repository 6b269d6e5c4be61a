import SwiftUI
import Observation

/// Where the browser can go: value-based navigation, as iOS 16+ apps route.
enum RecipeRoute: Hashable {
    case recipe(Int)
    case tag(String)
}

@Observable
final class RecipeRouter {
    var path: [RecipeRoute] = []
    var showsTimer = false

    init(path: [RecipeRoute] = []) { self.path = path }

    func popToRoot() { path.removeAll() }
}

struct RecipeBrowser: View {
    @State private var router: RecipeRouter
    @State private var recipes = RecipeStore().recipes
    @Environment(\.editMode) private var editMode

    init(path: [RecipeRoute] = []) {
        _router = State(initialValue: RecipeRouter(path: path))
    }

    var body: some View {
        NavigationStack(path: $router.path) {
            List {
                ForEach(recipes) { recipe in
                    NavigationLink(value: RecipeRoute.recipe(recipe.id)) {
                        Label(recipe.title, systemImage: recipe.isFavorite ? "star.fill" : "book.closed")
                    }
                }
                .onDelete { recipes.remove(atOffsets: $0) }
                .onMove { recipes.move(fromOffsets: $0, toOffset: $1) }
            }
            .navigationTitle("Browse")
            .toolbar {
                ToolbarItem(placement: .topBarTrailing) { EditButton() }
            }
            .navigationDestination(for: RecipeRoute.self) { route in
                switch route {
                case .recipe(let id):
                    if let recipe = recipes.first(where: { $0.id == id }) {
                        RecipeSummary(recipe: recipe, router: router)
                    } else {
                        ContentUnavailableView("Recipe removed", systemImage: "trash")
                    }
                case .tag(let tag):
                    List(recipes.filter { $0.tags.contains(tag) }) { Text($0.title) }
                        .navigationTitle(tag)
                }
            }
            .navigationDestination(isPresented: $router.showsTimer) {
                Text("Timer running").font(.largeTitle).navigationTitle("Timer")
            }
        }
    }
}

private struct RecipeSummary: View {
    let recipe: Recipe
    let router: RecipeRouter

    var body: some View {
        Form {
            Section("Time") {
                LabeledContent("Minutes", value: "\(recipe.minutes)")
                LabeledContent("Serves", value: "\(recipe.servings)")
            }
            Section("Tags") {
                ForEach(recipe.tags, id: \.self) { tag in
                    NavigationLink(tag, value: RecipeRoute.tag(tag))
                }
            }
            Section {
                Button("Start timer") { router.showsTimer = true }
                Button("Back to all recipes") { router.popToRoot() }
            }
        }
        .navigationTitle(recipe.title)
        .navigationBarTitleDisplayMode(.inline)
    }
}

#Preview("Browse") {
    RecipeBrowser()
}

#Preview("A recipe, opened by its route") {
    RecipeBrowser(path: [.recipe(1)])
}
