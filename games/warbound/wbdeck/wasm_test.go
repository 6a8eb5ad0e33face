package wbdeck

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"wbtool.dev/wbtool/internal/golden"
)

// The committed WebAssembly module (site/assets/deckcheck.wasm), the Go
// version that built it, and the Go distribution's loader script.
const (
	wasmFile    = "../../../site/assets/deckcheck.wasm"
	versionFile = "../../../site/assets/deckcheck.wasm.version"
	execJSFile  = "../../../site/assets/wasm_exec.js"
)

// buildWasm compiles site/deckwasm for the browser. -trimpath,
// -buildvcs=false and an empty build id make the bytes depend on the Go
// code and the Go version only (not on the folder, the commit, or files
// the module does not link).
func buildWasm(t *testing.T, out string) {
	t.Helper()
	cmd := exec.Command("go", "build", "-trimpath", "-buildvcs=false", "-ldflags=-s -w -buildid=", "-o", out, "../../../site/deckwasm")
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm", "CGO_ENABLED=0")
	if msg, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("GOOS=js GOARCH=wasm go build ../../../site/deckwasm: %v\n%s", err, msg)
	}
}

// TestWasmIsFresh: the module the site embeds is what the current Go
// code compiles to, so that the browser's verdict is the CLI's. With
// WBTOOL_UPDATE=1 it rebuilds the module and copies wasm_exec.js (`make
// wasm`). A Go version other than the one that built the module gives
// other bytes: the test then skips, saying so.
func TestWasmIsFresh(t *testing.T) {
	if testing.Short() {
		t.Skip("long: make test runs it, not -short")
	}
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command: the module cannot be rebuilt here")
	}
	goroot, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		t.Fatalf("go env GOROOT: %v", err)
	}
	execJS, err := os.ReadFile(filepath.Join(strings.TrimSpace(string(goroot)), "lib", "wasm", "wasm_exec.js"))
	if err != nil {
		t.Fatalf("the Go distribution's wasm_exec.js: %v", err)
	}
	ver := runtime.Version()
	out := filepath.Join(t.TempDir(), "deckcheck.wasm")
	buildWasm(t, out)
	got, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if golden.Update() {
		for name, data := range map[string][]byte{wasmFile: got, versionFile: []byte(ver + "\n"), execJSFile: execJS} {
			if err := os.WriteFile(name, data, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		t.Logf("wrote %s (%d bytes, %s)", wasmFile, len(got), ver)
		return
	}
	recorded, err := os.ReadFile(versionFile)
	if err != nil {
		t.Fatalf("%v (run `make wasm`)", err)
	}
	if v := strings.TrimSpace(string(recorded)); v != ver {
		t.Skipf("the committed module was built by %s, this is %s: run `make wasm` to rebuild it with this Go", v, ver)
	}
	want, err := os.ReadFile(wasmFile)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s is not what the deck checker's Go code compiles to (%d bytes, the build gives %d): run `make wasm` and commit it", wasmFile, len(want), len(got))
	}
	if js, err := os.ReadFile(execJSFile); err != nil || !bytes.Equal(js, execJS) {
		t.Errorf("%s differs from the Go distribution's lib/wasm/wasm_exec.js: run `make wasm`", execJSFile)
	}
}

// TestWasmLeanImports: the checker module links no package that only
// weighs it down: crypto (crypto/sha256 brings the FIPS module and its
// start-up code, 48 KB of the module's gzipped bytes; the translations
// lock's Fingerprint lives in package translations for that reason) and
// net/url (24 KB: diag escapes SARIF paths itself). And it runs no
// encoding/json decoder or encoder and no fmt printer (with the reflect
// they bring, 190 KB of its gzipped bytes): the module reads and writes
// JSON through the page's JSON.parse and JSON.stringify (package
// jstree), the checkers format their messages with package plainfmt.
// The packages stay imported (the CLI uses them); the linker keeps only
// what main reaches, which -ldflags=-dumpdep lists.
func TestWasmLeanImports(t *testing.T) {
	if testing.Short() {
		t.Skip("long: make test runs it, not -short")
	}
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command")
	}
	cmd := exec.Command("go", "list", "-deps", "../../../site/deckwasm")
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm", "CGO_ENABLED=0")
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("GOOS=js GOARCH=wasm go list -deps ../../../site/deckwasm: %v", err)
	}
	for _, p := range strings.Fields(string(out)) {
		if p == "net/url" || p == "crypto" || strings.HasPrefix(p, "crypto/") {
			t.Errorf("the deck checker's WebAssembly module links %s: keep it out of the packages site/deckwasm imports", p)
		}
	}
	cmd = exec.Command("go", "build", "-trimpath", "-ldflags=-dumpdep", "-o", filepath.Join(t.TempDir(), "m.wasm"), "../../../site/deckwasm")
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm", "CGO_ENABLED=0")
	deps, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("GOOS=js GOARCH=wasm go build -ldflags=-dumpdep ../../../site/deckwasm: %v", err)
	}
	for _, f := range []string{"encoding/json.(*decodeState).unmarshal", "encoding/json.(*encodeState).marshal", "fmt.(*pp).printArg"} {
		if bytes.Contains(deps, []byte("-> "+f+"\n")) {
			t.Errorf("the deck checker's WebAssembly module runs %s: read and write JSON with package jstree, format with package plainfmt", f)
		}
	}
}
