/* The WebAssembly checker's start, shared by Warbound's deck builder and
   Warstuff's band builder (one module holds both checkers): once the page
   has loaded (the builder works at once; legality shows when the checker
   arrives), it streams and compiles the module (assets/deckcheck.wasm)
   where the page is served over HTTP, or, from a file:// page, which
   cannot fetch, loads its script (assets/deckcheck-wasm.js:
   window.WB_DECK_WASM, base64) and decodes it; it runs the module with
   Go's wasm_exec.js and calls back; the
   export's Copy button; the pick lists' filter folding; and the state in
   the address (#k=v&…), which a link shares and the frame's language
   switch carries to the other language. */
window.wbChecker = {
  // start loads the module from src; the module calls window[readyName]
  // once its check function is defined: then onReady(ms since the
  // decode began). onFail() when this browser cannot run it.
  start: function (src, readyName, onReady, onFail) {
    "use strict";
    if (typeof WebAssembly !== "object" || typeof window.Go !== "function") { onFail(); return; }
    var decode = function (b64) {
      if (Uint8Array.fromBase64) return Uint8Array.fromBase64(b64);
      var s = atob(b64), out = new Uint8Array(s.length);
      for (var i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
      return out;
    };
    var t0, go;
    var begin = function () {
      t0 = performance.now();
      go = new window.Go();
      window[readyName] = function () { onReady(performance.now() - t0); };
    };
    var started = function (r) { go.run(r.instance); };
    var failed = function (e) { console.warn("checker: " + e); onFail(); };
    var inline = function () { // the base64 script: file:// pages
      var s = document.createElement("script");
      s.src = src;
      s.onload = function () {
        begin();
        var bytes = decode(window.WB_DECK_WASM);
        delete window.WB_DECK_WASM;
        WebAssembly.instantiate(bytes, go.importObject).then(started, failed);
      };
      s.onerror = onFail;
      document.head.appendChild(s);
    };
    var load = function () {
      if (!/^https?:$/.test(location.protocol) || typeof WebAssembly.instantiateStreaming !== "function") { inline(); return; }
      begin();
      WebAssembly.instantiateStreaming(fetch(src.replace(/-wasm\.js$/, ".wasm")), go.importObject).then(started, function (e) {
        console.warn("checker: streaming: " + e + "; loading the inline module");
        inline();
      });
    };
    if (document.readyState === "complete") load();
    else window.addEventListener("load", load);
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
