import Testing
import Foundation
@testable import frost
import FrostTestSupport

/// `frost preview`'s reading of a Swift file: previews found, `#Preview` rewritten with every
/// line kept, comments and strings left alone; and its bad input.
@Suite("frost preview: scanning and rewriting", .hangLimit)
struct PreviewSourceTests {
    func scan(_ text: String) throws -> PreviewSource { try PreviewSource(path: "/p/Card.swift", text: text, prefix: "f0") }

    @Test("#Preview blocks and PreviewProvider types are found with their lines; lines keep their numbers")
    func finds() throws {
        let text = """
            import SwiftUI

            struct Card: View { var body: some View { Text("x") } }

            #Preview("Named", traits: .sizeThatFitsLayout) {
                Card()
            }

            #Preview
            {
                Card().padding()
            }

            struct Card_Previews: PreviewProvider {
                static var previews: some View { Card() }
            }
            extension Other: SomeProtocol, PreviewProvider {}
            """
        let s = try scan(text)
        #expect(
            s.declarations == [
                .block(function: "__frostPreview_f0_0", line: 5, name: "Named"), .block(function: "__frostPreview_f0_1", line: 9),
                .provider(name: "Card_Previews", line: 14), .provider(name: "Other", line: 17),
            ])
        let lines = s.rewritten.components(separatedBy: "\n")
        // Every line keeps its number (so the compiler's messages point at the user's lines);
        // `import FrostUI` is added after the last, for the generated functions' names.
        try #require(lines.count == text.components(separatedBy: "\n").count + 2)
        #expect(lines[0] == "import SwiftUI", "the import stays as written (Frost's SwiftUI module)")
        #expect(lines[lines.count - 2] == "import FrostUI")
        #expect(lines[4].hasPrefix("@MainActor func __frostPreview_f0_0() -> FrostUI.Preview { FrostUI.Preview(\"Named\", traits: .sizeThatFitsLayout) {"))
        #expect(lines[5] == "    Card()" && lines[10] == "    Card().padding()" && lines[13].hasPrefix("struct Card_Previews"))
    }

    @Test("comments, strings, raw and multi-line strings and interpolations hide #Preview and braces")
    func lexing() throws {
        let text = #"""
            // #Preview { not this }
            /* #Preview { nor /* nested */ this } */
            let a = "#Preview { a string } \(f("}")) \" #Preview"
            let b = #"raw #Preview "quoted" \(x) }"#
            let c = """
                #Preview { multi }
                """
            #Preview { Text("}") /* } */ }
            """#
        let s = try scan(text)
        #expect(s.declarations == [.block(function: "__frostPreview_f0_0", line: 8)])
        #expect(s.rewritten.contains(#"FrostUI.Preview() { Text("}") /* } */ } }"#))
    }

    @Test("@Previewable state becomes a wrapper view's state, its body the rest of the block")
    func previewable() throws {
        let text = """
            #Preview {
                @Previewable @State var count = 0
                @Previewable @State var items = [
                    1, 2,
                ]
                Stepper("\\(count)", value: $count)
            }
            """
        let s = try scan(text)
        let lines = s.rewritten.components(separatedBy: "\n")
        try #require(lines.count == 7 + 2)
        #expect(lines[0].contains("FrostUI.Preview() { __frostPreview_f0_0_View() } }; struct __frostPreview_f0_0_View: FrostUI.View {"))
        #expect(lines[1].contains("@State var count = 0") && !lines[1].contains("@Previewable"))
        #expect(lines[4].hasSuffix("]; var body: some FrostUI.View {"))
        #expect(lines[5].contains("Stepper"))
        #expect(lines[6] == "} }")
    }

    @Test("a #Preview without a body or with unclosed arguments is an error naming the file and line")
    func problems() throws {
        #expect(throws: PreviewSource.Problem.self) { try scan("let x = 1\n#Preview(\"a\"") }
        do { _ = try scan("\n\n#Preview(\"a\")\nlet y = 2") } catch let p as PreviewSource.Problem {
            #expect(p.description == "/p/Card.swift:3: error: #Preview needs a { … } body (frost preview reads the block form)")
        }
        // Words that merely contain the keywords are left alone.
        let s = try scan("struct MyPreviewProvider {}\nlet importSwiftUI = 1\n#PreviewX")
        #expect(s.declarations.isEmpty && s.rewritten.contains("importSwiftUI"))
    }

    @Test("bad input: a missing file, a non-Swift file, a file without previews, an unknown device — one line, exit 1, before any build")
    func badInput() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("frost-preview-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try "struct A {}\n".write(toFile: dir + "/NoPreviews.swift", atomically: true, encoding: .utf8)
        try "x".write(toFile: dir + "/notes.txt", atomically: true, encoding: .utf8)
        for (args, mention) in [
            (["preview", "Missing.swift"], "no such file"), (["preview", "notes.txt"], "not a .swift file"),
            (["preview", "NoPreviews.swift"], "no previews in NoPreviews.swift"),
            (["preview", "NoPreviews.swift", "--device", "pager"], "unknown device"),
            (["preview", "NoPreviews.swift", "--appearance", "sepia"], "--appearance"),
            (["preview", "NoPreviews.swift", "--layout-direction", "sideways"], "--layout-direction must be ltr or rtl"),
            (["preview"], "give the Swift files"),
        ] {
            let r = try FrostRunner.run(args, in: dir, environment: ["XDG_CACHE_HOME": dir + "/cache"])
            #expect(r.status != 0 && r.stderr.contains(mention) && r.stderr.split(separator: "\n").count == 1, "\(args): \(r.stderr)")
        }
        let page = (try? String(contentsOfFile: dir + "/frost-previews/index.html", encoding: .utf8)) ?? ""
        #expect(page.isEmpty || page.contains("no previews"))
    }

    @Test("the build log keeps the compiler's messages and drops the package manager's progress and dependency notes")
    func buildLog() {
        let log = """
            Updated https://github.com/apple/swift-log (0.01s)
            Computed https://github.com/apple/swift-nio.git at 2.101.3 (0.37s)
            warning: 'swift-distributed-tracing': found 1 file(s) which are unhandled; explicitly declare them as resources or exclude from the target
                /root/.cache/frost/x/.build/checkouts/swift-distributed-tracing/Sources/Tracing/CMakeLists.txt
            Building for production...
            [3/9] Compiling FrostPreviews 00-Card.swift
            /p/Card.swift:5:14: error: cannot convert value of type 'Int' to expected argument type 'LocalizedStringKey'
             5 |         Text(42)
               |              `- error: cannot convert value of type 'Int'
            error: 'frostpreviews': invalid manifest
            """
        #expect(
            PreviewSession.diagnostics(log) == """
                /p/Card.swift:5:14: error: cannot convert value of type 'Int' to expected argument type 'LocalizedStringKey'
                 5 |         Text(42)
                   |              `- error: cannot convert value of type 'Int'
                error: 'frostpreviews': invalid manifest
                """)
    }

    @Test("#if os(iOS) and targetEnvironment(simulator) read as an iOS simulator build, other systems false, columns kept; strings untouched")
    func platformConditions() throws {
        let text = """
            import SwiftUI
            #if os(iOS)
            let a = 1
            #elseif os(macOS) || os(Linux)
            let a = 2
            #endif
            #if !os( watchOS ) && targetEnvironment(simulator)
            let b = "os(iOS)"
            #endif
            """
        let lines = try scan(text).rewritten.components(separatedBy: "\n")
        #expect(lines[1] == "#if true   ")
        #expect(lines[3] == "#elseif false     || false    ")
        #expect(lines[6] == "#if !false" + String(repeating: " ", count: 8) + " && true" + String(repeating: " ", count: 24))
        #expect(lines[7] == "let b = \"os(iOS)\"", "code only: a string keeps its text")
        for (old, new) in zip(text.components(separatedBy: "\n"), lines) { #expect(old.count == new.count) }
    }

    @Test("Asset names become Xcode 15's symbols: camel case, a trailing Color or Image dropped, keywords escaped")
    func assetSymbols() {
        #expect(PreviewAssets.symbol("AccentColor", dropping: "Color") == "accent")
        #expect(PreviewAssets.symbol("brand-primary", dropping: "Color") == "brandPrimary")
        #expect(PreviewAssets.symbol("BGColor", dropping: "Color") == "bg")
        #expect(PreviewAssets.symbol("Logo", dropping: "Image") == "logo")
        #expect(PreviewAssets.symbol("Icons/Star", dropping: "Image") == "iconsStar")
        #expect(PreviewAssets.symbol("3D", dropping: "Image") == "_3D")
        #expect(PreviewAssets.symbol("default", dropping: "Color") == "`default`")
        #expect(PreviewAssets.symbol("Color", dropping: "Color") == "color")
    }
}
