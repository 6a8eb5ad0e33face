/* The WebAssembly checker's start, shared by Warbound's deck builder and
   Warstuff's band builder (one module holds both checkers): it loads the
   module's script (assets/deckcheck-wasm.js: window.WB_DECK_WASM, base64),
   decodes and runs it with Go's wasm_exec.js, and calls back; the
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
    var run = function () {
      var t0 = performance.now();
      var bytes = decode(window.WB_DECK_WASM);
      delete window.WB_DECK_WASM;
      var go = new window.Go();
      window[readyName] = function () { onReady(performance.now() - t0); };
      WebAssembly.instantiate(bytes, go.importObject).then(function (r) { go.run(r.instance); },
        function (e) { console.warn("checker: " + e); onFail(); });
    };
    var s = document.createElement("script");
    s.src = src;
    s.onload = run;
    s.onerror = onFail;
    document.head.appendChild(s);
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
