import Combine
import Foundation

struct Recipe: Identifiable, Hashable {
    let id: Int
    var title: String
    var minutes: Int
    var servings: Int
    var isFavorite: Bool
    var tags: [String]
}

/// The app's model: a plain ObservableObject in a file that imports only Combine.
final class RecipeStore: ObservableObject {
    @Published var recipes: [Recipe] = [
        Recipe(id: 1, title: "Shakshuka", minutes: 30, servings: 2, isFavorite: true, tags: ["Breakfast", "Vegetarian"]),
        Recipe(id: 2, title: "Lentil Soup", minutes: 45, servings: 4, isFavorite: false, tags: ["Soup"]),
        Recipe(id: 3, title: "Lemon Pasta", minutes: 20, servings: 2, isFavorite: true, tags: ["Quick"]),
        Recipe(id: 4, title: "Tomato Tart", minutes: 60, servings: 6, isFavorite: false, tags: ["Baking"]),
    ]
    @Published var query = ""
    private var cancellables = Set<AnyCancellable>()

    var favorites: [Recipe] { recipes.filter(\.isFavorite) }

    init() {
        $query
            .removeDuplicates()
            .debounce(for: .milliseconds(300), scheduler: RunLoop.main)
            .sink { [weak self] text in self?.objectWillChange.send(); _ = text }
            .store(in: &cancellables)
    }

    func toggleFavorite(_ recipe: Recipe) {
        guard let i = recipes.firstIndex(of: recipe) else { return }
        recipes[i].isFavorite.toggle()
    }
}
