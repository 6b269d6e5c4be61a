import ArgumentParser
import FrostBlur
import FrostEffects
import FrostImage

extension EdgeMode: ExpressibleByArgument {}
extension BlurQuality: ExpressibleByArgument {}
extension BlurExtent: ExpressibleByArgument {}
extension PNGCodec.Filter: ExpressibleByArgument {}
extension VariableBlur.MaskChannel: ExpressibleByArgument {}

/// Which filter `frost blur` runs.
enum FilterKind: String, CaseIterable, ExpressibleByArgument {
    /// Gaussian of σ (--sigma).
    case gaussian
    /// vImage box / tent of an odd size in pixels (--kernel-size).
    case box, tent
    /// Apple's UIImage+ImageEffects blur: --sigma is the radius in points, times --scale.
    case imageEffects = "image-effects"
}

/// The options that shape a Gaussian blur besides σ and quality, shared by `frost blur` and
/// `frost bench` (one declaration, one help text, one check).
struct BlurShapeOptions: ParsableArguments {
    @Option(help: "Edges: clamp, mirror, wrap or transparent.")
    var edges: EdgeMode = .clamp

    @Option(help: "Output size: same, or expanded by 3σ on each side (transparent edges).")
    var extent: BlurExtent = .same

    @Flag(help: "Blur in linear light instead of the sRGB-encoded values Apple's UI blur uses.")
    var linear = false

    @Option(help: "Blur only this rectangle x,y,w,h (pixels); everything outside stays byte-identical.")
    var region: String?

    /// `--region` parsed (validated by ``validate()``).
    var rect: PixelRect? { region.flatMap(PixelRect.init(parsing:)) }
    var encoding: ColorEncoding { linear ? .linear : .sRGB }

    func validate() throws {
        if let region, PixelRect(parsing: region) == nil {
            throw ValidationError("--region must be x,y,w,h in pixels, got '\(region)'")
        }
    }
}
