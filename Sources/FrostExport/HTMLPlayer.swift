import Foundation
import FrostImage

/// A single self-contained HTML page that plays frames with a play/pause button and a scrubber:
/// PNG frames inlined as data URLs, no scripts or styles from elsewhere, so it opens from a
/// file, a CI artefact or an e-mail as it is.
public enum HTMLPlayer {
    /// The most frames a page holds (it inlines every frame).
    public static let maxFrames = 1200

    /// The page for `frames` (each shown for `duration` seconds), drawn at `scale` pixels per
    /// point (the images are shown at their point size, sharp on high-density screens).
    /// - Throws: `ImageError` for no frames or too many, mixed sizes, bad durations or scale.
    public static func render(
        _ frames: [(image: Image, duration: Double)], title: String = "Frost animation",
        scale: Double = 1
    ) throws(ImageError) -> String {
        guard let first = frames.first else { throw .invalidArgument("a player needs at least one frame") }
        guard frames.count <= maxFrames else { throw .parameterOutOfRange(name: "frame count", value: "\(frames.count)", expected: "1...\(maxFrames)") }
        try DisplayScale.check(scale)
        var sources: [String] = [], durations: [String] = []
        for (i, f) in frames.enumerated() {
            guard f.image.width == first.image.width, f.image.height == first.image.height else {
                throw .sizeMismatch(what: "frame \(i)", actual: "\(f.image.width)x\(f.image.height)", expected: "\(first.image.width)x\(first.image.height)")
            }
            guard f.duration.isFinite, f.duration >= 0, f.duration <= 3600 else {
                throw .parameterOutOfRange(name: "frame \(i) duration", value: "\(f.duration)", expected: "0...3600 s")
            }
            sources.append("\"data:image/png;base64,\(Data(try PNGCodec.encode(f.image)).base64EncodedString())\"")
            durations.append(String(format: "%.4f", f.duration))
        }
        let width = Double(first.image.width) / scale, height = Double(first.image.height) / scale
        let safeTitle = title.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
        return """
            <!doctype html>
            <html><head><meta charset="utf-8"><title>\(safeTitle)</title>
            <style>
            body { font: 14px system-ui, sans-serif; background: #1c1c1e; color: #eee; margin: 24px; }
            img { width: \(width)px; height: \(height)px; display: block; image-rendering: auto; background: #333; }
            .bar { display: flex; gap: 12px; align-items: center; margin-top: 12px; width: \(max(width, 280))px; }
            input[type=range] { flex: 1; }
            </style></head>
            <body>
            <h1 style="font-size: 16px">\(safeTitle)</h1>
            <img id="frame" alt="frame">
            <div class="bar"><button id="play">Pause</button><input id="scrub" type="range" min="0" max="\(frames.count - 1)" value="0">
            <span id="time">0.000 s</span></div>
            <script>
            const frames = [\(sources.joined(separator: ",\n"))];
            const durations = [\(durations.joined(separator: ", "))];
            const starts = durations.reduce((a, d) => (a.push(a[a.length - 1] + d), a), [0]);
            const img = document.getElementById("frame"), scrub = document.getElementById("scrub");
            const time = document.getElementById("time"), play = document.getElementById("play");
            let index = 0, playing = true, timer = null;
            function show(i) { index = i; img.src = frames[i]; scrub.value = i; time.textContent = starts[i].toFixed(3) + " s"; }
            function tick() {
              if (!playing) return;
              timer = setTimeout(() => { show((index + 1) % frames.length); tick(); }, Math.max(10, durations[index] * 1000));
            }
            scrub.oninput = () => { playing = false; play.textContent = "Play"; clearTimeout(timer); show(Number(scrub.value)); };
            play.onclick = () => { playing = !playing; play.textContent = playing ? "Pause" : "Play"; clearTimeout(timer); tick(); };
            show(0); tick();
            </script></body></html>
            """
    }

    /// Writes the page atomically.
    public static func write(
        _ frames: [(image: Image, duration: Double)], title: String = "Frost animation",
        scale: Double = 1, to path: String
    ) throws(ImageError) {
        try FileIO.writeAtomically(Array(try render(frames, title: title, scale: scale).utf8), to: path)
    }
}
