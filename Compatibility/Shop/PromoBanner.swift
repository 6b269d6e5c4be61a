import SwiftUI

struct PromoBanner: View {
    var body: some View {
        HStack {
            VStack(alignment: .leading, spacing: 6) {
                Text("Autumn sale").font(.caption.weight(.bold)).textCase(.uppercase).opacity(0.8)
                Text("Up to 30% off home goods").font(.title3.bold())
                Text("Ends Sunday").font(.footnote)
            }
            Spacer()
            Image(systemName: "tag.fill").font(.system(size: 44)).rotationEffect(.degrees(-20))
        }
        .foregroundColor(.white)
        .padding(20)
        .background(
            LinearGradient(gradient: Gradient(colors: [Color(red: 0.93, green: 0.36, blue: 0.24), Color(red: 0.85, green: 0.18, blue: 0.45)]),
                           startPoint: .leading, endPoint: .trailing)
        )
        .cornerRadius(20)
        .padding(.horizontal)
    }
}

#Preview(traits: .sizeThatFitsLayout) {
    PromoBanner().padding(.vertical)
}
