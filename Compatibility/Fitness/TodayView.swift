import SwiftUI

struct TodayView: View {
    @State private var model = ActivityModel()

    var body: some View {
        TabView {
            ScrollView {
                VStack(spacing: 16) {
                    ProfileHeader()
                    RingsView()
                    WeeklyChart()
                }
            }
            .tabItem { Label("Today", systemImage: "sun.max.fill") }
            WorkoutList()
                .tabItem { Label("Workouts", systemImage: "figure.run") }
            GoalPicker()
                .tabItem { Label("Goals", systemImage: "target") }
        }
        .environment(model)
    }
}

#Preview {
    TodayView()
}
