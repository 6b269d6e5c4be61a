import Foundation
import FrostImage

enum Fixture {
    static func path(_ name: String) -> String {
        Bundle.module.url(forResource: "Fixtures/" + name, withExtension: nil)!.path
    }
    static func bytes(_ name: String) throws -> [UInt8] { try FileIO.read(path(name)) }

    /// The straight RGBA the fixtures encode at (x, y) (see make_fixtures.py).
    static func expected(_ x: Int, _ y: Int) -> (Int, Int, Int, Int) {
        (18 * x + 7, 30 * y + 11, (x * y * 5) % 256, 255 - 9 * x)
    }

    static func tempDir() -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("frost-tests-\(UUID().uuidString)").path
        try! FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }
}
