import Foundation

enum Condition: String, CaseIterable {
    case sunny, cloudy, rain, storm, snow
    var symbol: String {
        switch self {
        case .sunny: "sun.max.fill"
        case .cloudy: "cloud.fill"
        case .rain: "cloud.rain.fill"
        case .storm: "cloud.bolt.fill"
        case .snow: "snowflake"
        }
    }
}

struct HourForecast: Identifiable {
    let id: Int
    let hour: String
    let temperature: Int
    let condition: Condition
}

struct DayForecast: Identifiable {
    let id: Int
    let day: String
    let low: Int
    let high: Int
    let condition: Condition
}

enum Forecasts {
    static let hours = (0..<8).map { HourForecast(id: $0, hour: $0 == 0 ? "Now" : "\(($0 + 8) % 12 == 0 ? 12 : ($0 + 8) % 12)\($0 + 8 < 12 ? "AM" : "PM")", temperature: 14 + $0, condition: $0 < 3 ? .cloudy : .sunny) }
    static let days = [
        DayForecast(id: 0, day: "Today", low: 11, high: 21, condition: .sunny),
        DayForecast(id: 1, day: "Sun", low: 12, high: 19, condition: .cloudy),
        DayForecast(id: 2, day: "Mon", low: 9, high: 15, condition: .rain),
        DayForecast(id: 3, day: "Tue", low: 8, high: 13, condition: .storm),
        DayForecast(id: 4, day: "Wed", low: 7, high: 16, condition: .sunny),
    ]
}
