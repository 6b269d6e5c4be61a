import Foundation
import FrostServe
import Hummingbird

// `frost-serve [--host 127.0.0.1] [--port 8080] [limits…]`: Frost's HTTP API and playground.
// Stops gracefully on SIGINT or SIGTERM: requests in flight get --grace-seconds to finish and
// live WebSockets a close frame, then the process exits 0 whatever is left.

let options: ServeOptions
do { options = try ServeOptions.parse(Array(CommandLine.arguments.dropFirst())) } catch {
    FileHandle.standardError.write(Data("frost-serve: error: \(error.description)\n\(ServeOptions.usage)\n".utf8))
    exit(2)
}
if options.help {
    print(ServeOptions.usage)
    exit(0)
}
let host = options.host
let app = ServeApp.application(api: FrostAPI(limits: options.limits), host: options.host, port: options.port) { bound in
    FileHandle.standardOutput.write(Data("frost-serve: listening on http://\(host):\(bound)/ (Ctrl-C stops)\n".utf8))
}
// Hummingbird's graceful shutdown waits for every connection; a client slowly sending a body or
// never answering a close frame would hold it open. The same signals start a deadline.
let grace = options.limits.graceSeconds
var deadlines: [any DispatchSourceSignal] = []
for number in [SIGTERM, SIGINT] {
    let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
    source.setEventHandler {
        DispatchQueue.global().asyncAfter(deadline: .now() + .seconds(grace)) {
            FileHandle.standardError.write(Data("frost-serve: connections still open \(grace) s after the signal; exiting\n".utf8))
            exit(0)
        }
    }
    source.resume()
    deadlines.append(source)
}
do {
    try await app.runService()
} catch {
    FileHandle.standardError.write(Data("frost-serve: error: \(error)\n".utf8))
    exit(1)
}
