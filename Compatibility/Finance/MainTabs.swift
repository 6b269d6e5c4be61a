import SwiftUI

struct FinanceTabs: View {
    @State private var tab = 0

    var body: some View {
        TabView(selection: $tab) {
            AccountsView()
                .tabItem { Image(systemName: "house.fill"); Text("Home") }
                .tag(0)
            TransactionsView()
                .tabItem { Image(systemName: "list.bullet"); Text("Activity") }
                .tag(1)
            BudgetView()
                .tabItem { Image(systemName: "chart.pie.fill"); Text("Budget") }
                .tag(2)
        }
        .accentColor(Color("BrandGreen"))
    }
}

struct FinanceTabs_Previews: PreviewProvider {
    static var previews: some View {
        Group {
            FinanceTabs()
            FinanceTabs().preferredColorScheme(.dark)
        }
    }
}
