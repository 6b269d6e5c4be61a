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
