package wbschema

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"wbtool.dev/wbtool/games/warbound/wbgen"
	"wbtool.dev/wbtool/internal/contentfs"
	"wbtool.dev/wbtool/internal/genart"
	"wbtool.dev/wbtool/schema"
)

// TestArt: a card's art is read, decoded and kept once per file; a
// missing, damaged or non-image file is an error at the card's art field.
func TestArt(t *testing.T) {
	png := genart.PNG(1, 40, 30)
	base := func(art string, extra map[string][]byte) map[string][]byte {
		files := wbgen.Tree(wbgen.Options{Characters: 2, Art: true})
		f := string(files["cards/characters-000.cue"])
		f = strings.Replace(f, `{file: "art/gen-char-0000.jpg", focus: {x: 0.5, y: 0.3}, credit: "wbtool gen"}`, art, 1)
		f = strings.Replace(f, "art/gen-char-0001.jpg", "art/a.png", 1)
		files["cards/characters-000.cue"] = []byte(f)
		files["art/a.png"] = png
		for k, v := range extra {
			files[k] = v
		}
		return files
	}
	t.Run("good", func(t *testing.T) {
		fsys := mapFS(base(`{file: "art/a.png", focus: {x: 0.2}, credit: "me"}`, nil))
		cache := schema.NewCache()
		cat, err := Load(fsys, Options{Root: "content", Cache: cache})
		if err != nil {
			t.Fatal(err)
		}
		a, b := cat.Character("gen-char-0000").Art, cat.Character("gen-char-0001").Art
		if a == nil || a.Width != 40 || a.Height != 30 || a.Format != "png" || a.Hash != ArtHash(png) || a.Credit != "me" {
			t.Fatalf("art = %+v", a)
		}
		if x, y := a.FocusPoint(); x != 0.2 || y != 0.5 {
			t.Errorf("focus = %g,%g, want 0.2,0.5 (y defaults to the centre)", x, y)
		}
		if b.Hash != a.Hash || cache.DecodedCount() != 1 {
			t.Errorf("two cards naming one file: hashes %s %s, %d images cached, want one", a.Hash, b.Hash, cache.DecodedCount())
		}
		if a.Pos.File != "content/cards/characters-000.cue" || a.Pos.Line != 5 {
			t.Errorf("art position = %v", a.Pos)
		}
		// the catalog holds a reference: the bytes are read from the
		// content folder when drawn
		if data, err := cat.ReadArt(a); err != nil || !bytes.Equal(data, png) {
			t.Errorf("ReadArt = %d bytes, %v; want the file", len(data), err)
		}
		// the file changed since the load: the drawers get an error, not
		// another picture
		fsys["art/a.png"] = &fstest.MapFile{Data: genart.PNG(2, 40, 30)}
		if _, err := cat.ReadArt(a); err == nil || !strings.Contains(err.Error(), "art/a.png changed since the content was loaded") {
			t.Errorf("ReadArt of a changed file: %v", err)
		}
		delete(fsys, "art/a.png")
		if _, err := cat.ReadArt(a); err == nil {
			t.Error("ReadArt of a removed file: no error")
		}
	})
	for _, tc := range []struct {
		name, art string
		extra     map[string][]byte
		want      string
	}{
		{"missing", `{file: "art/none.png"}`, nil, "no such file in the content folder (looked for content/art/none.png)"},
		{"damaged", `{file: "art/bad.png"}`, map[string][]byte{"art/bad.png": png[:len(png)/2]}, "PNG image is damaged"},
		{"not an image", `{file: "art/text.jpg"}`, map[string][]byte{"art/text.jpg": []byte("hello")}, "not a PNG or JPEG image"},
		{"out of the tree", `{file: "../secret.png"}`, nil, "inside it"},
		{"not png or jpeg", `{file: "art/a.gif"}`, nil, "art.file"},
		{"focus out of range", `{file: "art/a.png", focus: {x: 2}}`, nil, "focus.x"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Load(mapFS(base(tc.art, tc.extra)), Options{Root: "content"})
			var list schema.Errors
			if !errors.As(err, &list) {
				t.Fatalf("err = %v, want content errors", err)
			}
			found := false
			for _, d := range list {
				if strings.Contains(d.String(), tc.want) {
					found = true
					if d.Pos.File != "content/cards/characters-000.cue" || d.Pos.Line != 5 || d.Pos.Col == 0 {
						t.Errorf("error at %v, want content/cards/characters-000.cue:5:col", d.Pos)
					}
				}
			}
			if !found {
				t.Errorf("no error says %q:\n%v", tc.want, list)
			}
		})
	}
}

// TestArtCache: with a Cache, an image is decoded once for the life of
// the cache (by its bytes, whatever its file), the loads give what loads
// without a cache give, and an image no longer used is dropped.
func TestArtCache(t *testing.T) {
	files := wbgen.Tree(wbgen.Options{Characters: 3, Art: true})
	for i := range 3 {
		files[wbgen.ArtFile(i)] = genart.JPEG(uint64(i), 24)
	}
	files["art/copy.jpg"] = files["art/gen-char-0001.jpg"]
	c := schema.NewCache()
	for step, edit := range []func(){
		func() {},
		func() { // another file with the same bytes: the same image
			f := string(files["cards/characters-000.cue"])
			files["cards/characters-000.cue"] = []byte(strings.Replace(f, "art/gen-char-0001.jpg", "art/copy.jpg", 1))
		},
		func() { // a damaged image: its error; the image it replaces is dropped
			files["art/gen-char-0002.jpg"] = files["art/gen-char-0002.jpg"][:100]
		},
	} {
		edit()
		want, werr := Load(mapFS(files), Options{Root: "content"})
		got, gerr := Load(mapFS(files), Options{Root: "content", Cache: c})
		if d := outcomeDiff(want, werr, got, gerr); d != "" {
			t.Fatalf("step %d: with the cache:\n%s", step, d)
		}
		images := map[string]bool{}
		for name, b := range files {
			if strings.HasPrefix(name, "art/") {
				images[string(b)] = true
			}
		}
		if c.DecodedCount() != len(images) {
			t.Errorf("step %d: %d images cached, want %d", step, c.DecodedCount(), len(images))
		}
	}
}

// TestArtFilesStayInside: the drawers read the art through the content
// folder as the loader did: an image swapped for a symbolic link out of
// the folder after the load is refused, not followed.
func TestArtFilesStayInside(t *testing.T) {
	dir := t.TempDir()
	files := wbgen.Tree(wbgen.Options{Characters: 1, Art: true})
	files["art/gen-char-0000.jpg"] = genart.JPEG(1, 4<<10)
	for name, data := range files {
		p := filepath.Join(dir, "content", filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	outside := filepath.Join(dir, "secret.jpg")
	if err := os.WriteFile(outside, files["art/gen-char-0000.jpg"], 0o644); err != nil {
		t.Fatal(err)
	}
	cfs, err := contentfs.Open(filepath.Join(dir, "content"))
	if err != nil {
		t.Fatal(err)
	}
	defer cfs.Close()
	cat, err := Load(cfs, Options{Root: "content"})
	if err != nil {
		t.Fatal(err)
	}
	a := cat.Character("gen-char-0000").Art
	if _, err := cat.ReadArt(a); err != nil {
		t.Fatalf("ReadArt: %v", err)
	}
	img := filepath.Join(dir, "content", "art", "gen-char-0000.jpg")
	if err := os.Remove(img); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(outside, img); err != nil {
		t.Fatal(err)
	}
	var esc *contentfs.EscapeError
	if _, err := cat.ReadArt(a); !errors.As(err, &esc) {
		t.Errorf("ReadArt of a link out of the folder: %v, want an EscapeError", err)
	}
}
