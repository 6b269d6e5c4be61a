import SwiftUI

struct RecipeRow: View {
    let recipe: Recipe
    var body: some View {
        HStack(spacing: 12) {
            RoundedRectangle(cornerRadius: 10)
                .fill(Color.paprika.gradient)
                .frame(width: 56, height: 56)
                .overlay(Image(systemName: "fork.knife").foregroundColor(.white))
            VStack(alignment: .leading, spacing: 4) {
                Text(recipe.title).font(.headline)
                Text("\(recipe.minutes) min · serves \(recipe.servings)")
                    .font(.subheadline)
                    .foregroundColor(.secondary)
            }
            Spacer()
            if recipe.isFavorite {
                Image(systemName: "heart.fill").foregroundColor(Color("Paprika"))
            }
        }
        .padding(.vertical, 4)
    }
}

struct RecipeRow_Previews: PreviewProvider {
    static var previews: some View {
        RecipeRow(recipe: RecipeStore().recipes[0])
            .padding()
            .previewLayout(.sizeThatFits)
    }
}
