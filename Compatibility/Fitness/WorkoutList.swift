import SwiftUI

struct WorkoutRow: View {
    let workout: Workout
    var body: some View {
        HStack {
            Image(systemName: workout.sport.symbol)
                .font(.title3)
                .frame(width: 40, height: 40)
                .background(Color.green.opacity(0.15), in: Circle())
                .foregroundStyle(.green)
            VStack(alignment: .leading) {
                Text(workout.sport.rawValue).font(.body.weight(.semibold))
                Text("\(workout.minutes) min").font(.footnote).foregroundStyle(.secondary)
            }
            Spacer()
            Text("\(workout.calories) kcal").font(.callout.monospacedDigit())
        }
    }
}

struct WorkoutList: View {
    @State private var model = ActivityModel()

    var body: some View {
        NavigationStack {
            List(model.workouts) { workout in
                WorkoutRow(workout: workout)
            }
            .navigationTitle("Workouts")
            .toolbar {
                ToolbarItem(placement: .topBarTrailing) {
                    Button { } label: { Image(systemName: "plus") }
                }
            }
        }
    }
}

#Preview {
    WorkoutList()
}
