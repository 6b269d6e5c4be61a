import Frost
import FuzzSupport

/// PNG decoding of arbitrary bytes: must end in an image or an ImageError, never a trap, a hang
/// or unbounded memory.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Array(UnsafeBufferPointer(start: data, count: size))
    if let image = try? PNGCodec.decode(bytes) {
        precondition(image.pixels.count == image.width * image.height * 4)
        _ = try? PNGCodec.encode(image)
    }
    return 0
}

@_cdecl("FuzzPNG_main")
public func entry(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runFuzzer(argc, argv, fuzz)
}
