import TransitionCore

/// A run as one self-contained web page (`--output NAME.html`) that plays it with the
/// browser's own animation engine: every view an element nested as the view tree nests it,
/// its transform (3D ones as matrix3d), opacity, size, background, corners, clipping, border,
/// shadow, mask (clip-path) and blurs (filter, backdrop-filter) animated with Web Animations
/// through a keyframe at each of the run's frames, and what it draws of its own (its picture,
/// its label) a PNG inside the page, drawn by the host's renderer. Nothing is fetched.
///
/// The page plays once on opening; it has play, replay and a scrubber. `NAME.html#t=0.25`
/// shows the still at 0.25 s of the run; `#t=0,0.25,0.5` shows those stills side by side,
/// each the scene's size, which is how the tests photograph it in one go; `#loop` plays it
/// round and round (the gallery's previews).
public enum WebPage {
    /// Pixels per point of the pictures inside: sharp on a HiDPI screen.
    static let pictureScale = 2.0
    /// The largest page written: beyond it a browser chokes, and so would whoever receives it.
    public static let sizeLimit = 50 << 20

    public static func render(_ report: TransitionRun.Report) throws -> String {
        try render(title: Filmstrip.title(of: report), snapshots: report.snapshots)
    }

    /// The page of `snapshots`, titled `title` (escaped here).
    static func render(title: String, snapshots: [SceneSnapshot]) throws -> String {
        guard let first = snapshots.first, let last = snapshots.last else { throw ExportError.nothingToDraw }
        let tree = WebPageTree(snapshots)
        var json = JSONWriter()
        var failure: Error?
        json.object { json in
            json.field("duration", last.time * 1000)
            json.key("offsets")
            json.array { json in
                for time in tree.times { json.number(last.time > 0 ? time / last.time : 0) }
            }
            json.key("size")
            json.array { json in
                json.number(first.windowSize.width)
                json.number(first.windowSize.height)
            }
            json.field("corner", first.chrome?.displayCornerRadius ?? 0)
            json.key("pictures")
            json.array { json in
                for picture in tree.pictures {
                    do { json.string("data:image/png;base64," + Base64.encode(try picture.png(scale: pictureScale))) } catch {
                        failure = error
                        json.string("")
                    }
                }
            }
            json.key("nodes")
            json.array { json in
                for node in tree.nodes { WebPageNode(node, frames: tree.times.count).write(to: &json) }
            }
        }
        if let failure { throw failure }
        // A name from a plugin could hold "</script>": inside the script, "</" is written "<\/".
        let data = containsEndTag(json.output) ? json.output.replacing("</", with: "<\\/") : json.output
        return template(title: escapeHTML(title), data: data)
    }

    /// Whether `text` holds "</" anywhere (a byte scan: the search of the string library costs
    /// a tenth of the export on a page of a few hundred kilobytes).
    private static func containsEndTag(_ text: String) -> Bool {
        var previous: UInt8 = 0
        for byte in text.utf8 {
            if previous == UInt8(ascii: "<") && byte == UInt8(ascii: "/") { return true }
            previous = byte
        }
        return false
    }

    /// Text for HTML: the SVG export's escape, whose four characters are HTML's too.
    static func escapeHTML(_ text: String) -> String { AnimatedSVG.escape(text) }

    private static func template(title: String, data: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width">
        <title>\(title)</title>
        <style>
        html, body { margin: 0; background: #000; color: #ddd; font: 13px system-ui, sans-serif; }
        #stills { display: flex; }
        .stage { position: relative; overflow: hidden; background: #000; flex: none; }
        .stage div { position: absolute; left: 0; top: 0; transform-origin: 0 0; box-sizing: border-box;
                     background-size: 100% 100%; background-repeat: no-repeat; }
        .stage div.border { width: 100%; height: 100%; border-style: solid; border-radius: inherit; z-index: 2147483647; }
        #controls { display: flex; gap: 8px; align-items: center; padding: 8px; }
        #controls input { flex: 1; }
        </style>
        </head>
        <body>
        <div id="stills"></div>
        <div id="controls"><button id="play">Pause</button><button id="replay">Replay</button>
        <input id="scrub" type="range" min="0" step="any" aria-label="time"><span id="time"></span></div>
        <script>
        const RUN = \(data);
        function keyframes(tracks, discrete) {
          return RUN.offsets.map((offset, k) => {
            const frame = { offset };
            for (const name in tracks) frame[name] = name === "backgroundImage" ? pictureURL(Number(tracks[name][k])) : tracks[name][k];
            if (discrete) frame.easing = "step-end";
            return frame;
          });
        }
        function pictureURL(index) { return index < 0 ? "none" : `url(${RUN.pictures[index]})`; }
        function stage(parent) {
          const root = document.createElement("div");
          root.className = "stage";
          Object.assign(root.style, { width: RUN.size[0] + "px", height: RUN.size[1] + "px", borderRadius: RUN.corner + "px" });
          parent.appendChild(root);
          const elements = [], animations = [];
          const timing = { duration: Math.max(RUN.duration, 1), fill: "both", easing: "linear" };
          for (const node of RUN.nodes) {
            const element = document.createElement("div");
            element.dataset.view = node.name;
            Object.assign(element.style, node.still);
            if (node.picture !== undefined) element.style.backgroundImage = pictureURL(node.picture);
            (node.parent < 0 ? root : elements[node.parent]).appendChild(element);
            elements.push(element);
          }
          RUN.nodes.forEach((node, i) => {
            if (node.border) {
              const border = document.createElement("div");
              border.className = "border";
              Object.assign(border.style, node.border.still);
              elements[i].appendChild(border);
              if (node.border.moves) animations.push(border.animate(keyframes(node.border.moves, false), timing));
            }
            if (node.moves) animations.push(elements[i].animate(keyframes(node.moves, false), timing));
            if (node.steps) animations.push(elements[i].animate(keyframes(node.steps, true), timing));
          });
          return animations;
        }
        // Every picture, those only a keyframe names too, is fetched before the load event, so
        // none shows up a frame late the first time the run plays.
        const preloaded = RUN.pictures.map(url => Object.assign(new Image(), { src: url }));
        const stills = (location.hash.match(/^#t=([0-9.,]+)$/) || [])[1];
        const times = stills ? stills.split(",").map(Number).filter(Number.isFinite) : [];
        const box = document.getElementById("stills");
        const runs = (times.length ? times : [0]).map(() => stage(box));
        const all = runs.flat();
        const scrub = document.getElementById("scrub"), play = document.getElementById("play");
        const label = document.getElementById("time");
        scrub.max = RUN.duration;
        function show(ms) { ms = ms % (RUN.duration + 1e-9); scrub.value = ms; label.textContent = (ms / 1000).toFixed(3) + " s"; }
        function seek(ms) { for (const a of all) { a.pause(); a.currentTime = ms; } show(ms); play.textContent = "Play"; }
        function tick() {
          if (all.length && all[0].playState === "running") { show(all[0].currentTime); requestAnimationFrame(tick); }
          else { show(all.length ? all[0].currentTime : 0); play.textContent = "Play"; }
        }
        function start() { for (const a of all) a.play(); play.textContent = "Pause"; requestAnimationFrame(tick); }
        play.onclick = () => (all.length && all[0].playState === "running") ? seek(all[0].currentTime) : start();
        document.getElementById("replay").onclick = () => { for (const a of all) a.currentTime = 0; start(); };
        scrub.oninput = () => seek(Number(scrub.value));
        if (times.length) runs.forEach((animations, i) => {
          for (const a of animations) { a.pause(); a.currentTime = times[i] * 1000; }
          show(times[0] * 1000);
        });
        else {
          // #loop (the gallery's previews): round and round.
          if (location.hash === "#loop") for (const a of all) a.effect.updateTiming({ iterations: Infinity });
          start();
        }
        </script>
        </body>
        </html>

        """
    }
}
