import ArgumentParser
import FrostImage

// `--scale` as every command takes it: one option block, checked against FrostImage's one
// display-scale rule, so no two commands disagree on what a scale may be.

/// A command's default display scale. ArgumentParser reads an option's default from its
/// declaration, so each default is a type.
protocol DisplayScaleDefault { static var value: Double { get } }
enum Scale1: DisplayScaleDefault { static var value: Double { 1 } }
enum Scale2: DisplayScaleDefault { static var value: Double { 2 } }
enum Scale3: DisplayScaleDefault { static var value: Double { 3 } }

/// `--scale <pixels per point>`, in `DisplayScale.rangeDescription` ((0, 16]), defaulting to
/// `Default.value`.
struct DisplayScaleOption<Default: DisplayScaleDefault>: ParsableArguments {
    @Option(help: ArgumentHelp("Display scale: pixels per point, in \(DisplayScale.rangeDescription)."))
    var scale: Double = Default.value

    func validate() throws {
        guard DisplayScale.isValid(scale) else {
            throw ValidationError("--scale must be in \(DisplayScale.rangeDescription), got \(scale)")
        }
    }
}
