import SwiftUI

struct RatingStars: View {
    let rating: Double
    var max = 5

    var body: some View {
        HStack(spacing: 2) {
            ForEach(0..<max, id: \.self) { i in
                Image(systemName: Double(i) + 1 <= rating ? "star.fill" : (Double(i) + 0.5 <= rating ? "star.leadinghalf.filled" : "star"))
                    .foregroundColor(.yellow)
            }
            Text(String(format: "%.1f", rating)).font(.caption).foregroundColor(.secondary)
        }
        .font(.caption)
    }
}

#Preview(traits: .sizeThatFitsLayout) {
    VStack(alignment: .leading) {
        RatingStars(rating: 4.6)
        RatingStars(rating: 2.5)
    }
    .padding()
}
