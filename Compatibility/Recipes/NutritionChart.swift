import SwiftUI

struct Macro: Identifiable {
    let id: String
    let grams: Double
    let color: Color
}

/// Macros as a ring drawn with Path arcs.
struct NutritionRing: View {
    let macros = [Macro(id: "Protein", grams: 24, color: .blue), Macro(id: "Carbs", grams: 40, color: .orange), Macro(id: "Fat", grams: 18, color: .pink)]

    var body: some View {
        HStack(spacing: 24) {
            GeometryReader { geo in
                let total = macros.reduce(0) { $0 + $1.grams }
                let center = CGPoint(x: geo.size.width / 2, y: geo.size.height / 2)
                ZStack {
                    ForEach(macros.indices, id: \.self) { i in
                        let start = macros[..<i].reduce(0) { $0 + $1.grams } / total
                        let end = start + macros[i].grams / total
                        Path { p in
                            p.addArc(center: center, radius: 40, startAngle: .degrees(start * 360 - 90), endAngle: .degrees(end * 360 - 90), clockwise: false)
                        }
                        .stroke(macros[i].color, style: StrokeStyle(lineWidth: 14, lineCap: .butt))
                    }
                }
            }
            .frame(width: 100, height: 100)
            VStack(alignment: .leading, spacing: 6) {
                ForEach(macros) { m in
                    Label("\(m.id) \(Int(m.grams)) g", systemImage: "circle.fill")
                        .foregroundColor(m.color)
                        .font(.subheadline)
                }
            }
        }
        .padding()
    }
}

#Preview(traits: .sizeThatFitsLayout) {
    NutritionRing()
}
