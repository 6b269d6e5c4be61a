import SwiftUI
import UIKit

/// A radar map: UIKit's map view wrapped for SwiftUI (a placeholder where there is no MapKit).
struct RadarMapView: UIViewRepresentable {
    var zoom: Double

    func makeCoordinator() -> Coordinator { Coordinator() }

    func makeUIView(context: Context) -> UIView {
        let view = UIView()
        view.backgroundColor = .systemTeal
        return view
    }

    func updateUIView(_ uiView: UIView, context: Context) {
        uiView.alpha = 0.9
    }

    final class Coordinator: NSObject {
        var lastZoom = 0.0
    }
}

struct MapCard: View {
    var body: some View {
        VStack(alignment: .leading) {
            Label("PRECIPITATION", systemImage: "umbrella.fill").font(.caption.weight(.semibold)).foregroundStyle(.secondary)
            RadarMapView(zoom: 8)
                .frame(height: 220)
                .clipShape(RoundedRectangle(cornerRadius: 12))
        }
        .padding()
    }
}

#Preview(traits: .sizeThatFitsLayout) {
    MapCard()
}
