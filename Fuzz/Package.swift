// swift-tools-version:6.1
// libFuzzer harnesses for Frost's parsers and decoders. Not part of the main package (they need
// sanitizer flags no dependent should inherit); build and run them with ./run.sh.
import Foundation
import PackageDescription

/// SwiftPM names a path dependency after its folder, which is whatever the checkout is called.
let frost = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().lastPathComponent

let harnesses = ["FuzzPNG", "FuzzJPEG", "FuzzAnimation", "FuzzNames", "FuzzText"]
/// Harnesses of frost-serve's API (they build Hummingbird too).
let serveHarnesses = ["FuzzServe"]

let package = Package(
    name: "FrostFuzz",
    dependencies: [.package(path: "..")],
    targets: [.target(name: "FuzzSupport")]
        + harnesses.map { name in
            .executableTarget(name: name, dependencies: ["FuzzSupport", .product(name: "Frost", package: frost)])
        }
        + serveHarnesses.map { name in
            .executableTarget(name: name, dependencies: ["FuzzSupport", .product(name: "FrostServe", package: frost), .product(name: "Frost", package: frost)])
        },
    swiftLanguageModes: [.v6]
)
