import CFrostData

/// Built-in images, so every command and test has something real to work on.
///
/// The files are compiled into the binary (the `CFrostData` C target), not shipped as a
/// SwiftPM resource bundle: a bundle is looked up beside the build folder, so a `frost` copied
/// anywhere else (a package, a container image, `~/bin`) could not find it.
public enum SampleImages {
    /// NASA's portrait of astronaut Eileen Collins (public domain; the copy scikit-image ships),
    /// 512 × 512, opaque sRGB.
    public static func astronaut() throws(ImageError) -> Image {
        try PNGCodec.decode(astronautPNG, name: "the built-in sample photo (astronaut.png)")
    }

    /// The sample photo's PNG file as compiled in (791,555 bytes).
    public static var astronautPNG: [UInt8] {
        Array(UnsafeBufferPointer(start: frost_sample_astronaut_png(), count: frost_sample_astronaut_png_size()))
    }
}
