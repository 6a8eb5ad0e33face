package watch

import (
	"bytes"
	"context"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSessionSeesArtBytesAndNumbers: two edits that change what a card
// image shows without changing the card's own entry — new bytes under the
// same art file name, and a card added before it (its number moves) —
// give the outputs of a fresh build.
func TestSessionSeesArtBytesAndNumbers(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the starter content four times")
	}
	ctx := context.Background()
	dir, out := starterTree(t), filepath.Join(t.TempDir(), "dist")
	s := newTestSession(dir, out)
	if r := s.Rebuild(ctx, []string{Everything}); !r.OK() {
		t.Fatalf("first build: %q", r.Errors)
	}
	fresh := func(step string) {
		t.Helper()
		full := filepath.Join(t.TempDir(), "full")
		if r := newTestSession(dir, full).Rebuild(ctx, []string{Everything}); !r.OK() {
			t.Fatalf("%s: fresh build: %q", step, r.Errors)
		}
		sameTree(t, out, full)
		if t.Failed() {
			t.Fatalf("%s: the session's outputs differ from a fresh build", step)
		}
	}

	// copp's picture replaced by another of the same size and name
	img := image.NewRGBA(image.Rect(0, 0, 64, 64))
	for i := range img.Pix {
		img.Pix[i] = byte(i * 7)
	}
	img.Set(0, 0, color.RGBA{1, 2, 3, 255})
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "art", "copp.png"), buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	if r := s.Rebuild(ctx, []string{"art/copp.png"}); !r.OK() {
		t.Fatalf("new art: %q", r.Errors)
	} else if r.Images.Rendered == 0 {
		t.Errorf("new art bytes rendered no image: %+v", r.Images)
	}
	fresh("new art")

	// a Character sorted before every other: every Character's number
	// moves by one
	if err := os.WriteFile(filepath.Join(dir, "cards", "aaa.cue"), []byte(strings.NewReplacer(`"zz-watch-test-scout"`, `"aaa-first-scout"`, `"Watch scout"`, `"First scout"`, `"Éclaireur de guet"`, `"Premier éclaireur"`).Replace(extraCard)), 0o644); err != nil {
		t.Fatal(err)
	}
	if r := s.Rebuild(ctx, []string{"cards/aaa.cue"}); !r.OK() {
		t.Fatalf("new card: %q", r.Errors)
	}
	fresh("card added first")
}
