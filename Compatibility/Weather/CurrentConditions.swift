import SwiftUI

struct CurrentConditions: View {
    var city = "Lisbon"
    var temperature = 21
    var condition = Condition.sunny

    var body: some View {
        VStack(spacing: 4) {
            Text(city).font(.system(size: 34))
            Text("\(temperature)°").font(.system(size: 96, weight: .thin))
            Label(condition.rawValue.capitalized, systemImage: condition.symbol)
                .font(.title3.weight(.medium))
                .symbolRenderingMode(.multicolor)
            Text("H:24°  L:15°").font(.title3.weight(.medium))
        }
        .foregroundStyle(.white)
        .shadow(radius: 4)
    }
}

#Preview(traits: .sizeThatFitsLayout) {
    CurrentConditions()
        .padding()
        .background(LinearGradient(colors: [Color("SkyTop"), Color("SkyBottom")], startPoint: .top, endPoint: .bottom))
}
