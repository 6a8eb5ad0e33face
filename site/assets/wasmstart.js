/* The WebAssembly checker's start, shared by Warbound's deck builder and
   Warstuff's band builder (one module holds both checkers): once the page
   has loaded (the builder works at once; legality shows when the checker
   arrives). Where the page is served over HTTP, the module is streamed,
   compiled and run in a Web Worker (assets/wasmworker.js), so that the
   page stays usable while it arrives and starts, and checks are messages
   to it; from a file:// page, which can neither fetch nor start a worker,
   it loads the module's script (assets/deckcheck-wasm.js:
   window.WB_DECK_WASM, base64), decodes it and runs it in the page, as
   it does where the worker cannot start. It runs the module with Go's
   wasm_exec.js and calls back; wbChecker.check runs a check either way.
   Also: the export's Copy button; the pick lists' filter folding; and the
   state in the address (#k=v&…), which a link shares and the frame's
   language switch carries to the other language. */
window.wbChecker = {
  // start loads the module from src; the module calls its readyName
  // once its check functions are defined: then onReady(ms since the
  // module's start began). onFail() when this browser cannot run it.
  start: function (src, readyName, onReady, onFail) {
    "use strict";
    if (typeof WebAssembly !== "object" || typeof window.Go !== "function") { onFail(); return; }
    var self = this;
    var decode = function (b64) {
      if (Uint8Array.fromBase64) return Uint8Array.fromBase64(b64);
      var s = atob(b64), out = new Uint8Array(s.length);
      for (var i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
      return out;
    };
    var failed = function (e) { console.warn("checker: " + e); onFail(); };
    var inline = function () { // in the page, from the base64 script: file:// pages
      self.worker = null;
      var s = document.createElement("script");
      s.src = src;
      s.onload = function () {
        var t0 = performance.now(), go = new window.Go();
        window[readyName] = function () { onReady(performance.now() - t0); };
        var bytes = decode(window.WB_DECK_WASM);
        delete window.WB_DECK_WASM;
        WebAssembly.instantiate(bytes, go.importObject).then(function (r) { go.run(r.instance); }, failed);
      };
      s.onerror = onFail;
      document.head.appendChild(s);
    };
    var worker = function () { // in a worker, streamed: pages served over HTTP
      var abs = function (p) { return new URL(src.replace(/deckcheck-wasm\.js$/, p), location.href).href; };
      var data = {};
      ["WB_DECK_DATA", "WB_BAND_DATA"].forEach(function (k) { if (typeof window[k] === "string") data[k] = window[k]; });
      var w;
      try {
        w = new Worker(abs("wasmworker.js"));
      } catch (e) {
        console.warn("checker: no worker: " + e + "; running the module in the page");
        inline();
        return;
      }
      self.worker = w;
      w.onmessage = function (e) {
        var m = e.data;
        if (m.id) {
          var cb = self.waiting[m.id];
          delete self.waiting[m.id];
          if (cb) cb(m.out);
        } else if (m.ready !== undefined) {
          onReady(m.ready);
        } else if (m.failed) {
          console.warn("checker: worker: " + m.failed + "; running the module in the page");
          w.terminate();
          inline();
        }
      };
      w.onerror = function (e) {
        e.preventDefault();
        console.warn("checker: worker: " + e.message + "; running the module in the page");
        w.terminate();
        inline();
      };
      w.postMessage({ start: abs("deckcheck.wasm"), exec: abs("wasm_exec.js"), ready: readyName, data: data });
    };
    var load = function () {
      if (!/^https?:$/.test(location.protocol) || typeof Worker !== "function" || typeof WebAssembly.instantiateStreaming !== "function") { inline(); return; }
      worker();
    };
    if (document.readyState === "complete") load();
    else window.addEventListener("load", load);
  },
  // worker is the checker's worker (null when the module runs in the
  // page); waiting are the checks it has not answered, by id.
  worker: null,
  waiting: {},
  lastId: 0,
  // check runs the module's check function fn (wbDeckCheck, wbBandCheck)
  // on input (JSON text) and calls done with its output (JSON text): at
  // once in the page, on the worker's answer otherwise.
  check: function (fn, input, done) {
    "use strict";
    if (!this.worker) { done(window[fn](input)); return; }
    var id = ++this.lastId;
    this.waiting[id] = done;
    this.worker.postMessage({ id: id, fn: fn, input: input });
  },
  // whenBuilding calls load once: at once when now is true (the address
  // holds a deck or a band), else at the player's first touch, click or
  // key in the builder (root). A visitor who only looks does not fetch
  // the module.
  whenBuilding: function (root, now, load) {
    "use strict";
    var done = false;
    var go = function () { if (!done) { done = true; load(); } };
    if (now) { go(); return; }
    ["pointerdown", "keydown", "focusin"].forEach(function (type) { root.addEventListener(type, go); });
  },
  // fold is s as the pick lists' filters compare it: no accents, lower case.
  fold: function (s) {
    "use strict";
    return s.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase();
  },
  // read is the state the address holds.
  read: function () {
    "use strict";
    return new URLSearchParams(location.hash.replace(/^#/, ""));
  },
  // keep puts the state in the address, in the share field and in the
  // language switch's link (commas and colons left as they are).
  keep: function (params, share) {
    "use strict";
    var h = "#" + params.toString().replace(/%2C/g, ",").replace(/%3A/g, ":");
    if (history.replaceState) history.replaceState(null, "", h);
    share.value = location.href;
    var sw = document.getElementById("lang-switch");
    if (sw) sw.href = sw.href.replace(/#.*$/, "") + h;
  },
  // copy puts the text area's text on the clipboard, or selects it.
  copy: function (ta, done) {
    "use strict";
    if (navigator.clipboard && navigator.clipboard.writeText) {
      navigator.clipboard.writeText(ta.value).then(done, function () { ta.select(); });
    } else {
      ta.select();
      if (document.execCommand("copy")) done();
    }
  }
};
