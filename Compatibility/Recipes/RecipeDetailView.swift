import SwiftUI
import UIKit

struct RecipeDetailView: View {
    let recipe: Recipe
    @State private var servings = 2

    var body: some View {
        ScrollView {
            VStack(alignment: .leading, spacing: 16) {
                ZStack(alignment: .bottomLeading) {
                    LinearGradient(colors: [Color("Paprika"), .orange], startPoint: .topLeading, endPoint: .bottomTrailing)
                        .frame(height: UIScreen.main.bounds.width * 0.6)
                    Text(recipe.title)
                        .font(.largeTitle.bold())
                        .foregroundColor(.white)
                        .padding()
                }
                HStack {
                    ForEach(recipe.tags, id: \.self) { TagChip(text: $0) }
                }
                .padding(.horizontal)
                Stepper("Serves \(servings)", value: $servings, in: 1...12)
                    .padding(.horizontal)
                Text("Warm the oil, soften the onion and pepper, add the tomatoes and simmer until thick. Make wells, crack in the eggs and cover until set.")
                    .card()
                    .padding(.horizontal)
            }
        }
        .edgesIgnoringSafeArea(.top)
        .onAppear { servings = recipe.servings }
    }
}

#Preview {
    RecipeDetailView(recipe: RecipeStore().recipes[0])
}
