import Foundation

struct Account: Identifiable, Hashable {
    let id: String
    let name: String
    let balance: Decimal
    let symbol: String
}

struct Transaction: Identifiable {
    let id: Int
    let merchant: String
    let category: String
    let amount: Double
    let symbol: String
}

enum Sample {
    static let accounts = [
        Account(id: "chk", name: "Checking", balance: 2_481.32, symbol: "creditcard.fill"),
        Account(id: "sav", name: "Savings", balance: 12_904.10, symbol: "banknote.fill"),
        Account(id: "inv", name: "Brokerage", balance: 38_215.77, symbol: "chart.line.uptrend.xyaxis"),
    ]
    static let transactions = [
        Transaction(id: 1, merchant: "Blue Bottle", category: "Coffee", amount: -5.75, symbol: "cup.and.saucer.fill"),
        Transaction(id: 2, merchant: "Payroll", category: "Income", amount: 3_200, symbol: "arrow.down.circle.fill"),
        Transaction(id: 3, merchant: "City Transit", category: "Travel", amount: -2.90, symbol: "tram.fill"),
        Transaction(id: 4, merchant: "Green Grocer", category: "Groceries", amount: -64.18, symbol: "cart.fill"),
        Transaction(id: 5, merchant: "Electric Co.", category: "Bills", amount: -88.40, symbol: "bolt.fill"),
    ]
    static let prices: [Double] = [102, 104, 103, 107, 111, 109, 114, 118, 116, 121, 125, 123, 128]
}

extension Double {
    var currency: String {
        let f = NumberFormatter()
        f.numberStyle = .currency
        f.currencyCode = "USD"
        f.locale = Locale(identifier: "en_US")
        return f.string(from: NSNumber(value: self)) ?? "\(self)"
    }
}
