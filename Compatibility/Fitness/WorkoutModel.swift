import Foundation
import Observation

enum Sport: String, CaseIterable, Identifiable {
    case run = "Run", ride = "Ride", swim = "Swim", yoga = "Yoga"
    var id: String { rawValue }
    var symbol: String {
        switch self {
        case .run: return "figure.run"
        case .ride: return "bicycle"
        case .swim: return "drop.fill"
        case .yoga: return "leaf.fill"
        }
    }
}

struct Workout: Identifiable {
    let id: Int
    let sport: Sport
    let minutes: Int
    let calories: Int
    let day: String
}

/// An iOS 17 model: @Observable, with the Observation import only.
@Observable
final class ActivityModel {
    var workouts: [Workout] = [
        Workout(id: 1, sport: .run, minutes: 32, calories: 310, day: "Mon"),
        Workout(id: 2, sport: .ride, minutes: 58, calories: 520, day: "Tue"),
        Workout(id: 3, sport: .swim, minutes: 25, calories: 240, day: "Thu"),
        Workout(id: 4, sport: .yoga, minutes: 40, calories: 150, day: "Sat"),
    ]
    var moveGoal = 600
    var stepsToday = 7_412

    var caloriesToday: Int { 430 }
    var weeklyMinutes: Int { workouts.reduce(0) { $0 + $1.minutes } }
}
