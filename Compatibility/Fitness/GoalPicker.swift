import SwiftUI

struct GoalPicker: View {
    @State private var goal = 600
    @State private var sport: Sport = .run
    @State private var reminders = true
    @State private var start = Date(timeIntervalSince1970: 1_767_254_400)

    var body: some View {
        NavigationStack {
            Form {
                Section {
                    Stepper("Move goal: \(goal) kcal", value: $goal, in: 200...1500, step: 50)
                    Picker("Favourite sport", selection: $sport) {
                        ForEach(Sport.allCases) { Text($0.rawValue).tag($0) }
                    }
                } header: {
                    Text("Goals")
                } footer: {
                    Text("Goals reset every Monday.")
                }
                Section("Reminders") {
                    Toggle("Daily reminder", isOn: $reminders)
                    DatePicker("Time", selection: $start, displayedComponents: .hourAndMinute)
                }
            }
            .navigationTitle("Goals")
            .navigationBarTitleDisplayMode(.inline)
        }
    }
}

#Preview {
    GoalPicker()
}
