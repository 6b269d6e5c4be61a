import Testing
import FrostImage
import FrostTestSupport

/// One display-scale rule for every layer (issue 42: the (0, 16] check was copied at 7 sites).
@Suite("Display scale", .hangLimit)
struct DisplayScaleTests {
    @Test(
        "(0, 16]: above zero, at most 16, finite",
        arguments: [
            (0.0, false), (-1, false), (.ulpOfOne, true), (1, true), (3, true), (16, true), (16.000_001, false),
            (.infinity, false), (.nan, false), (-.infinity, false),
        ])
    func range(scale: Double, valid: Bool) {
        #expect(DisplayScale.isValid(scale) == valid, "\(scale)")
        let checked = (try? DisplayScale.check(scale)) != nil
        #expect(checked == valid, "\(scale)")
    }

    @Test("an invalid scale's error names the parameter, the value and the range")
    func message() {
        #expect(throws: ImageError.parameterOutOfRange(name: "--scale", value: "17.0", expected: "within (0, 16]")) {
            try DisplayScale.check(17, name: "--scale")
        }
    }
}
