import SwiftUI
import UIKit

struct BalanceCard: View {
    var total: Double = 53_601.19
    var change: Double = 1.84

    var body: some View {
        VStack(alignment: .leading, spacing: 10) {
            Text("Total balance").font(.subheadline).foregroundColor(.white.opacity(0.8))
            Text(total.currency).font(.system(size: 34, weight: .bold, design: .rounded)).foregroundColor(.white)
            HStack(spacing: 4) {
                Image(systemName: change >= 0 ? "arrow.up.right" : "arrow.down.right")
                Text(String(format: "%.2f%% this month", change))
            }
            .font(.footnote.weight(.semibold))
            .padding(.horizontal, 10).padding(.vertical, 5)
            .background(Capsule().fill(Color.white.opacity(0.2)))
            .foregroundColor(.white)
        }
        .frame(width: UIScreen.main.bounds.width - 32, alignment: .leading)
        .padding(20)
        .background(
            RoundedRectangle(cornerRadius: 24, style: .continuous)
                .fill(LinearGradient(colors: [Color("BrandGreen"), Color(uiColor: UIColor(hex: "#0E6B4F"))], startPoint: .topLeading, endPoint: .bottomTrailing))
        )
    }
}

#Preview(traits: .sizeThatFitsLayout) {
    BalanceCard().padding()
}
