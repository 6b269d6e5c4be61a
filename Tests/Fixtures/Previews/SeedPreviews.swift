// The seed examples as previews: `frost preview ../shared/seed-examples/*.swift
// Tests/Fixtures/Previews/SeedPreviews.swift` (CI renders them).
import SwiftUI

#Preview("Content card") {
    ContentCard()
}

#Preview("Content card, cross-fade") {
    ContentCardCrossfade()
}

#Preview("My view", traits: .sizeThatFitsLayout) {
    MyView().padding()
}

struct Transitions_Previews: PreviewProvider {
    static var previews: some View {
        SpecifyingTransitions()
            .preferredColorScheme(.dark)
            .previewDisplayName("Specifying transitions")
    }
}
