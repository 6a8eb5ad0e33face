/* The WebAssembly checker in a Web Worker (pages served over HTTP; see
   wasmstart.js): the module is fetched, compiled and run here, so that
   the page stays usable while it arrives and starts (a phone spends
   seconds on it). The page posts the start ({start: the module's URL,
   exec: wasm_exec.js's URL, ready: the ready callback's name, data: the
   catalog scripts' globals}) and then checks ({id, fn, input}); the
   worker answers {ready: ms}, {failed: why} and {id, out}. */
"use strict";
self.onmessage = function (e) {
  var m = e.data;
  if (!m.start) {
    self.postMessage({ id: m.id, out: self[m.fn](m.input) });
    return;
  }
  var t0 = performance.now();
  try {
    importScripts(m.exec);
  } catch (err) {
    self.postMessage({ failed: "wasm_exec.js: " + err });
    return;
  }
  Object.keys(m.data).forEach(function (k) { self[k] = m.data[k]; });
  var go = new self.Go();
  self[m.ready] = function () { self.postMessage({ ready: performance.now() - t0 }); };
  WebAssembly.instantiateStreaming(fetch(m.start), go.importObject).then(function (r) { go.run(r.instance); },
    function (err) { self.postMessage({ failed: String(err) }); });
};
