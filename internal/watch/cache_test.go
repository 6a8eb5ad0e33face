package watch

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"wbtool.dev/wbtool/games/warbound/wbgen"
)

func TestImageEncoding(t *testing.T) {
	for _, img := range []cardImages{
		{front: []byte("<svg>f</svg>"), back: []byte("<svg>b</svg>")},
		{front: []byte("<svg>f</svg>"), back: nil},
		{front: []byte{}, back: []byte{}},
	} {
		got, err := decodeImages(encodeImages(img))
		if err != nil || !reflect.DeepEqual(got, img) {
			t.Errorf("round trip of %+v: %+v, %v", img, got, err)
		}
		b := encodeImages(img)
		for n := range len(b) {
			if _, err := decodeImages(b[:n]); err == nil {
				t.Errorf("a cut entry (%d of %d bytes) decoded", n, len(b))
			}
		}
	}
}

// TestDiskCache: a new session on the same content reads every card image
// from the disk cache and writes the same outputs; another wbtool version
// renders again and removes the old cache; a damaged entry is redrawn.
func TestDiskCache(t *testing.T) {
	ctx := context.Background()
	dir := genTree(t, wbgen.Options{Characters: 12, Upgrades: 4})
	cache := filepath.Join(t.TempDir(), "cache")
	run := func(version string) (*Report, string) {
		out := filepath.Join(t.TempDir(), "dist")
		s := NewSession(Config{
			Loader:   InProcess{FS: os.DirFS(dir), Root: "content"},
			Out:      out,
			CacheDir: cache,
			Outputs:  Outputs{Site: true},
			Version:  version,
		})
		r := s.Rebuild(ctx, []string{Everything})
		if !r.OK() {
			t.Fatalf("build: %q", r.Errors)
		}
		return r, out
	}
	r1, out1 := run("v1")
	n := r1.Images.Rendered
	if n == 0 || r1.Images.FromDisk != 0 {
		t.Fatalf("first session: %+v", r1.Images)
	}
	r2, out2 := run("v1")
	if r2.Images.Rendered != 0 || r2.Images.FromDisk != n {
		t.Fatalf("second session: %+v, want all %d from the cache", r2.Images, n)
	}
	sameTree(t, out1, out2)

	// Damage one entry: it is drawn again.
	dirs, _ := filepath.Glob(filepath.Join(cache, cacheDirPrefix+"*", "img", "*"))
	if len(dirs) != n {
		t.Fatalf("%d cache entries, want %d", len(dirs), n)
	}
	if err := os.WriteFile(dirs[0], []byte("garbage"), 0o644); err != nil {
		t.Fatal(err)
	}
	r3, out3 := run("v1")
	if r3.Images.Rendered != 1 || r3.Images.FromDisk != n-1 {
		t.Fatalf("after damage: %+v", r3.Images)
	}
	sameTree(t, out1, out3)

	// Another version never reads this cache, and removes it.
	old, _ := filepath.Glob(filepath.Join(cache, cacheDirPrefix+"*"))
	r4, _ := run("v2")
	if r4.Images.Rendered != n || r4.Images.FromDisk != 0 {
		t.Fatalf("other version: %+v", r4.Images)
	}
	for _, d := range old {
		if _, err := os.Stat(d); err == nil {
			t.Errorf("the cache of the old version %s is still there", d)
		}
	}
	if b, _ := os.ReadFile(dirs[0]); bytes.Equal(b, []byte("garbage")) {
		t.Error("damaged entry kept")
	}
}
