import Testing
@testable import FrostMotion
import FrostTestSupport

@Suite("Reading SwiftUI animation expressions", .hangLimit)
struct AnimationParsingTests {
    @Test("the issue's examples read as the animations they name")
    func examples() throws {
        let cases: [(String, Animation)] = [
            (".spring(duration: 0.5, bounce: 0.3)", try .spring(duration: 0.5, bounce: 0.3)),
            (".smooth", .smooth),
            (".snappy(duration: 0.4, extraBounce: 0.1)", try .snappy(duration: 0.4, extraBounce: 0.1)),
            (".easeInOut(duration: 0.35).delay(0.1)", try Animation.easeInOut(duration: 0.35).delay(0.1)),
            (".interpolatingSpring(mass: 1, stiffness: 100, damping: 10)", try .interpolatingSpring(mass: 1, stiffness: 100, damping: 10)),
            (".timingCurve(0.25, 0.1, 0.25, 1, duration: 0.35)", try .timingCurve(0.25, 0.1, 0.25, 1, duration: 0.35)),
            (".linear.repeatCount(3, autoreverses: true)", try Animation.linear.repeatCount(3, autoreverses: true)),
            (".spring(response: 0.3, dampingFraction: 0.6)", try .spring(response: 0.3, dampingFraction: 0.6)),
            (" .bouncy . speed(2) .repeatForever ", try Animation.bouncy.speed(2).repeatForever()),
            (".easeIn.repeatForever(autoreverses: false)", Animation.easeIn.repeatForever(autoreverses: false)),
            (
                ".interpolatingSpring(duration: 0.4, bounce: 0.2, initialVelocity: -3)",
                try .interpolatingSpring(duration: 0.4, bounce: 0.2, initialVelocity: -3)
            ),
            (".default", .default), (".spring()", try .spring(Spring(duration: 0.5, bounce: 0))),
        ]
        for (text, expected) in cases {
            #expect(try Animation.parse(text) == expected, "\(text)")
        }
    }

    @Test("errors point at the offending token and list what is accepted")
    func errors() {
        let cases: [(String, Int, String)] = [
            (".sprng(duration: 0.5)", 2, "unknown animation 'sprng'"),
            (".spring(duration: 0.5, bonce: 0.3)", 24, "unknown argument label 'bonce:'"),
            (".smooth(0.3)", 9, "needs a label"),
            ("smooth", 1, "starts with '.'"),
            (".smooth.delay(x)", 15, "expected a number"),
            (".smooth.dela(1)", 9, "unknown modifier"),
            (".timingCurve", 2, "needs arguments"),
            (".easeIn(duration: 1e999)", 19, "not a number"),
            (".smooth(duration: 0.5", 22, "expected ',' or ')'"),
            (".spring(duration: -1)", 2, "duration must be in"),
            (".linear.repeatCount(2.5)", 9, "whole number"),
        ]
        for (text, column, fragment) in cases {
            do {
                _ = try Animation.parse(text)
                Issue.record("'\(text)' was accepted")
            } catch {
                #expect(error.description.contains("column \(column):"), "\(text): \(error)")
                #expect(error.description.contains(fragment), "\(text): \(error)")
                #expect(error.description.contains("accepted:"), "\(text)")
            }
        }
    }
}
