import Frost
import FuzzSupport

/// JPEG decoding of arbitrary bytes after an SOI marker.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes: [UInt8] = [0xFF, 0xD8, 0xFF] + Array(UnsafeBufferPointer(start: data, count: size))
    if let (image, _) = try? JPEGCodec.decode(bytes) {
        precondition(image.pixels.count == image.width * image.height * 4 && image.isOpaque)
    }
    return 0
}

@_cdecl("FuzzJPEG_main")
public func entry(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runFuzzer(argc, argv, fuzz)
}
