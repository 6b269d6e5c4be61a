import SwiftUI
#if os(iOS)
import UIKit
#endif

struct WeatherHome: View {
    var body: some View {
        ZStack {
            LinearGradient(colors: [Color("SkyTop"), Color("SkyBottom")], startPoint: .top, endPoint: .bottom)
                .ignoresSafeArea()
            ScrollView {
                VStack(spacing: 20) {
                    CurrentConditions()
                        .padding(.top, 40)
                    HourlyStrip()
                    DailyList()
                }
                .padding()
            }
        }
        #if os(iOS)
        .statusBarHidden(false)
        .onAppear { UIApplication.shared.isIdleTimerDisabled = false }
        #endif
    }
}

#Preview {
    WeatherHome()
}

#Preview("Dark") {
    WeatherHome().preferredColorScheme(.dark)
}
