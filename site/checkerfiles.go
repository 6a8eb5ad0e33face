package site

import (
	_ "embed"
	"encoding/base64"
	"sync"
)

//go:embed assets/wasmstart.js
var wasmStartJS string

//go:embed assets/wasmworker.js
var wasmWorkerJS string

// CheckerScripts are the WebAssembly checker's files, by path under a
// site's root: the module (assets/deckcheck.wasm, streamed and compiled
// where the site is served over HTTP), the module as base64 for file://
// pages, which cannot fetch it (assets/deckcheck-wasm.js, setting
// window.WB_DECK_WASM), the Go distribution's loader
// (assets/wasm_exec.js), the builders' start (assets/wasmstart.js:
// window.wbChecker) and the worker that runs the module over HTTP
// (assets/wasmworker.js). The deck builder ships them, and so does
// Warstuff's band builder: one module holds both games' checkers.
func CheckerScripts() map[string][]byte {
	return map[string][]byte{
		"assets/deckcheck.wasm":    deckcheckWasm,
		"assets/deckcheck-wasm.js": deckcheckWasmJS(),
		"assets/wasm_exec.js":      []byte(wasmExecJS),
		"assets/wasmstart.js":      []byte(wasmStartJS),
		"assets/wasmworker.js":     []byte(wasmWorkerJS),
	}
}

//go:embed assets/deckcheck.wasm
var deckcheckWasm []byte

//go:embed assets/wasm_exec.js
var wasmExecJS string

// deckcheckWasmJS is the module as a script: window.WB_DECK_WASM, its
// bytes in base64 (computed once per process).
var deckcheckWasmJS = sync.OnceValue(func() []byte {
	return []byte("window.WB_DECK_WASM = \"" + base64.StdEncoding.EncodeToString(deckcheckWasm) + "\";\n")
})
