import SwiftUI

struct City: Identifiable {
    let id: String
    let temperature: Int
    let condition: Condition
}

struct CityListView: View {
    @Namespace private var animation
    @State private var cities = [
        City(id: "Lisbon", temperature: 21, condition: .sunny), City(id: "Oslo", temperature: 4, condition: .snow),
        City(id: "Mumbai", temperature: 31, condition: .storm), City(id: "Seattle", temperature: 12, condition: .rain),
    ]

    var body: some View {
        NavigationStack {
            ScrollView {
                VStack(spacing: 12) {
                    ForEach(cities) { city in
                        HStack {
                            VStack(alignment: .leading) {
                                Text(city.id).font(.title2.bold())
                                Text(city.condition.rawValue.capitalized)
                            }
                            Spacer()
                            Image("Sun")
                            Text("\(city.temperature)°").font(.system(size: 44, weight: .light))
                        }
                        .foregroundStyle(.white)
                        .padding()
                        .background(Color("SkyTop").gradient, in: RoundedRectangle(cornerRadius: 18))
                        .matchedGeometryEffect(id: city.id, in: animation)
                        .rotation3DEffect(.degrees(0), axis: (x: 1, y: 0, z: 0))
                    }
                }
                .padding()
            }
            .navigationTitle("Weather")
        }
    }
}

#Preview {
    CityListView()
}
