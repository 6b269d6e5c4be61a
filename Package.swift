// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "Frost",
    products: [
        .library(name: "Frost", targets: ["Frost"]),
        .library(name: "FrostImage", targets: ["FrostImage"]),
        .library(name: "FrostBlur", targets: ["FrostBlur"]),
        .library(name: "FrostMotion", targets: ["FrostMotion"]),
        .library(name: "FrostEffects", targets: ["FrostEffects"]),
        .library(name: "FrostRaster", targets: ["FrostRaster"]),
        .executable(name: "frost", targets: ["frost"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
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
        // Owns libjpeg's setjmp/longjmp so no longjmp ever crosses a Swift frame.
        .target(name: "CJPEGShim", dependencies: ["CJPEG"]),

        .target(
            name: "FrostImage",
            dependencies: ["CPNG", "CJPEGShim"],
            resources: [.copy("Resources/astronaut.png")]),
        .target(name: "FrostBlur", dependencies: ["FrostImage"]),
        // Animation maths with no image dependency, usable by any UI toolkit on its own.
        .target(name: "FrostMotion"),
        // Coverage rasterisation: text through FreeType (shapes join it).
        .target(name: "FrostRaster", dependencies: ["FrostImage", "CFreeType"]),
        // Colour maths, blend modes, ImageEffects and materials on top of the blur engine.
        .target(name: "FrostEffects", dependencies: ["FrostImage", "FrostBlur", "FrostRaster"]),
        .target(name: "Frost", dependencies: ["FrostImage", "FrostBlur", "FrostMotion", "FrostEffects", "FrostRaster"]),
        .executableTarget(
            name: "frost",
            dependencies: [
                "Frost",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),

        .testTarget(name: "FrostImageTests", dependencies: ["FrostImage", "CPNG"], resources: [.copy("Fixtures")]),
        .testTarget(name: "FrostBlurTests", dependencies: ["FrostBlur", "FrostImage"]),
        .testTarget(name: "FrostMotionTests", dependencies: ["FrostMotion"]),
        .testTarget(name: "FrostRasterTests", dependencies: ["FrostRaster", "FrostImage"]),
        .testTarget(name: "FrostEffectsTests", dependencies: ["FrostEffects", "FrostImage", "FrostBlur"]),
        .testTarget(name: "FrostCLITests", dependencies: ["FrostImage", "FrostBlur", "FrostMotion", "FrostEffects", "frost"]),
    ],
    swiftLanguageModes: [.v6]
)
