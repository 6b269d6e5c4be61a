import Foundation

/// Built-in images, so every command and test has something real to work on.
public enum SampleImages {
    /// NASA's portrait of astronaut Eileen Collins (public domain; the copy scikit-image ships),
    /// 512 × 512, opaque sRGB.
    public static func astronaut() throws(ImageError) -> Image {
        guard let url = Bundle.module.url(forResource: "astronaut", withExtension: "png") else {
            throw .unreadable(path: "astronaut.png", reason: "the built-in sample is missing from the package resources")
        }
        return try PNGCodec.decode(try FileIO.read(url.path), name: url.path)
    }
}
