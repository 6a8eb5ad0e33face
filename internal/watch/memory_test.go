package watch

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"wbtool.dev/wbtool/games/warbound/wbgen"
)

// genTree writes a generated content tree to a temporary folder.
func genTree(t testing.TB, o wbgen.Options) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "content")
	for p, b := range wbgen.Tree(o) {
		full := filepath.Join(dir, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// heap returns the live heap after a full collection.
func heap() uint64 {
	runtime.GC()
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapAlloc
}

// TestSessionMemoryFlat: 200 rebuilds, each after a one-card edit and
// with CUE evaluated in this very process (a fresh CUE context per load),
// leave the live heap and the goroutine count where they were after the
// first rebuilds. The child-process loader of `wbtool watch` keeps CUE
// out of the parent entirely; this is the harder case. The sheets are
// left out to keep the test short (they are rendered from scratch each
// time and the session keeps only their keys).
func TestSessionMemoryFlat(t *testing.T) {
	if testing.Short() {
		t.Skip("200 rebuilds: skipped with -short")
	}
	dir := genTree(t, wbgen.Options{Characters: 12, Upgrades: 4})
	s := NewSession(Config{
		Loader:  InProcess{FS: os.DirFS(dir), Root: "content"},
		Out:     filepath.Join(t.TempDir(), "dist"),
		Outputs: Outputs{Data: true, Site: true},
		Version: "test",
	})
	ctx := context.Background()
	const file = "cards/characters-000.cue"
	rebuild := func(i int) {
		old := fmt.Sprintf("Scout 5 v%d", i-1)
		if i == 0 {
			old = "Scout 5"
		}
		atomicSaveTB(t, dir, file, replacedTB(t, dir, file, `en: "`+old+`"`, fmt.Sprintf(`en: "Scout 5 v%d"`, i)))
		r := s.Rebuild(ctx, []string{file})
		if !r.OK() || r.Images.Rendered != 1 {
			t.Fatalf("rebuild %d: %q images %+v", i, r.Errors, r.Images)
		}
	}
	if r := s.Rebuild(ctx, []string{Everything}); !r.OK() {
		t.Fatalf("first build: %q", r.Errors)
	}
	const warm, total = 20, 200
	for i := range warm {
		rebuild(i)
	}
	h0, g0 := heap(), runtime.NumGoroutine()
	for i := warm; i < total; i++ {
		rebuild(i)
	}
	h1, g1 := heap(), runtime.NumGoroutine()
	t.Logf("live heap after %d rebuilds: %.1f MiB; after %d: %.1f MiB; goroutines %d -> %d",
		warm, float64(h0)/(1<<20), total, float64(h1)/(1<<20), g0, g1)
	if h1 > h0+h0/10+(1<<20) {
		t.Errorf("live heap grew from %d to %d bytes over %d rebuilds", h0, h1, total-warm)
	}
	if g1 > g0 {
		t.Errorf("goroutines grew from %d to %d", g0, g1)
	}
}
