import Foundation

/// File formats Frost reads and writes, chosen by extension.
public enum ImageFormat: String, Sendable, CaseIterable {
    case png, jpeg
    /// Raw straight-alpha RGBA8, row-major, no header or padding; needs an explicit size.
    case rgba

    /// The format named by a path's extension (case-insensitive), or nil.
    public init?(path: String) {
        switch URL(fileURLWithPath: path).pathExtension.lowercased() {
        case "png": self = .png
        case "jpg", "jpeg": self = .jpeg
        case "rgba", "raw": self = .rgba
        default: return nil
        }
    }

    static let extensionsText = ".png, .jpg/.jpeg or .rgba"
}

/// Reading and writing image files by path.
public enum ImageFile {
    /// Reads an image. PNG and JPEG are recognised by content (a JPEG named .png still reads);
    /// `.rgba` files need `rawSize` and must hold exactly `width * height * 4` bytes.
    /// `threads` (nil: every core) bounds the PNG reader's threads; the pixels do not depend on it.
    public static func read(_ path: String, rawSize: (width: Int, height: Int)? = nil, threads: Int? = nil) throws(ImageError) -> Image {
        let format = ImageFormat(path: path)
        if format == .rgba {
            guard let rawSize else {
                throw .invalidArgument("\(path): raw .rgba files need their size (e.g. --size 640x480)")
            }
            try Image.validate(width: rawSize.width, height: rawSize.height)
            let bytes = try FileIO.read(path)
            let expected = rawSize.width * rawSize.height * 4
            guard bytes.count == expected else {
                throw .corrupt(
                    path: path, format: "RGBA8",
                    reason: "holds \(bytes.count) bytes but \(rawSize.width)x\(rawSize.height) needs \(expected)")
            }
            return try Image(width: rawSize.width, height: rawSize.height, straightRGBA: bytes)
        }
        let bytes = try FileIO.read(path)
        if bytes.isEmpty { throw .corrupt(path: path, format: format?.rawValue.uppercased() ?? "image", reason: "file is empty") }
        if PNGCodec.matches(bytes) { return try PNGCodec.decode(bytes, name: path, threads: threads) }
        if JPEGCodec.matches(bytes) { return try JPEGCodec.decode(bytes, name: path).0 }
        if let format {
            throw .corrupt(path: path, format: format.rawValue.uppercased(), reason: "the content is not \(format == .png ? "PNG" : "JPEG") data")
        }
        throw .unsupportedFormat(path: path, reason: "not a PNG or JPEG file (Frost reads \(ImageFormat.extensionsText))")
    }

    /// Encodes an image in the format its path names. `threads` (nil: every core) bounds the
    /// PNG writer's workers; the bytes do not depend on it.
    public static func encode(
        _ image: Image, for path: String, jpeg: JPEGCodec.Options = .init(),
        png: PNGCodec.Options = .init(), threads: Int? = nil
    ) throws(ImageError) -> [UInt8] {
        guard let format = ImageFormat(path: path) else {
            throw .unsupportedFormat(path: path, reason: "unknown output extension (use \(ImageFormat.extensionsText))")
        }
        switch format {
        case .png: return try PNGCodec.encode(image, options: png, threads: threads)
        case .jpeg: return try JPEGCodec.encode(image, options: jpeg)
        case .rgba: return image.straightRGBA()
        }
    }

    /// Encodes and writes atomically (temporary file + rename): on failure nothing is left behind.
    public static func write(
        _ image: Image, to path: String, jpeg: JPEGCodec.Options = .init(),
        png: PNGCodec.Options = .init(), threads: Int? = nil
    ) throws(ImageError) {
        let bytes = try encode(image, for: path, jpeg: jpeg, png: png, threads: threads)
        try FileIO.writeAtomically(bytes, to: path)
    }
}
