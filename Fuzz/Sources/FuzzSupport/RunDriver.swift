/// libFuzzer's driver, for harnesses that keep their own entry point: SwiftPM links each
/// executable's entry as `<Target>_main` (so executables can be tested), which leaves libFuzzer's
/// `main` unused; the harness's `@_cdecl("<Target>_main")` calls this instead.
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(_ argc: UnsafeMutablePointer<Int32>,
                         _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
                         _ callback: @convention(c) (UnsafePointer<UInt8>, Int) -> Int32) -> Int32

/// Runs libFuzzer with the process's arguments and `callback` as `LLVMFuzzerTestOneInput`.
public func runFuzzer(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
                      _ callback: @convention(c) (UnsafePointer<UInt8>, Int) -> Int32) -> Int32 {
    var count = argc
    var vector = argv
    return LLVMFuzzerRunDriver(&count, &vector, callback)
}
