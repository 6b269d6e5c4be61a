// A card as an app would write it for SwiftUI — only the import is FrostUI's (`import SwiftUI`
// works too: frost preview reads it as FrostUI). Render its previews with
//
//     swift run -c release frost preview Examples/Card.swift
//
// and open frost-previews/index.html; add --watch to see every edit within seconds.
import FrostUI

struct TripCard: View {
    var city: String
    var dates: String
    var nights: Int
    @State private var isSaved = false

    var body: some View {
        VStack(alignment: .leading, spacing: 12) {
            HStack(alignment: .firstTextBaseline) {
                VStack(alignment: .leading, spacing: 4) {
                    Text(city).font(.title2.bold())
                    Label(dates, systemImage: "calendar")
                        .font(.subheadline)
                        .foregroundStyle(.secondary)
                }
                Spacer()
                Button {
                    isSaved.toggle()
                } label: {
                    Image(systemName: isSaved ? "heart.fill" : "heart")
                }
                .tint(.pink)
            }
            HStack {
                Text("\(nights) nights")
                    .font(.caption.weight(.semibold))
                    .padding(.horizontal, 10)
                    .padding(.vertical, 4)
                    .background(.blue.opacity(0.15), in: Capsule())
                    .foregroundStyle(.blue)
                Spacer()
                Text("Details").font(.callout).foregroundStyle(.blue)
            }
        }
        .padding()
        .background(.regularMaterial, in: RoundedRectangle(cornerRadius: 20, style: .continuous))
        .padding()
    }
}

#Preview("Trip card") {
    ZStack {
        LinearGradient(colors: [.orange, .pink, .purple], startPoint: .topLeading, endPoint: .bottomTrailing)
            .ignoresSafeArea()
        TripCard(city: "Lisbon", dates: "12–18 May", nights: 6)
    }
}

#Preview("Card only", traits: .sizeThatFitsLayout) {
    TripCard(city: "Kyoto", dates: "3–10 April", nights: 7)
}
