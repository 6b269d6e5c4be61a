import Foundation
import FrostImage
import FrostUI

/// The program `frost preview` builds around a user's files: it renders every preview they
/// declare to a PNG and reports each on standard output, one JSON object per line, so that the
/// driver can tell which preview was being rendered if the process dies and go on with the
/// next. The main file `frost preview` generates lists the files' previews as ``Entry`` values
/// and calls ``main(_:)``.
///
/// Arguments: `--out DIR` (required), `--device NAME` (`PreviewDevice` names; default iPhone
/// 13), `--appearance light|dark|both`, `--scale S` (in (0, 16]; default the device's),
/// `--layout-direction ltr|rtl` (rtl: every preview laid out right to left),
/// `--skip N` (start at job N: the driver's restart after a crash), `--exclude i,j` (entries
/// whose previews crashed while being listed), `--events PATH` (the report goes to this file
/// instead of standard output, so a preview that prints cannot be mistaken for progress).
public enum PreviewHost {
    /// A `PreviewProvider` or a `#Preview` block, where it was declared.
    public struct Entry {
        /// The provider's type name or the block's name (nil for an unnamed block).
        public var title: String?
        /// The source file's name and the declaration's line.
        public var file: String
        public var line: Int
        let isProvider: Bool
        let items: @MainActor () -> [PreviewItem]

        /// A type's `previews`, split into one preview per member.
        public init<P: PreviewProvider>(provider: P.Type, file: String, line: Int) {
            title = String(describing: provider); self.file = file; self.line = line; isProvider = true
            items = { PreviewItem.items(of: P.previews) }
        }
        /// A `#Preview` block; `title` is its name when the source spells it as a literal (so
        /// that a block whose body crashes is still reported by name).
        public init(preview: @escaping @MainActor () -> Preview, title: String? = nil, file: String, line: Int) {
            self.title = title; self.file = file; self.line = line; isProvider = false
            items = { preview().items }
        }

        /// How the entry is reported before its previews are known.
        public var displayName: String {
            title ?? "\(URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent)-\(line)"
        }
    }

    /// How the previews are rendered.
    public struct Options: Sendable {
        public var outDirectory: URL
        public var device: DevicePreset = .iPhone13
        public var appearances: [ColorScheme] = [.light]
        /// Pixels per point (nil: the device's).
        public var scale: CGFloat?
        /// Every preview laid out right to left (`\.layoutDirection`), as an Arabic or Hebrew
        /// localisation shows it.
        public var rightToLeft = false
        public init(outDirectory: URL) { self.outDirectory = outDirectory }
    }

    /// One image to render: an entry's item in an appearance, and the file it goes to.
    public struct Job {
        public var index: Int
        public var name: String
        public var fileName: String
        public var source: String
        public var scheme: ColorScheme
        public var item: PreviewItem
    }

    /// The jobs `entries` make, in order, with unique file names: a preview's name (its display
    /// name, the block's name, or the provider's type name numbered by member; an unnamed
    /// block is `<file>-<line>`), plus `.light` / `.dark` when both are rendered.
    @MainActor public static func jobs(
        _ entries: [Entry], options: Options, excluding excluded: Set<Int> = [],
        listing: (Int, Entry) -> Void = { _, _ in }
    ) -> [Job] {
        var jobs: [Job] = [], used: Set<String> = []
        for (k, entry) in entries.enumerated() where !excluded.contains(k) {
            // Evaluating the previews runs the user's code: the host says which entry first.
            listing(k, entry)
            let items = entry.items()
            let base = URL(fileURLWithPath: entry.file).deletingPathExtension().lastPathComponent
            for (i, item) in items.enumerated() {
                var name = item.settings.name ?? entry.title ?? "\(base)-\(entry.line)"
                if item.settings.name == nil, entry.isProvider, items.count > 1 { name += " \(i + 1)" }
                let schemes = item.settings.colorScheme.map { [$0] } ?? options.appearances
                for scheme in schemes {
                    var file = fileSafe(name)
                    if options.appearances.count > 1 || item.settings.colorScheme != nil && options.appearances != [scheme] {
                        file += scheme == .dark ? ".dark" : ".light"
                    }
                    var unique = file, n = 2
                    while used.contains(unique.lowercased()) { unique = "\(file)-\(n)"; n += 1 }
                    used.insert(unique.lowercased())
                    jobs.append(
                        Job(
                            index: jobs.count, name: name, fileName: unique + ".png",
                            source: "\(entry.file):\(entry.line)", scheme: scheme, item: item))
                }
            }
        }
        return jobs
    }

    /// A file name of letters, digits, `-`, `_` and `.` (others become `-`).
    static func fileSafe(_ name: String) -> String {
        var mapped = String(name.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == "." ? $0 : "-" })
        while mapped.contains("--") { mapped = mapped.replacingOccurrences(of: "--", with: "-") }
        let trimmed = mapped.trimmingCharacters(in: CharacterSet(charactersIn: "-."))
        return trimmed.isEmpty ? "Preview" : String(trimmed.prefix(120))
    }

    /// Renders `item` as Xcode's canvas shows it: on the device's screen with its safe area
    /// (rotated for landscape), at the view's ideal size, or in a fixed container.
    public static func render(_ item: PreviewItem, scheme: ColorScheme, options: Options) throws -> FrostImage.Image {
        var device = item.settings.device?.preset ?? options.device
        if item.settings.orientation?.isLandscape == true {
            let i = device.safeAreaInsets
            device.size = CGSize(width: device.size.height, height: device.size.width)
            device.safeAreaInsets = EdgeInsets(top: 0, leading: i.top, bottom: min(i.bottom, 21), trailing: i.top)
        }
        let scale = options.scale ?? device.scale
        var screen = HostScreen(device, colorScheme: scheme)
        screen.scale = scale
        var item = item
        if options.rightToLeft { item.view = AnyView(item.view.environment(\.layoutDirection, .rightToLeft)) }
        return try HostScreen.with(screen) { try renderOnScreen(item, device: device, scale: scale, scheme: scheme) }
    }

    private static func renderOnScreen(_ item: PreviewItem, device: DevicePreset, scale: CGFloat, scheme: ColorScheme) throws -> FrostImage.Image {
        switch item.settings.layout ?? .device {
        case .device:
            let host = try ViewHost(item.view, size: device.size, scale: scale, colorScheme: scheme)
            host.safeAreaInsets = device.safeAreaInsets
            return try host.snapshot()
        case .sizeThatFits:
            // Xcode's `.sizeThatFits`: the container fits the preview when offered the device's
            // size (so a GeometryReader or a flexible frame takes the screen's width, not 10 pt).
            let renderer = ImageRenderer(content: item.view)
            renderer.proposedSize = ProposedViewSize(device.size)
            renderer.scale = scale
            renderer.colorScheme = scheme
            renderer.isOpaque = true  // the canvas draws the system background behind the view
            return try renderer.render()
        case let .fixed(width, height):
            return try ViewHost(item.view, size: CGSize(width: width, height: height), scale: scale, colorScheme: scheme).snapshot()
        }
    }

    /// Parses the arguments, renders every job from `--skip` on, and exits: 0 when every job
    /// rendered, 1 when one failed (each reported), 2 for bad arguments.
    @MainActor public static func main(_ entries: [Entry]) -> Never {
        var args = Array(CommandLine.arguments.dropFirst())
        var options: Options?
        var skip = 0, excluded: Set<Int> = [], device = PreviewDevice.iPhone13, appearances: [ColorScheme] = [.light], scale: CGFloat?
        var rightToLeft = false
        func value() -> String? { args.isEmpty ? nil : args.removeFirst() }
        while let flag = args.first {
            args.removeFirst()
            switch flag {
            case "--out": options = value().map { Options(outDirectory: URL(fileURLWithPath: $0, isDirectory: true)) }
            case "--device": device = PreviewDevice(rawValue: value() ?? "")
            case "--appearance":
                switch value() {
                case "dark": appearances = [.dark]
                case "both": appearances = [.light, .dark]
                default: appearances = [.light]
                }
            case "--scale": scale = value().flatMap(Double.init).map { CGFloat($0) }
            case "--layout-direction": rightToLeft = value() == "rtl"
            case "--skip": skip = value().flatMap(Int.init) ?? 0
            case "--exclude": excluded = Set((value() ?? "").split(separator: ",").compactMap { Int($0) })
            case "--events":
                guard let path = value(), FileManager.default.createFile(atPath: path, contents: nil), let handle = FileHandle(forWritingAtPath: path)
                else { fail("--events needs a file it can write") }
                events = handle
            default: fail("unknown argument \(flag)")
            }
        }
        guard var options else { fail("--out DIR is required") }
        options.device = device.preset
        options.appearances = appearances
        options.scale = scale
        options.rightToLeft = rightToLeft
        try? FileManager.default.createDirectory(at: options.outDirectory, withIntermediateDirectories: true)
        // Views built while listing (a `#Preview` body, `previews`) see the device's screen
        // through UIScreen and UIDevice, as on the simulator.
        let all = HostScreen.with(HostScreen(options.device)) {
            jobs(entries, options: options, excluding: excluded) { k, entry in
                report(["listing": .int(k), "name": .text(entry.displayName), "source": .text("\(entry.file):\(entry.line)")])
            }
        }
        report(["jobs": .int(all.count)])
        var failed = false
        for job in all where job.index >= skip {
            report(["start": .int(job.index), "name": .text(job.name), "source": .text(job.source)])
            let start = DispatchTime.now()
            do {
                let image = try render(job.item, scheme: job.scheme, options: options)
                let url = options.outDirectory.appendingPathComponent(job.fileName)
                try ImageFile.write(image, to: url.path)
                let ms = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e6
                report([
                    "done": .int(job.index), "name": .text(job.name), "file": .text(job.fileName), "source": .text(job.source),
                    "scheme": .text(job.scheme == .dark ? "dark" : "light"), "width": .int(image.width), "height": .int(image.height),
                    "ms": .int(Int(ms.rounded())),
                ])
            } catch {
                failed = true
                report([
                    "failed": .int(job.index), "name": .text(job.name), "source": .text(job.source),
                    "message": .text(String(describing: error)),
                ])
            }
        }
        exit(failed ? 1 : 0)
    }

    enum Field { case int(Int), text(String) }

    /// One JSON object on its own line, flushed at once (the driver reads it as it comes).
    static func report(_ fields: KeyValuePairs<String, Field>) {
        var object: [String: Any] = [:]
        for (key, value) in fields {
            switch value {
            case .int(let i): object[key] = i
            case .text(let t): object[key] = t
            }
        }
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data("{}".utf8)
        (events ?? FileHandle.standardOutput).write(data + Data([10]))
    }

    /// Where ``report(_:)`` writes (nil: standard output).
    nonisolated(unsafe) static var events: FileHandle?

    static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("frost preview host: \(message)\n".utf8))
        exit(2)
    }
}

extension PreviewDevice {
    static let iPhone13: PreviewDevice = "iPhone 13"
}
