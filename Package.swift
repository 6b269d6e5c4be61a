// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "Frost",
    products: [
        .library(name: "Frost", targets: ["Frost"]),
        .library(name: "FrostGeometry", targets: ["FrostGeometry"]),
        .library(name: "FrostImage", targets: ["FrostImage"]),
        .library(name: "FrostBlur", targets: ["FrostBlur"]),
        .library(name: "FrostMotion", targets: ["FrostMotion"]),
        .library(name: "FrostCanvas", targets: ["FrostCanvas"]),
        .library(name: "FrostEffects", targets: ["FrostEffects"]),
        .library(name: "FrostScene", targets: ["FrostScene"]),
        .library(name: "FrostExport", targets: ["FrostExport"]),
        .library(name: "FrostSnapshotTesting", targets: ["FrostSnapshotTesting"]),
        .library(name: "FrostLayout", targets: ["FrostLayout"]),
        .library(name: "FrostUI", targets: ["FrostUI"]),
        .library(name: "FrostRaster", targets: ["FrostRaster"]),
        .library(name: "FrostPreviewHost", targets: ["FrostPreviewHost"]),
        // frost-serve's API as a library (its routes' work, limits and memory budget), for the
        // fuzz harnesses and for embedding; it builds Hummingbird.
        .library(name: "FrostServe", targets: ["FrostServe"]),
        .executable(name: "frost", targets: ["frost"]),
        // Apple's module names on Linux, for SwiftUI code as written (add them with
        // `condition: .when(platforms: [.linux])`; each is built only by those who use it).
        .library(name: "SwiftUI", targets: ["SwiftUI"]),
        .library(name: "Combine", targets: ["Combine"]),
        .library(name: "UIKit", targets: ["UIKit"]),
        .library(name: "OSLog", targets: ["OSLog"]),
        .library(name: "os", targets: ["os"]),
        // The HTTP API and playground; its own product, so neither the libraries nor `frost` build Hummingbird.
        .executable(name: "frost-serve", targets: ["FrostServeMain"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // FrostUI's diagnostics (a blur bridge held too long) go through swift-log.
        .package(url: "https://github.com/apple/swift-log", from: "1.16.0"),
        // `swift package generate-documentation`: DocC catalogs with each module's design notes.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.4.0"),
        // frost-serve only: HTTP/1.1 and WebSocket server, graceful shutdown (swift-service-lifecycle).
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.0.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", from: "2.0.0"),
        // frost-serve's connection guard works on NIO's buffers and locks (Hummingbird runs on NIO).
        .package(url: "https://github.com/apple/swift-nio", from: "2.0.0"),
        // Snapshot tests run on pointfree's own library; FrostSnapshotTesting adds the image
        // strategies for FrostUI views that upstream has only on Apple's platforms.
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.19.0"),
        // Named only to order the build (see the UIKit target): swift-snapshot-testing resolves it anyway.
        .package(url: "https://github.com/pointfreeco/swift-custom-dump", from: "1.3.0"),
    ],
    targets: [
        // System C libraries, found through pkg-config.
        .systemLibrary(
            name: "CPNG", pkgConfig: "libpng",
            providers: [.apt(["libpng-dev"]), .brew(["libpng"])]),
        .systemLibrary(
            name: "CJPEG", pkgConfig: "libjpeg",
            providers: [.apt(["libjpeg-turbo8-dev", "libjpeg62-turbo-dev"]), .brew(["jpeg-turbo"])]),
        .systemLibrary(
            name: "CFreeType", pkgConfig: "freetype2",
            providers: [.apt(["libfreetype-dev"]), .brew(["freetype"])]),
        // Text shaping (GPOS kerning, GSUB ligatures, complex scripts) and the Unicode
        // bidirectional algorithm, for FrostRaster's text.
        .systemLibrary(
            name: "CHarfBuzz", pkgConfig: "harfbuzz",
            providers: [.apt(["libharfbuzz-dev"]), .brew(["harfbuzz"])]),
        .systemLibrary(
            name: "CFriBidi", pkgConfig: "fribidi",
            providers: [.apt(["libfribidi-dev"]), .brew(["fribidi"])]),
        // zlib (deflate and CRC-32 for the APNG writer): always beside libpng.
        .systemLibrary(name: "CZlib", providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]),
        // Owns libjpeg's setjmp/longjmp so no longjmp ever crosses a Swift frame.
        .target(name: "CJPEGShim", dependencies: ["CJPEG"]),
        // Data compiled into the binary (C23 #embed): the sample photo and the SF Symbol table, so
        // an installed `frost` or `frost-serve` needs no resource bundle beside it.
        .target(name: "CFrostData", exclude: ["astronaut.png", "symbol-names.txt"]),
        // Async-signal-safe removal of temporary files when the process is killed mid-write.
        .target(name: "CFrostSupport"),
        // Compositing inner loops (one row of pixels at a time) for FrostCanvas.
        .target(name: "CFrostKernels"),

        // Points, sizes, rectangles, transforms and colours shared by every layer; no dependencies.
        .target(name: "FrostGeometry"),
        .target(
            name: "FrostImage",
            dependencies: ["FrostGeometry", "CPNG", "CJPEGShim", "CFrostSupport", "CFrostKernels", "CZlib", "CFrostData"]),
        .target(name: "FrostBlur", dependencies: ["FrostImage", "CFrostKernels"]),
        // Combine's publishers, subjects, `ObservableObject` and `@Published`, as SwiftUI apps use them
        // (FrostUI re-exports it as SwiftUI re-exports Combine; the `Combine` product names it for Linux).
        .target(name: "FrostCombine", dependencies: ["FrostGeometry"]),
        // Animation maths with no image dependency, usable by any UI toolkit on its own.
        .target(name: "FrostMotion", dependencies: ["FrostGeometry"]),
        // Coverage rasterisation: text shaped by HarfBuzz, ordered by FriBidi and drawn through
        // FreeType; shapes.
        .target(name: "FrostRaster", dependencies: ["FrostGeometry", "FrostImage", "CFreeType", "CHarfBuzz", "CFriBidi"]),
        // The drawing surface: transform, clip, opacity, fills, images, text, layers with blend
        // modes, blurred layers and shadows.
        .target(name: "FrostCanvas", dependencies: ["FrostImage", "FrostBlur", "FrostRaster", "CFrostKernels"]),
        // Colour maths, ImageEffects, materials and vibrancy on top of the blur engine and the canvas.
        .target(name: "FrostEffects", dependencies: ["FrostGeometry", "FrostImage", "FrostBlur", "FrostRaster", "FrostCanvas", "CFrostKernels"]),
        // SwiftUI's layout (proposal, stacks, frames, padding) on plain nodes, independent of the view DSL.
        .target(name: "FrostLayout", dependencies: ["FrostGeometry"]),
        // The display list (what to draw, a printable value) and its renderer onto a canvas.
        .target(name: "FrostScene", dependencies: ["FrostGeometry", "FrostImage", "FrostBlur", "FrostRaster", "FrostCanvas", "FrostEffects"]),
        // SwiftUI's API on Linux: views, modifiers, state, layout (FrostLayout) and rendering (FrostScene).
        .target(
            name: "FrostUI",
            dependencies: [
                "CFrostData", "FrostCombine", "FrostGeometry", "FrostImage", "FrostMotion", "FrostRaster", "FrostCanvas", "FrostEffects", "FrostLayout",
                "FrostScene",
                .product(name: "Logging", package: "swift-log"),
            ]),
        // Files people look at: animated PNG now; GIF, sequences and filmstrips with animation.
        .target(name: "FrostExport", dependencies: ["FrostGeometry", "FrostImage", "FrostRaster", "FrostCanvas", "CZlib"]),
        // assertSnapshot for FrostUI views, under XCTest and Swift Testing.
        .target(
            name: "FrostSnapshotTesting",
            dependencies: [
                "FrostGeometry", "FrostUI", "FrostImage", "FrostExport",
                .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
                .target(name: "UIKit", condition: .when(platforms: [.linux])),
            ]),
        // The user's seed examples and a showcase, built into `frost render` (Swift 5 mode, as written).
        .target(name: "FrostExamples", dependencies: ["FrostUI"], swiftSettings: [.swiftLanguageMode(.v5)]),
        // Compatibility modules under Apple's names (empty on Apple's platforms): `import SwiftUI`,
        // `import Combine`, `import UIKit` (the part SwiftUI code touches) and `import OSLog`
        // (Logger over swift-log) compile unchanged on Linux.
        .target(name: "SwiftUI", dependencies: ["FrostUI", "UIKit"]),
        .target(name: "Combine", dependencies: ["FrostCombine"]),
        //
        // Build order, not API: a package built after this module finds `UIKit` and `SwiftUI` in the
        // shared module folder, takes its `#if canImport(UIKit)` branch and fails on Frost's C
        // modules, which only Frost's own targets can see. swift-snapshot-testing and
        // swift-custom-dump both branch so; depending on them (on Linux) builds them first.
        .target(
            name: "UIKit",
            dependencies: [
                "FrostUI", "FrostImage", "_Testing_UIKit",
                .product(name: "SnapshotTesting", package: "swift-snapshot-testing", condition: .when(platforms: [.linux])),
                .product(name: "CustomDump", package: "swift-custom-dump", condition: .when(platforms: [.linux])),
            ]),
        // The cross-import overlay Swift Testing names for UIKit, empty (the toolchain ships none on Linux).
        .target(name: "_Testing_UIKit"),
        .target(name: "OSLog", dependencies: [.target(name: "os", condition: .when(platforms: [.linux]))]),
        .target(name: "os", dependencies: [.product(name: "Logging", package: "swift-log")]),
        // The program `frost preview` builds around a user's files: renders their previews to PNGs.
        .target(name: "FrostPreviewHost", dependencies: ["FrostUI", "FrostImage"]),
        // frost-serve: the API's work (FrostAPI, limits, the image cache) and its Hummingbird routes.
        .target(
            name: "FrostServe",
            dependencies: [
                "FrostGeometry", "FrostImage", "FrostBlur", "FrostRaster", "FrostEffects", "FrostUI", "FrostExport", "FrostExamples",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
            ]),
        .executableTarget(
            name: "FrostServeMain", dependencies: ["FrostServe", .product(name: "Hummingbird", package: "hummingbird")],
            path: "Sources/frost-serve"),
        .target(
            name: "Frost",
            dependencies: [
                "FrostGeometry", "FrostImage", "FrostBlur", "FrostMotion", "FrostRaster", "FrostCanvas", "FrostEffects", "FrostScene", "FrostLayout",
            ]),
        .executableTarget(
            name: "frost",
            dependencies: [
                "Frost", "FrostGeometry", "FrostImage", "FrostBlur", "FrostMotion", "FrostRaster", "FrostEffects",
                "FrostUI", "FrostExamples", "FrostExport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]),

        // Helpers shared by the test targets (float64 Gaussian reference, PSNR, seeded random numbers,
        // the suites' shared time limit).
        .target(name: "FrostTestSupport", dependencies: ["FrostImage", "FrostBlur", "FrostRaster"], path: "Tests/Support"),

        // Kills itself with a signal while a temporary file is registered (FileTests checks the cleanup).
        .executableTarget(name: "TempFileSignalProbe", dependencies: ["CFrostSupport"], path: "Tests/Probes/TempFileSignalProbe"),

        .testTarget(name: "FrostGeometryTests", dependencies: ["FrostGeometry", "FrostTestSupport"]),
        .testTarget(
            name: "FrostImageTests", dependencies: ["FrostTestSupport", "FrostImage", "CPNG", "CZlib", "CFrostKernels", "TempFileSignalProbe"],
            resources: [.copy("Fixtures")]),
        .testTarget(name: "FrostBlurTests", dependencies: ["FrostTestSupport", "FrostBlur", "FrostImage", "CFrostKernels"]),
        .testTarget(name: "FrostMotionTests", dependencies: ["FrostTestSupport", "FrostMotion"]),
        .testTarget(name: "FrostRasterTests", dependencies: ["FrostTestSupport", "FrostRaster", "FrostImage", "FrostCanvas", "FrostGeometry"]),
        .testTarget(
            name: "FrostCanvasTests",
            dependencies: [
                "CFrostKernels", "FrostTestSupport", "FrostSnapshotTesting", "FrostCanvas", "FrostBlur", "FrostRaster", "FrostImage", "FrostGeometry",
            ],
            exclude: ["__Snapshots__"]),
        .testTarget(name: "FrostLayoutTests", dependencies: ["FrostLayout", "FrostGeometry", "FrostTestSupport"]),
        .testTarget(name: "FrostExportTests", dependencies: ["FrostExport", "FrostImage", "CZlib", "CPNG", "FrostTestSupport"]),
        .testTarget(
            name: "FrostSnapshotTestingTests",
            dependencies: [
                "FrostSnapshotTesting", "FrostUI", "FrostImage", "FrostExamples", "FrostTestSupport",
                .target(name: "SwiftUI", condition: .when(platforms: [.linux])),
                .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
                .product(name: "InlineSnapshotTesting", package: "swift-snapshot-testing"),
                .product(name: "SnapshotTestingCustomDump", package: "swift-snapshot-testing"),
            ],
            exclude: ["__Snapshots__"]),
        .testTarget(
            name: "FrostUITests",
            dependencies: [
                "FrostTestSupport", "FrostUI", "FrostCombine", "FrostSnapshotTesting", "FrostPreviewHost", "FrostExamples", "FrostScene", "FrostEffects",
                "FrostImage", "FrostBlur", "FrostCanvas", "FrostRaster", "FrostGeometry", "FrostMotion", "CFreeType",
            ],
            exclude: ["__Snapshots__"]),
        .testTarget(
            name: "FrostSceneTests",
            dependencies: [
                "FrostTestSupport", "FrostSnapshotTesting", "FrostScene", "FrostCanvas", "FrostEffects", "FrostRaster", "FrostImage", "FrostGeometry",
            ],
            exclude: ["__Snapshots__"]),
        .testTarget(name: "FrostEffectsTests", dependencies: ["FrostTestSupport", "FrostEffects", "FrostImage", "FrostBlur", "FrostRaster", "CFrostKernels"]),
        .testTarget(
            name: "FrostServeTests",
            dependencies: [
                "FrostServe", "FrostImage", "FrostBlur", "FrostGeometry", "FrostTestSupport",
                .product(name: "Hummingbird", package: "hummingbird"), .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
            ]),
        // App code as written: `import SwiftUI`, `UIKit`, `Combine` and `OSLog` beside each other.
        .testTarget(
            name: "FrostCompatibilityTests",
            dependencies: [
                "FrostTestSupport", "SwiftUI", "UIKit", "Combine", "OSLog", "FrostUI", "FrostCombine", "FrostImage", "FrostScene",
                .product(name: "Logging", package: "swift-log"),
            ]),
        .testTarget(name: "FrostCLITests", dependencies: ["FrostTestSupport", "FrostImage", "FrostBlur", "FrostMotion", "FrostEffects", "FrostUI", "frost"]),
    ],
    swiftLanguageModes: [.v6]
)
