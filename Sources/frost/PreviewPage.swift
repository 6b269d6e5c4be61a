import Foundation

/// `frost preview`'s contact page: every preview with its name, source line, size and render
/// time, failures with their message, or the compiler's errors; in watch mode it asks the
/// server for the page's version twice a second and reloads when it changes.
enum PreviewPage {
    static func html(outcome: PreviewSession.Outcome, inputs: [URL], version: Int, live: Bool) -> String {
        func esc(_ s: String) -> String {
            s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
                .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
        }
        var cards = ""
        for r in outcome.results {
            if let error = r.error {
                cards +=
                    "<figure class=\"failed\"><div class=\"error\">\(esc(error))</div><figcaption><b>\(esc(r.name))</b><br>\(esc(r.source))</figcaption></figure>\n"
            } else if let file = r.file {
                cards +=
                    "<figure class=\"\(r.scheme)\"><a href=\"\(esc(file))\"><img src=\"\(esc(file))?v=\(version)\" alt=\"\(esc(r.name))\"></a>"
                    + "<figcaption><b>\(esc(r.name))</b> · \(r.scheme)<br>\(esc(r.source)) · \(r.width)×\(r.height) px · \(r.ms) ms</figcaption></figure>\n"
            }
        }
        let status: String
        if !outcome.compiled && !outcome.compilerOutput.isEmpty {
            status = "<pre class=\"compiler\">\(esc(outcome.compilerOutput))</pre>"
        } else if outcome.results.isEmpty {
            status = "<p>Building…</p>"
        } else {
            status = String(format: "<p>Built in %.1f s, rendered in %.1f s.</p>", outcome.buildSeconds, outcome.renderSeconds)
        }
        let script =
            live
            ? """
            <script>
            let seen = \(version);
            setInterval(async () => {
              try {
                const v = parseInt(await (await fetch('/version', {cache: 'no-store'})).text());
                if (v !== seen) location.reload();
              } catch (e) {}
            }, 500);
            </script>
            """ : ""
        return """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8"><title>Previews — \(esc(inputs.map(\.lastPathComponent).joined(separator: ", ")))</title>
            <style>
            body { font: 14px -apple-system, system-ui, sans-serif; margin: 24px; background: #f2f2f7; color: #1c1c1e; }
            h1 { font-size: 20px; margin: 0 0 4px; }
            .grid { display: flex; flex-wrap: wrap; gap: 24px; align-items: flex-start; }
            figure { margin: 0; background: #fff; border-radius: 12px; padding: 12px; box-shadow: 0 1px 3px rgba(0,0,0,.12); }
            figure.dark { background: #1c1c1e; color: #f2f2f7; }
            img { display: block; max-width: 320px; max-height: 640px; border-radius: 6px; }
            figcaption { margin-top: 8px; font-size: 12px; line-height: 1.5; }
            .failed { border: 2px solid #ff3b30; max-width: 320px; }
            .error, pre.compiler { color: #ff3b30; white-space: pre-wrap; font: 12px ui-monospace, monospace; }
            pre.compiler { background: #fff; padding: 12px; border-radius: 8px; }
            </style></head>
            <body>
            <h1>Previews of \(esc(inputs.map(\.lastPathComponent).joined(separator: ", ")))</h1>
            \(status)
            <div class="grid">
            \(cards)</div>
            \(script)
            </body></html>

            """
    }
}
