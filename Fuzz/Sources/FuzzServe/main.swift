import Frost
import FrostServe
import FuzzSupport

/// frost-serve's routes (issue 49): the input is a route byte, a query string up to the first
/// NUL, and a body after it. Every call answers or throws a problem (4xx, or 503 past the
/// small memory budget), never traps, and gives back every byte it held.
let api: FrostAPI = {
    var limits = ServeLimits()
    limits.memoryBytes = 8 << 20
    limits.maxPixels = 256 * 256
    return FrostAPI(limits: limits)
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let route = bytes.first else { return 0 }
    let rest = bytes.dropFirst()
    let split = rest.firstIndex(of: 0) ?? rest.endIndex
    var query: [String: String] = [:]
    for pair in String(decoding: rest[..<split], as: UTF8.self).split(separator: "&") {
        let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        query[String(parts[0])] = parts.count > 1 ? String(parts[1]) : ""
    }
    let body = Array(rest[split...].dropFirst())
    let hold = api.budget.hold()
    do {
        try MemoryBudget.$current.withValue(hold) {
            switch route % 5 {
            case 0: _ = try api.blur(query: query, body: body)
            case 1: _ = try api.material(query: query, body: body)
            case 2: _ = try api.legibility(query: query, body: body)
            case 3: _ = try api.stages(query: query, body: body)
            default: _ = try api.transition(body: body)
            }
        }
    } catch let problem as Problem {
        precondition((400..<500).contains(problem.status) || problem.status == 503, "\(problem.status): \(problem.detail)")
    } catch {
        preconditionFailure("not a problem: \(error)")
    }
    hold.release()
    precondition(api.budget.inUse == 0, "bytes left held")
    return 0
}

@_cdecl("FuzzServe_main")
public func entry(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runFuzzer(argc, argv, fuzz)
}
