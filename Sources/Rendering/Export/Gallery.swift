import LibC
import TransitionCore

/// `host gallery DIR`: a static site of every effect found, one card each: a preview that
/// plays (the effect's run as a web page, WebPage, looping), its kind, the transitions it
/// declares, its typed parameters, its plugin, version and file, and its plugin's `host
/// validate` verdict. Everything a plugin wrote (names, summaries, parameters) is escaped.
/// The folder is written whole: into a sibling folder, renamed into place at the end.
public enum Gallery {
    public struct Entry {
        public let info: EffectInfo
        /// "cube 1.0.0, /path/cube.so", or "the host (built in)".
        public let source: String
        /// The preview page, or why there is none (an interaction controller needs a gesture).
        public let preview: Result<String, PreviewMissing>
        /// The verdict on the effect's plugin ("91 tests: 82 pass, 9 skip — conforms"), and
        /// whether it failed; nil when none was asked for or it has no file.
        public let verdict: (summary: String, failed: Bool)?

        public init(info: EffectInfo, source: String, preview: Result<String, PreviewMissing>, verdict: (summary: String, failed: Bool)?) {
            (self.info, self.source, self.preview, self.verdict) = (info, source, preview, verdict)
        }
    }

    public struct PreviewMissing: Error {
        public let reason: String
        public init(_ reason: String) { self.reason = reason }
    }

    /// Writes the site into `folder`, which must not exist or be empty; returns the number of
    /// files written. Throws ExportError.cannotWrite naming the cause; nothing is left then.
    public static func write(_ entries: [Entry], to folder: String) throws -> Int {
        try checkFolder(folder)
        var info = stat()
        if stat(folder, &info) == 0 { rmdir(folder) }
        let staging = folder + ".partial"
        removeTree(staging)
        guard mkdir(staging, 0o755) == 0, mkdir(staging + "/previews", 0o755) == 0 else {
            let why = String(cString: strerror(errno))
            removeTree(staging)
            throw ExportError.cannotWrite(path: folder, reason: why)
        }
        var files = 0
        do {
            for (i, entry) in entries.enumerated() {
                guard case .success(let page) = entry.preview else { continue }
                try FileOutput.writeWhole(page, to: staging + "/previews/" + previewName(i, entry), limit: WebPage.sizeLimit)
                files += 1
            }
            try FileOutput.writeWhole(index(entries), to: staging + "/index.html", limit: WebPage.sizeLimit)
            files += 1
        } catch {
            removeTree(staging)
            throw error
        }
        guard rename(staging, folder) == 0 else {
            let why = String(cString: strerror(errno))
            removeTree(staging)
            throw ExportError.cannotWrite(path: folder, reason: why)
        }
        return files
    }

    /// Throws, as write(_:to:) would, when `folder` is there and not an empty folder, or its
    /// parent is not a folder: for the caller to say so before it makes the site's pages.
    public static func checkFolder(_ folder: String) throws {
        var info = stat()
        if stat(folder, &info) == 0 {
            var empty = false
            if (info.st_mode & S_IFMT) == S_IFDIR, let dir = opendir(folder) {
                empty = true
                while let entry = readdir(dir) {
                    let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
                    if name != "." && name != ".." { empty = false }
                }
                closedir(dir)
            }
            guard empty else { throw ExportError.cannotWrite(path: folder, reason: "it already exists and is not an empty folder; give a new one") }
            return
        }
        let parent = folder.contains("/") ? String(folder[..<folder.lastIndex(of: "/")!]) : "."
        guard parent.isEmpty || (stat(parent, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR) else {
            throw ExportError.cannotWrite(path: folder, reason: "its parent \(parent) is not a folder")
        }
    }

    static func previewName(_ index: Int, _ entry: Entry) -> String {
        // Ids are [a-z0-9._-] (the descriptor check), but a file name owes nothing to a plugin.
        let safe = entry.info.qualifiedName.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "." ? String($0) : "_" }.joined()
        return "\(index)-\(safe).html"
    }

    static func index(_ entries: [Entry]) -> String {
        let e = WebPage.escapeHTML
        var cards = ""
        for (i, entry) in entries.enumerated() {
            let info = entry.info
            var card = "<article class=\"card\" data-effect=\"\(e(info.qualifiedName))\" data-kind=\"\(e(info.kind.name))\">\n"
            switch entry.preview {
            case .success:
                let name = "previews/" + previewName(i, entry)
                card += "<div class=\"side\"><div class=\"preview\"><iframe src=\"\(name)#loop\" title=\"\(e(info.displayName)) playing\" "
                    + "width=\"390\" height=\"844\" loading=\"lazy\"></iframe></div><a href=\"\(name)\">open with its controls</a></div>\n"
            case .failure(let missing):
                card += "<div class=\"side\"><div class=\"preview none\">\(e(missing.reason))</div></div>\n"
            }
            card += "<h2>\(e(info.displayName)) <code>\(e(info.qualifiedName))</code></h2>\n"
            if !info.summary.isEmpty { card += "<p>\(e(info.summary))</p>\n" }
            card += "<dl><dt>kind</dt><dd>\(e(info.kind.name))</dd>"
            card += "<dt>transitions</dt><dd>\(e(info.transitions.names.split(separator: ",").joined(separator: ", ")))</dd>"
            card += "<dt>plugin</dt><dd>\(e(entry.source))</dd>"
            if let verdict = entry.verdict {
                card += "<dt>host validate</dt><dd class=\"\(verdict.failed ? "fails" : "conforms")\">\(e(verdict.summary))</dd>"
            }
            card += "</dl>\n"
            if info.parameters.isEmpty {
                card += "<p class=\"params\">no parameters</p>\n"
            } else {
                card += "<table class=\"params\"><tr><th>parameter</th><th>type</th><th>range</th><th>default</th><th>unit</th><th>meaning</th></tr>\n"
                for p in info.parameters {
                    let range = p.type == .choice ? p.choices.joined(separator: " | ")
                        : p.type == .bool ? "true | false" : "\(NumberText.readable(p.minimum)) … \(NumberText.readable(p.maximum))"
                    let value = p.type == .choice ? (p.choices.indices.contains(Int(p.defaultValue)) ? p.choices[Int(p.defaultValue)] : "")
                        : p.type == .bool ? (p.defaultValue != 0 ? "true" : "false") : NumberText.readable(p.defaultValue)
                    card += "<tr><td><code>\(e(p.id))</code></td><td>\(e(p.type.name))</td><td>\(e(range))</td><td>\(e(value))</td>"
                        + "<td>\(e(p.unit.isEmpty ? "-" : p.unit))</td><td>\(e(p.name))</td></tr>\n"
                }
                card += "</table>\n"
            }
            cards += card + "</article>\n"
        }
        return """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width">
            <title>Transition gallery: \(entries.count) effects</title>
            <style>
            body { margin: 0; padding: 16px; font: 14px system-ui, sans-serif; background: #f4f4f6; color: #1c1c1e; }
            main { display: grid; grid-template-columns: repeat(auto-fill, minmax(460px, 1fr)); gap: 16px; }
            .card { background: #fff; border-radius: 12px; padding: 12px; box-shadow: 0 1px 3px rgba(0,0,0,.15); }
            .side { float: right; margin-left: 12px; text-align: center; font-size: 12px; }
            .preview { width: 195px; height: 422px; overflow: hidden; border-radius: 24px; background: #000; margin-bottom: 4px; }
            .preview iframe { border: 0; transform: scale(0.5); transform-origin: 0 0; }
            .preview.none { display: flex; align-items: center; padding: 12px; box-sizing: border-box; color: #ddd; font-size: 12px; }
            h2 { font-size: 16px; margin: 4px 0; } code { font-size: 12px; color: #555; }
            dl { display: grid; grid-template-columns: max-content 1fr; gap: 2px 8px; font-size: 12px; } dt { color: #777; }
            dd { margin: 0; overflow-wrap: anywhere; }
            .fails { color: #b00020; font-weight: 600; } .conforms { color: #1b7f3b; }
            table.params { clear: both; border-collapse: collapse; font-size: 12px; width: 100%; margin-top: 8px; }
            table.params td, table.params th { border-top: 1px solid #e5e5ea; padding: 3px 4px; text-align: left; }
            </style>
            </head>
            <body>
            <h1>\(entries.count) effects</h1>
            <main>
            \(cards)</main>
            </body>
            </html>

            """
    }

    /// Removes `path` and all it holds, if it is there.
    static func removeTree(_ path: String) {
        var info = stat()
        guard lstat(path, &info) == 0 else { return }
        if (info.st_mode & S_IFMT) == S_IFDIR, let dir = opendir(path) {
            while let entry = readdir(dir) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
                if name != "." && name != ".." { removeTree(path + "/" + name) }
            }
            closedir(dir)
            rmdir(path)
        } else {
            unlink(path)
        }
    }
}
