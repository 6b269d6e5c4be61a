import Foundation
import FrostRaster
import Testing

/// What draws the system font in this run: the goldens of text were recorded with Inter (the
/// README's `fonts-inter`), so without it their widths and line breaks differ by design.
public enum TestFonts {
    /// Inter draws the system font: installed, and not put aside with `FROST_SYSTEM_FONT=dejavu`.
    public static let interDraws =
        FrostRaster.Font.installedPath("Inter-Regular.otf") != nil
        && ProcessInfo.processInfo.environment["FROST_SYSTEM_FONT"]?.lowercased() != "dejavu"
}

extension Trait where Self == ConditionTrait {
    /// For tests whose references were drawn with Inter: skipped, with the reason, where Inter
    /// does not draw (a machine without `fonts-inter`), instead of failing on every glyph width.
    /// CI installs Inter, so there they always run.
    public static var needsInter: Self {
        .enabled(if: TestFonts.interDraws, "its references were drawn with Inter: install fonts-inter (the README's system packages) to run it")
    }
}
