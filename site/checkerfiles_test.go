package site

import (
	"bytes"
	"encoding/base64"
	"strings"
	"testing"
)

// TestCheckerStreamed: the builders get the module as a file to stream,
// compile and run in a worker over HTTP (issue 36 item 2: 4.0 MB, 1.09 MB gzipped, instead
// of 5.3 MB of base64 to decode), the same bytes as the base64 script
// kept for file:// pages; the start waits for the page's load and falls
// back to the script. (The band builder's page may fetch from its own
// site, connect-src 'self': games/warstuff's TestSite.)
func TestCheckerStreamed(t *testing.T) {
	files := CheckerScripts()
	mod := files["assets/deckcheck.wasm"]
	if !bytes.HasPrefix(mod, []byte("\x00asm")) {
		t.Fatalf("assets/deckcheck.wasm is no WebAssembly module (%d bytes)", len(mod))
	}
	js := string(files["assets/deckcheck-wasm.js"])
	b64 := strings.TrimSuffix(strings.TrimPrefix(js, `window.WB_DECK_WASM = "`), "\";\n")
	if inline, err := base64.StdEncoding.DecodeString(b64); err != nil || !bytes.Equal(inline, mod) {
		t.Errorf("the inline module is not the streamed one (%v)", err)
	}
	start := string(files["assets/wasmstart.js"])
	for _, want := range []string{`new Worker(abs("wasmworker.js"))`, `addEventListener("load", load)`, "inline();", "/^https?:$/"} {
		if !strings.Contains(start, want) {
			t.Errorf("wasmstart.js lacks %q", want)
		}
	}
	if worker := string(files["assets/wasmworker.js"]); !strings.Contains(worker, "instantiateStreaming(fetch(") {
		t.Errorf("wasmworker.js does not stream the module")
	}
}

// TestReservedRoom: an element a page's script reveals (class reserve)
// keeps its room while hidden, so that revealing it moves nothing below
// it (issue 36 item 4: layout shift 0.304 on the card list and the deck
// builder).
func TestReservedRoom(t *testing.T) {
	css := StyleCSS
	for _, want := range []string{".filters[hidden].reserve, .field[hidden].reserve { display: flex !important; visibility: hidden; }",
		"p[hidden].reserve, section[hidden].reserve { display: block !important; visibility: hidden; }"} {
		if !strings.Contains(css, want) {
			t.Errorf("style.css lacks %q", want)
		}
	}
}
