package deps

import (
	"os"
	"os/exec"
	"strings"
	"testing"
)

// TestDeckCheckerWasmIsSmall: the deck builder's WebAssembly module
// (site/deckwasm, built for js/wasm) links Warbound's catalog's deck checker and
// the Warstuff band checker (games/warstuff/wsbands) and
// nothing else of the project: no CUE, no rendering, no site. Its size
// is the page's download.
func TestDeckCheckerWasmIsSmall(t *testing.T) {
	cmd := exec.Command("go", "list", "-deps", module+"/site/deckwasm")
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("GOOS=js GOARCH=wasm go list -deps site/deckwasm: %v", err)
	}
	allowed := map[string]bool{module + "/site/deckwasm": true, module + "/games/warbound/wbdeck": true, module + "/games/warstuff/wsbands": true, module + "/games/warbound/wbcatalog": true, module + "/games/warstuff/wscatalog": true}
	n := 0
	for _, d := range strings.Fields(string(out)) {
		switch {
		case strings.HasPrefix(d, module+"/"):
			n++
			if !allowed[d] && !plainGo[d] {
				t.Errorf("the deck checker's WebAssembly module imports %s: it may import only wbcatalog, wscatalog, wbdeck, wsbands and plain Go leaves", d)
			}
		case !isStd(d):
			t.Errorf("the deck checker's WebAssembly module imports %s: no module outside the standard library", d)
		}
	}
	if n < 3 {
		t.Errorf("go list found %d packages of the module: is site/deckwasm still there?", n)
	}
}
