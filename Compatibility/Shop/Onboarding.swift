import SwiftUI

struct OnboardingPage: Identifiable {
    let id: Int
    let symbol: String
    let title: String
    let text: String
}

struct OnboardingView: View {
    @State private var page = 0
    let pages = [
        OnboardingPage(id: 0, symbol: "sparkles", title: "Find things you love", text: "Hand-picked goods from independent makers."),
        OnboardingPage(id: 1, symbol: "shippingbox.fill", title: "Free delivery", text: "On orders over $50, every day."),
        OnboardingPage(id: 2, symbol: "arrow.uturn.left.circle.fill", title: "Easy returns", text: "30 days, no questions asked."),
    ]

    var body: some View {
        VStack {
            TabView(selection: $page) {
                ForEach(pages) { p in
                    VStack(spacing: 20) {
                        Image(systemName: p.symbol).font(.system(size: 80)).foregroundStyle(.tint)
                        Text(p.title).font(.title.bold())
                        Text(p.text).multilineTextAlignment(.center).foregroundStyle(.secondary).padding(.horizontal, 40)
                    }
                    .tag(p.id)
                }
            }
            .tabViewStyle(.page)
            .indexViewStyle(.page(backgroundDisplayMode: .always))
            Button(page == pages.count - 1 ? "Get Started" : "Next") { page = min(page + 1, pages.count - 1) }
                .buttonStyle(.borderedProminent)
                .controlSize(.large)
                .padding(.bottom, 40)
        }
    }
}

#Preview {
    OnboardingView()
}
