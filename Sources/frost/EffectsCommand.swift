import ArgumentParser
import Foundation
import FrostEffects
import FrostImage

/// `frost effects`: Apple's UIImage+ImageEffects presets over a whole image.
struct EffectsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "effects",
        abstract: "Apply UIImage+ImageEffects (blur, saturation, tint, mask) as Apple's sample does.",
        discussion: """
            Presets: light, extraLight, dark, or tint=#RRGGBB. --radius and --saturation override the \
            preset's values; --mask limits the blur to the mask (same size as the image): its alpha, or its luminance when it is opaque (white shows the blur), as CGContextClipToMask reads it.

            Examples:
              frost effects photo.jpg -o light.png --preset light
              frost effects photo.jpg -o tinted.png --preset tint=#2060FF --radius 12 --mask mask.png
            """)

    @Argument(help: "Input image.") var input: String
    @Option(name: .shortAndLong, help: "Output file.") var output: String
    @Option(help: "light, extraLight, dark or tint=#RRGGBB.") var preset: String
    @Option(help: "Blur radius in points (overrides the preset).") var radius: Double?
    @Option(help: "Saturation delta factor (overrides the preset).") var saturation: Double?
    @Option(help: "Mask image: the blur shows where its alpha is, or where it is white when it is opaque (a grayscale mask).") var mask: String?
    @OptionGroup var display: DisplayScaleOption<Scale1>
    var scale: Double { display.scale }
    @Flag(help: "Allow the output to replace the input.") var overwrite = false

    func run() throws {
        var effects: ImageEffects
        switch preset {
        case "light": effects = .light
        case "extraLight": effects = .extraLight
        case "dark": effects = .dark
        case let p where p.hasPrefix("tint="): effects = .tint(try Color(hex: String(p.dropFirst(5))))
        default: throw CLIError("--preset must be light, extraLight, dark or tint=#RRGGBB, got '\(preset)'")
        }
        if let radius { effects.radius = radius }
        if let saturation { effects.saturation = saturation }
        try effects.validate()
        try CLI.refuseOverwrite(output, inputs: [input] + (mask.map { [$0] } ?? []), overwrite: overwrite)
        let image = try ImageFile.read(input)
        let maskImage = try mask.map { try ImageFile.read($0) }
        try ImageFile.write(try effects.apply(to: image, mask: maskImage, scale: scale), to: output)
    }
}
