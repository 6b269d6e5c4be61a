import Frost
import FuzzSupport

let font = try! Font.dejaVuSans()

/// Text layout and rendering of arbitrary UTF-8 at a size and wrap width taken from the input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    guard size >= 2 else { return 0 }
    let bytes = UnsafeBufferPointer(start: data, count: size)
    let pointSize = Double(bytes[0] % 64) + 1, wrap = Int(bytes[1]) * 2 - 10
    let text = String(decoding: bytes.dropFirst(2), as: UTF8.self)
    if let layout = try? TextLayout(text, font: font, pointSize: pointSize, maxWidth: wrap > 0 ? wrap : nil),
       layout.size.width * layout.size.height < 1 << 22 {
        _ = try? layout.mask(subpixelOffset: (Double(bytes[0] % 64) / 64, 0.5))
    }
    return 0
}

@_cdecl("FuzzText_main")
public func entry(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runFuzzer(argc, argv, fuzz)
}
