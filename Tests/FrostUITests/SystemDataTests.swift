import Foundation
import Testing
import FrostRaster
@testable import FrostUI
import FrostTestSupport

/// SystemData: which of the README's system packages are installed, and the fallbacks counted.
@Suite("System data", .hangLimit)
struct SystemDataTests {
    @Test func emptyFoldersMissEveryPackageInTheREADMEsOrder() {
        let missing = SystemData.missing(fontFolders: ["/nonexistent/fonts"], symbolFolders: [])
        #expect(
            missing.map(\.debian) == ["fonts-dejavu-core", "fonts-inter", "fonts-noto-core", "fonts-noto-cjk", "fonts-noto-color-emoji", "bootstrap-icons"])
        #expect(missing == SystemData.all)
    }

    @Test func eachPackageIsFoundByItsOwnFileOnly() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("frost-systemdata-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        FileManager.default.createFile(atPath: dir + "/Inter-Regular.otf", contents: Data([0]))
        #expect(
            SystemData.missing(fontFolders: [dir], symbolFolders: [dir]) == [
                SystemData.dejaVu, SystemData.noto, SystemData.notoCJK, SystemData.notoColorEmoji, SystemData.bootstrapIcons,
            ])
        FileManager.default.createFile(atPath: dir + "/DejaVuSans.ttf", contents: Data([0]))
        FileManager.default.createFile(atPath: dir + "/heart-fill.svg", contents: Data([0]))
        FileManager.default.createFile(atPath: dir + "/NotoSansArabic-Regular.ttf", contents: Data([0]))
        FileManager.default.createFile(atPath: dir + "/NotoSansCJK-Regular.ttc", contents: Data([0]))
        FileManager.default.createFile(atPath: dir + "/NotoColorEmoji.ttf", contents: Data([0]))
        #expect(SystemData.missing(fontFolders: [dir], symbolFolders: [dir]).isEmpty)
    }

    @Test func theDefaultCheckAgreesWithTheFilesOnThisMachine() {
        let missing = SystemData.missing()
        #expect(missing.contains(SystemData.inter) == (FrostRaster.Font.installedPath("Inter-Regular.otf") == nil))
        #expect(missing.contains(SystemData.dejaVu) == (FrostRaster.Font.installedPath("DejaVuSans.ttf") == nil))
        #expect(missing.contains(SystemData.noto) == (FrostRaster.Font.installedPath("NotoSansArabic-Regular.ttf") == nil))
        #expect(missing.contains(SystemData.notoColorEmoji) == (FrostRaster.FontCascade.system.emojiFont() == nil))
        #expect(missing.contains(SystemData.bootstrapIcons) == (SymbolLibrary.shared.iconFolder == nil))
    }

    @Test func aSymbolDrawnWithoutTheIconSetIsCounted() {
        let before = SystemData.fallbackCount(SystemData.bootstrapIcons)
        let empty = SymbolLibrary(searchPaths: ["/nonexistent/frost-symbols"])
        _ = empty.resolve("heart.fill")
        _ = empty.resolve("star.fill")
        // Other tests may count too (the count is process-wide): at least these two.
        #expect(SystemData.fallbackCount(SystemData.bootstrapIcons) >= before + 2)
    }

    @Test func choosingDejaVuOnPurposeIsNotAFallback() throws {
        let host = try ViewHost(
            Text("Hello"), size: CGSize(width: 100, height: 40),
            systemFont: SystemFontFiles(regular: try #require(FrostRaster.Font.installedPath("DejaVuSans.ttf"))))
        #expect(!host.fonts.interMissing)
    }
}
