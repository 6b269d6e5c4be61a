import Frost
import FuzzSupport

/// SwiftUI animation expressions: parse, and when accepted, sample the curve (values must be
/// finite) and check the error message stays on one line when rejected.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    do {
        let animation = try Animation.parse(text)
        for t in [0, 0.1, 0.5, 1, 10] {
            precondition(animation.value(at: t).isFinite, "non-finite value for \(text) at \(t)")
        }
    } catch {
        precondition(!error.description.contains("\n"), "multi-line error for \(text.debugDescription)")
    }
    return 0
}

@_cdecl("FuzzAnimation_main")
public func entry(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runFuzzer(argc, argv, fuzz)
}
