// Previews that fail in three ways beside one that works: frost preview reports each failure
// by name and still renders the rest (CI checks it).
import FrostUI

#Preview("Works", traits: .sizeThatFitsLayout) {
    Text("Still rendered").padding()
}

#Preview("Too long") {
    // Over FrostUI's text limit: a typed error, reported.
    Text(String(repeating: "a", count: 2_000_000))
}

#Preview("Crashes") {
    Text(crash())
}

#Preview("Also works", traits: .fixedLayout(width: 200, height: 80)) {
    Label("After the crash", systemImage: "checkmark.circle")
}

func crash() -> String { fatalError("this preview crashes on purpose") }
