import SwiftUI

enum Units: String, CaseIterable, Identifiable {
    case metric, imperial
    var id: Self { self }
}

struct RecipeSettingsView: View {
    @AppStorage("units") private var units: Units = .metric
    @AppStorage("showCalories") private var showCalories = true
    @State private var servings = 2.0

    var body: some View {
        Form {
            Section("Measurements") {
                Picker("Units", selection: $units) {
                    ForEach(Units.allCases) { Text($0.rawValue.capitalized).tag($0) }
                }
                Toggle("Show calories", isOn: $showCalories)
            }
            Section("Default servings") {
                Slider(value: $servings, in: 1...8, step: 1)
                Text("\(Int(servings)) people").foregroundColor(.secondary)
            }
        }
    }
}

#Preview {
    RecipeSettingsView()
}
