import CFrostData

// The SF Symbol names FrostUI draws, each mapped to its look-alike in Bootstrap Icons: the table
// is data, `Sources/CFrostData/symbol-names.txt` (one "sf.name bootstrap-name" per line),
// compiled into the binary so an installed program needs no file beside it, and read once here.

extension SymbolLibrary {
    /// SF Symbol name → Bootstrap icon file name (without ".svg").
    static let lookAlikes: [String: String] = {
        let bytes = UnsafeBufferPointer(start: frost_data_symbol_names(), count: frost_data_symbol_names_size())
        var table: [String: String] = [:]
        for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") where !line.hasPrefix("#") {
            let fields = line.split(separator: " ")
            guard fields.count == 2 else { continue }
            table[String(fields[0])] = String(fields[1])
        }
        return table
    }()
}
