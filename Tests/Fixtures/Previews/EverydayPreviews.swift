// The everyday-views examples as previews, with their source file:
// `frost preview Sources/FrostExamples/EverydayExamples.swift Tests/Fixtures/Previews/EverydayPreviews.swift`.
import FrostUI

struct Everyday_Previews: PreviewProvider {
    static var previews: some View {
        Group {
            SettingsExample().previewDisplayName("Settings")
            SettingsExample().previewDisplayName("Settings, dark").preferredColorScheme(.dark)
            InboxExample().previewDisplayName("Inbox").previewDevice("iPhone SE (3rd generation)")
        }
    }
}

#Preview("Counter") {
    @Previewable @State var count = 3
    Stepper("Count: \(count)", value: $count)
        .padding()
}
