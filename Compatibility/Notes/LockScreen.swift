import SwiftUI

struct LockScreen: View {
    @State private var code = ""
    @State private var shake = false

    var body: some View {
        VStack(spacing: 28) {
            Image(systemName: "lock.fill").font(.system(size: 44)).foregroundStyle(.orange)
            Text("Enter Passcode").font(.title3.weight(.semibold))
            HStack(spacing: 18) {
                ForEach(0..<4) { i in
                    Circle()
                        .strokeBorder(Color.primary, lineWidth: 1.5)
                        .background(Circle().fill(i < code.count ? Color.primary : Color.clear))
                        .frame(width: 14, height: 14)
                }
            }
            .offset(x: shake ? -8 : 0)
            LazyVGrid(columns: Array(repeating: GridItem(.fixed(78), spacing: 24), count: 3), spacing: 18) {
                ForEach(1...9, id: \.self) { n in key("\(n)") }
                Color.clear.frame(width: 78, height: 78)
                key("0")
                Button { if !code.isEmpty { code.removeLast() } } label: { Image(systemName: "delete.left").font(.title2) }
                    .frame(width: 78, height: 78)
                    .foregroundStyle(.primary)
            }
        }
        .onAppear { code = "12" }
    }

    func key(_ digit: String) -> some View {
        Button { if code.count < 4 { code += digit } } label: {
            Text(digit).font(.system(size: 32)).frame(width: 78, height: 78)
                .background(Circle().fill(Color(.secondarySystemFill)))
        }
        .buttonStyle(.plain)
    }
}

#Preview {
    LockScreen()
}
