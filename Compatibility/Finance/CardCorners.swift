import SwiftUI
import UIKit

/// A shape with only some corners rounded, the UIKit way.
struct RoundedCorner: Shape {
    var radius: CGFloat = .infinity
    var corners: UIRectCorner = .allCorners

    func path(in rect: CGRect) -> Path {
        let path = UIBezierPath(roundedRect: rect, byRoundingCorners: corners, cornerRadii: CGSize(width: radius, height: radius))
        return Path(path.cgPath)
    }
}

extension View {
    func cornerRadius(_ radius: CGFloat, corners: UIRectCorner) -> some View {
        clipShape(RoundedCorner(radius: radius, corners: corners))
    }
}

struct VirtualCard: View {
    var body: some View {
        ZStack(alignment: .bottomLeading) {
            Color.black
            VStack(alignment: .leading, spacing: 6) {
                Image(systemName: "wave.3.right").foregroundColor(.white)
                Spacer()
                Text("•••• 4821").font(.title3.monospaced()).foregroundColor(.white)
                Text("VIRTUAL").font(.caption2.bold()).foregroundColor(.gray)
            }
            .padding()
        }
        .frame(width: 320, height: 190)
        .cornerRadius(24, corners: [.topLeft, .bottomRight])
        .padding()
    }
}

#Preview(traits: .sizeThatFitsLayout) {
    VirtualCard()
}
