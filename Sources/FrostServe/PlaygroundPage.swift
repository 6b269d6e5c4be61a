/// The playground `frost-serve` serves at `/`: static HTML and JavaScript, no build step. The
/// sample photo or an upload; a σ slider with quality and edges re-rendered live; interactive
/// blur from precomputed stages cross-faded by the page's scroll position beside a live mode
/// over a WebSocket showing its frame rate; materials × appearance × vibrancy with the
/// legibility report; transitions; the seed's ContentCard with and without the blur bridge.
enum PlaygroundPage {
    static let html = """
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8"><title>Frost playground</title>
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <style>
        body { font: 15px -apple-system, system-ui, sans-serif; margin: 0; background: #f2f2f7; color: #1c1c1e; }
        header { padding: 16px 24px; background: #fff; border-bottom: 1px solid #d1d1d6; position: sticky; top: 0; z-index: 2; }
        section { background: #fff; margin: 16px 24px; padding: 16px; border-radius: 12px; }
        h1 { font-size: 20px; margin: 0; } h2 { font-size: 17px; margin: 0 0 12px; }
        img { max-width: 100%; border-radius: 8px; display: block; }
        .row { display: flex; gap: 16px; flex-wrap: wrap; align-items: flex-start; }
        .stack { position: relative; width: 480px; height: 480px; }
        .stack img { position: absolute; top: 0; left: 0; width: 480px; height: 480px; }
        .scroller { height: 360px; overflow-y: scroll; border: 1px solid #d1d1d6; border-radius: 8px; width: 200px; }
        .scroller div { height: 1600px; background: repeating-linear-gradient(#fff 0 40px, #f2f2f7 40px 80px); }
        label { margin-right: 12px; } code, pre { font: 12px ui-monospace, monospace; }
        .error { color: #ff3b30; }
        </style></head>
        <body>
        <header><h1>Frost playground</h1>
        <label>Image <input id="upload" type="file" accept="image/png,image/jpeg"></label>
        <span id="status"></span></header>

        <section><h2>Gaussian blur</h2>
        <label>σ <input id="sigma" type="range" min="0" max="64" step="0.5" value="8"> <span id="sigmaValue">8</span> px</label>
        <label>quality <select id="quality"><option>default</option><option>realtime</option><option>exact</option></select></label>
        <label>edges <select id="edges"><option>clamp</option><option>mirror</option><option>wrap</option><option>transparent</option></select></label>
        <span id="blurTime"></span>
        <div class="row"><img id="blurred" alt="blurred" width="480"></div></section>

        <section><h2>Interactive blur</h2>
        <label>stages <select id="stageCount"><option>1</option><option>3</option><option selected>10</option><option>50</option><option value="doubling">doubling</option></select></label>
        <span id="stageInfo"></span>
        <div class="row">
          <div class="scroller" id="scroller"><div></div></div>
          <div><p>Precomputed stages, cross-faded by the scroll position</p><div class="stack" id="stack"><img id="stageA" alt=""><img id="stageB" alt=""></div></div>
          <div><p>Live: σ(p) per frame over a WebSocket — <span id="fps">0</span> fps
          <label><input type="checkbox" id="sweep"> sweep σ 0…30 continuously</label></p><img id="live" alt="live" width="480" height="480"></div>
        </div></section>

        <section><h2>Materials</h2>
        <label>style <select id="style"></select></label>
        <label>appearance <select id="appearance"><option>light</option><option>dark</option></select></label>
        <label>vibrancy <select id="vibrancy"><option>label</option><option>secondaryLabel</option><option>tertiaryLabel</option><option>fill</option></select></label>
        <label>panel <input id="panelWidth" type="range" min="24" max="512" value="320"> × <input id="panelHeight" type="range" min="24" max="512" value="120"></label>
        <span id="panelRect"></span> — drag on the image to move the panel
        <div class="row"><img id="material" alt="material" width="480" draggable="false" style="touch-action: none; cursor: move"><pre id="legibility"></pre></div></section>

        <section><h2>Transitions</h2>
        <label>transition <input id="transition" size="48" value=".move(edge: .leading).combined(with: .opacity)"></label>
        <label>animation <input id="animation" size="36" value=".spring(duration: 0.5, bounce: 0.3)"></label>
        <button id="play">Render</button> <span id="transitionError" class="error"></span>
        <div id="gallery" class="row" style="margin: 8px 0"></div>
        <label>frame <input id="scrub" type="range" min="0" max="0" value="0"> <span id="scrubTime">0.000 s</span></label>
        <button id="playFrames">Play</button>
        <div class="row"><img id="transitionImage" alt="transition"></div></section>

        <section><h2>The seed's ContentCard</h2>
        <button id="bridgeOff">Cross-fade</button> <button id="bridgeOn">Blur bridge</button>
        <div class="row"><img id="card" alt="ContentCard"></div></section>
        <script src="/app.js"></script>
        </body></html>

        """

    static let script = """
        'use strict';
        const $ = id => document.getElementById(id);
        let imageBytes = null;          // the current image (the sample or an upload)
        let stages = [];                // stage images (object URLs) and their sigmas
        const problem = async r => { try { return (await r.json()).detail } catch (e) { return r.statusText } };

        async function loadSample() {
          imageBytes = new Uint8Array(await (await fetch('/sample.png')).arrayBuffer());
          refreshAll();
        }
        $('upload').onchange = async e => {
          const file = e.target.files[0]; if (!file) return;
          imageBytes = new Uint8Array(await file.arrayBuffer());
          try { const b = await createImageBitmap(new Blob([imageBytes])); imageSize = {w: b.width, h: b.height}; } catch (err) {}
          fitPanel();
          if (socket && socket.readyState === 1) socket.send(imageBytes);
          refreshAll();
        };

        async function post(path, body, type) {
          const r = await fetch(path, {method: 'POST', body, headers: {'Content-Type': type || 'application/octet-stream'}});
          if (!r.ok) { $('status').textContent = await problem(r); $('status').className = 'error'; return null; }
          $('status').textContent = ''; return r;
        }

        let blurPending = false, blurAgain = false;
        async function refreshBlur() {
          if (blurPending) { blurAgain = true; return; }
          blurPending = true;
          const s = $('sigma').value; $('sigmaValue').textContent = s;
          const t0 = performance.now();
          const r = await post(`/v1/blur?sigma=${s}&quality=${$('quality').value}&edges=${$('edges').value}`, imageBytes);
          if (r) { $('blurred').src = URL.createObjectURL(await r.blob()); $('blurTime').textContent = `${Math.round(performance.now() - t0)} ms round trip`; }
          blurPending = false;
          if (blurAgain) { blurAgain = false; refreshBlur(); }
        }
        ['sigma', 'quality', 'edges'].forEach(id => $(id).oninput = refreshBlur);

        async function refreshStages() {
          const n = $('stageCount').value;
          const q = n === 'doubling' ? 'spacing=doubling' : `count=${n}`;
          const r = await post(`/v1/stages?${q}&max-sigma=30&size=480`, imageBytes);
          if (!r) return;
          const json = await r.json();
          stages = json.images.map((src, i) => ({src, sigma: json.sigmas[i]}));
          $('stageInfo').textContent = `σ ${json.sigmas.map(s => s.toFixed(1)).join(', ')}`;
          onScroll();
        }
        $('stageCount').onchange = refreshStages;

        function progress() {
          const s = $('scroller');
          return Math.min(1, Math.max(0, s.scrollTop / Math.max(1, s.scrollHeight - s.clientHeight)));
        }
        function onScroll() {
          const p = progress();
          if (stages.length) {
            // Two neighbouring stages and an opacity between them.
            const x = p * (stages.length - 1), i = Math.min(stages.length - 1, Math.floor(x)), j = Math.min(stages.length - 1, i + 1);
            if ($('stageA').src !== stages[i].src) $('stageA').src = stages[i].src;
            if ($('stageB').src !== stages[j].src) $('stageB').src = stages[j].src;
            $('stageB').style.opacity = (x - i).toFixed(3);
          }
          wantSigma = 30 * p;
        }
        $('scroller').onscroll = onScroll;

        // Live: ask for σ(p) whenever the last frame came back and the wanted σ changed.
        let socket = null, wantSigma = 0, sentSigma = -1, inFlight = false, frames = 0;
        function connect() {
          socket = new WebSocket(`ws://${location.host}/v1/live`);
          socket.binaryType = 'blob';
          socket.onopen = () => { if (imageBytes) socket.send(imageBytes); };
          socket.onmessage = e => {
            inFlight = false;
            if (typeof e.data === 'string') { $('status').textContent = JSON.parse(e.data).detail; return; }
            const url = URL.createObjectURL(e.data), old = $('live').src;
            $('live').src = url; if (old.startsWith('blob:')) URL.revokeObjectURL(old);
            frames += 1;
          };
          socket.onclose = () => { inFlight = false; sentSigma = -1; setTimeout(connect, 1000); };
        }
        function pump(now) {
          // Sweeping: σ follows a 2 s cosine, so every frame asks for a new σ (the rate shown is
          // what the server and the connection sustain).
          if ($('sweep').checked) wantSigma = 15 * (1 - Math.cos((now || 0) / 1000 * Math.PI));
          if (socket && socket.readyState === 1 && !inFlight && wantSigma !== sentSigma) {
            inFlight = true; sentSigma = wantSigma; socket.send(JSON.stringify({sigma: wantSigma}));
          }
          requestAnimationFrame(pump);
        }
        setInterval(() => { $('fps').textContent = frames; frames = 0; }, 1000);

        const styles = ['systemUltraThinMaterial', 'systemThinMaterial', 'systemMaterial', 'systemThickMaterial', 'systemChromeMaterial'];
        $('style').innerHTML = styles.map(s => `<option ${s === 'systemMaterial' ? 'selected' : ''}>${s}</option>`).join('');
        // The material panel: a rect in image pixels, moved by dragging on the image and sized
        // by the sliders. While dragging only the panel re-renders (one request in flight, the
        // latest position next); the legibility report (every material) follows when it settles.
        let imageSize = {w: 512, h: 512}, panel = {x: 96, y: 296, w: 320, h: 120}, dragging = false;
        const rectText = () => `${panel.x},${panel.y},${panel.w},${panel.h}`;
        function fitPanel() {
          panel.w = Math.max(1, Math.min(+$('panelWidth').value, imageSize.w)); panel.h = Math.max(1, Math.min(+$('panelHeight').value, imageSize.h));
          panel.x = Math.max(0, Math.min(panel.x, imageSize.w - panel.w)); panel.y = Math.max(0, Math.min(panel.y, imageSize.h - panel.h));
          $('panelRect').textContent = `rect ${rectText()}`;
        }
        let materialPending = false, materialAgain = false;
        async function refreshMaterial() {
          if (materialPending) { materialAgain = true; return; }
          materialPending = true; fitPanel();
          const q = `style=${$('style').value}&appearance=${$('appearance').value}&rect=${rectText()}&corner-radius=24&vibrancy=${$('vibrancy').value}&label=Frost`;
          const r = await post(`/v1/material?${q}`, imageBytes);
          if (r) { $('material').src = URL.createObjectURL(await r.blob()); $('material').dataset.rect = rectText(); }
          materialPending = false;
          if (materialAgain) { materialAgain = false; refreshMaterial(); } else if (!dragging) refreshLegibility();
        }
        async function refreshLegibility() {
          const rect = rectText();
          const l = await post(`/v1/legibility?rect=${rect}&text-color=%23FFFFFF&appearance=${$('appearance').value}`, imageBytes);
          if (l) { $('legibility').textContent = JSON.stringify(await l.json(), null, 1); $('legibility').dataset.rect = rect; }
        }
        function movePanel(e) {
          const img = $('material'), b = img.getBoundingClientRect(), k = imageSize.w / b.width;
          panel.x = Math.round((e.clientX - b.left) * k - panel.w / 2); panel.y = Math.round((e.clientY - b.top) * k - panel.h / 2);
          refreshMaterial();
        }
        $('material').onpointerdown = e => { dragging = true; try { $('material').setPointerCapture(e.pointerId); } catch (err) {} movePanel(e); };
        $('material').onpointermove = e => { if (dragging) movePanel(e); };
        $('material').onpointerup = e => { dragging = false; movePanel(e); };
        ['style', 'appearance', 'vibrancy', 'panelWidth', 'panelHeight'].forEach(id => $(id).onchange = refreshMaterial);
        ['panelWidth', 'panelHeight'].forEach(id => $(id).oninput = () => { fitPanel(); refreshMaterial(); });

        async function renderTransition(body, target, error) {
          const r = await fetch('/v1/transition', {method: 'POST', body: JSON.stringify(body), headers: {'Content-Type': 'application/json'}});
          if (!r.ok) { if (error) $(error).textContent = await problem(r); return; }
          if (error) $(error).textContent = '';
          $(target).src = URL.createObjectURL(await r.blob());
        }
        // The transition as frames under a scrubber (and a Play button that steps through them).
        let transitionFrames = [], transitionFps = 30, playing = null;
        function showFrame(i) {
          if (!transitionFrames.length) return;
          $('transitionImage').src = transitionFrames[i];
          $('scrub').value = i; $('scrubTime').textContent = `${(i / transitionFps).toFixed(3)} s`;
        }
        $('scrub').oninput = () => { clearInterval(playing); showFrame(+$('scrub').value); };
        $('playFrames').onclick = () => {
          clearInterval(playing); let i = 0;
          playing = setInterval(() => { showFrame(i); i += 1; if (i >= transitionFrames.length) clearInterval(playing); }, 1000 / transitionFps);
        };
        $('play').onclick = async () => {
          const body = {transition: $('transition').value, animation: $('animation').value, fps: 30, format: 'frames'};
          const r = await fetch('/v1/transition', {method: 'POST', body: JSON.stringify(body), headers: {'Content-Type': 'application/json'}});
          if (!r.ok) { $('transitionError').textContent = await problem(r); return; }
          $('transitionError').textContent = '';
          const json = await r.json();
          transitionFrames = json.frames; transitionFps = json.fps; $('transitionImage').dataset.request = JSON.stringify(body);
          $('scrub').max = transitionFrames.length - 1;
          showFrame(0); $('playFrames').onclick();
        };
        // The gallery: SwiftUI's built-in transitions, each a click from the scrubber.
        const gallery = [
          ['opacity', '.opacity', '.easeInOut(duration: 0.35)'],
          ['scale', '.scale', '.spring(duration: 0.4, bounce: 0.2)'],
          ['slide', '.slide', '.easeInOut(duration: 0.4)'],
          ['move + fade', '.move(edge: .leading).combined(with: .opacity)', '.spring(duration: 0.5, bounce: 0.3)'],
          ['push', '.push(from: .bottom)', '.snappy'],
          ['offset', '.offset(x: 0, y: 60).combined(with: .opacity)', '.smooth'],
          ['blurReplace', '.blurReplace', '.smooth(duration: 0.5)'],
          ['asymmetric', '.asymmetric(insertion: .scale(0.6, anchor: .topLeading), removal: .opacity)', '.bouncy'],
        ];
        $('gallery').innerHTML = gallery.map(([name], i) => `<button data-preset="${i}">${name}</button>`).join(' ');
        $('gallery').onclick = e => {
          const i = e.target.dataset.preset; if (i === undefined) return;
          $('transition').value = gallery[i][1]; $('animation').value = gallery[i][2]; $('play').onclick();
        };
        $('bridgeOff').onclick = () => renderTransition({example: 'content-card', fps: 30, width: 360, height: 300}, 'card');
        $('bridgeOn').onclick = () => renderTransition({example: 'content-card-bridged', fps: 30, width: 360, height: 300}, 'card');

        function refreshAll() { refreshBlur(); refreshStages(); refreshMaterial(); }
        loadSample(); connect(); pump();
        $('play').onclick(); $('bridgeOn').onclick();

        """
}
