/// `frost-serve`'s command line: where to listen and the limits.
public struct ServeOptions: Sendable, Equatable {
    public var host = "127.0.0.1"
    public var port = 8080
    public var limits = ServeLimits()
    public var help = false

    public static let usage = """
        usage: frost-serve [--host 127.0.0.1] [--port 8080] [--max-upload-bytes N] [--max-pixels N]
                           [--max-sigma S] [--max-frames N] [--request-seconds S] [--concurrency N]
                           [--queue N] [--cache N] [--idle-seconds S] [--max-header-bytes N]
                           [--header-seconds S] [--body-seconds S] [--grace-seconds S]
                           [--memory-mb N] [--live-clients N]
        """

    /// A bad command line, worded for a person.
    public struct Failure: Error, CustomStringConvertible { public var description: String }

    public init() {}

    public static func parse(_ arguments: [String]) throws(Failure) -> ServeOptions {
        var o = ServeOptions()
        var args = arguments[...]
        func value(_ flag: String) throws(Failure) -> String {
            guard let v = args.popFirst() else { throw Failure(description: "\(flag) needs a value") }
            return v
        }
        func positive(_ flag: String) throws(Failure) -> Int {
            let text = try value(flag)
            guard let n = Int(text), n > 0 else { throw Failure(description: "\(flag) must be a positive integer, got '\(text)'") }
            return n
        }
        while let flag = args.popFirst() {
            switch flag {
            case "--host": o.host = try value(flag)
            case "--port":
                let text = try value(flag)
                guard let p = Int(text), (0...65535).contains(p) else { throw Failure(description: "--port must be 0…65535, got '\(text)'") }
                o.port = p
            case "--max-upload-bytes": o.limits.maxUploadBytes = try positive(flag)
            case "--max-pixels": o.limits.maxPixels = try positive(flag)
            case "--max-sigma": o.limits.maxSigma = Double(try positive(flag))
            case "--max-frames": o.limits.maxFrames = try positive(flag)
            case "--request-seconds": o.limits.requestSeconds = Double(try positive(flag))
            case "--concurrency": o.limits.concurrency = try positive(flag)
            case "--queue": o.limits.queueDepth = try positive(flag)
            case "--cache": o.limits.cacheEntries = try positive(flag)
            case "--idle-seconds": o.limits.idleSeconds = try positive(flag)
            case "--max-header-bytes": o.limits.maxHeaderBytes = try positive(flag)
            case "--header-seconds": o.limits.headerSeconds = try positive(flag)
            case "--body-seconds": o.limits.bodySeconds = try positive(flag)
            case "--grace-seconds": o.limits.graceSeconds = try positive(flag)
            case "--memory-mb":
                let mb = try positive(flag)
                guard mb <= 1 << 30 else { throw Failure(description: "--memory-mb must be at most \(1 << 30), got \(mb)") }
                o.limits.memoryBytes = mb << 20
            case "--live-clients": o.limits.liveClients = try positive(flag)
            case "-h", "--help": o.help = true
            default: throw Failure(description: "unknown option \(flag)")
            }
        }
        return o
    }
}
