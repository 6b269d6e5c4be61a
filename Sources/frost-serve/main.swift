import Foundation
import FrostServe
import Hummingbird

// `frost-serve [--host 127.0.0.1] [--port 8080] [limits…]`: Frost's HTTP API and playground.
// Stops gracefully on SIGINT or SIGTERM (requests in flight finish), exiting 0.

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
do {
    try await app.runService()
} catch {
    FileHandle.standardError.write(Data("frost-serve: error: \(error)\n".utf8))
    exit(1)
}
