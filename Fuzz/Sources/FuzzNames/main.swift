import Frost
import FuzzSupport

/// Material, vibrancy and colour names: accepted or one clear line.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    do { _ = try Material(named: text) } catch { precondition(!error.description.contains("\n")) }
    do { _ = try Vibrancy(named: text) } catch { precondition(!error.description.contains("\n")) }
    do {
        let c = try Color(hex: text)
        precondition([c.red, c.green, c.blue, c.opacity].allSatisfy { (0...1).contains($0) })
    } catch { precondition(!error.description.contains("\n")) }
    return 0
}

@_cdecl("FuzzNames_main")
public func entry(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runFuzzer(argc, argv, fuzz)
}
