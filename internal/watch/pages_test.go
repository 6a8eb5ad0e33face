package watch

import (
	"context"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"testing"

	"wbtool.dev/wbtool/internal/testtool"
)

// TestSessionRandomEditsEqualFreshBuild (property test): after each of a
// sequence of random edits of the starter content's English texts (card
// names and texts, skills, factions, decks...), the session's outputs —
// its site rebuilt incrementally (site.PageCache), its cards laid out
// again only when they changed (wbcards.Layouts.Keep) — equal a fresh
// build's byte for byte; a syntax error in between changes nothing.
func TestSessionRandomEditsEqualFreshBuild(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the starter content twice per edit")
	}
	ctx := context.Background()
	dir, out := starterTree(t), filepath.Join(t.TempDir(), "dist")
	session := func(out string) *Session { return newTestSession(dir, out) }
	s := session(out)
	if r := s.Rebuild(ctx, []string{Everything}); !r.OK() {
		t.Fatalf("first build: %q", r.Errors)
	}
	files, err := filepath.Glob(filepath.Join(dir, "cards", "*.cue"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no card files: %v", err)
	}
	english := regexp.MustCompile(`en: +"[^"\n]*`)
	rng := rand.New(rand.NewPCG(13, 2))
	reusedSome, reusedSheet := false, false
	// Four edits (one a broken save first) find the known defects, e.g. a
	// layout kept for a card whose text changed (Layouts.Keep without its
	// same check: outputs differ at step 2); WBTOOL_LONG=1 makes eight.
	steps := 4
	if testtool.Long() {
		steps = 8
	}
	for step := 1; step <= steps; step++ {
		file := files[rng.IntN(len(files))]
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		at := english.FindAllIndex(src, -1)
		if len(at) == 0 {
			continue
		}
		end := at[rng.IntN(len(at))][1]
		rel, _ := filepath.Rel(dir, file)
		rel = filepath.ToSlash(rel)
		if step%4 == 0 {
			// a broken save first: nothing is written
			broken := append(append(append([]byte(nil), src[:end]...), "\n\t{"...), src[end:]...)
			if err := os.WriteFile(file, broken, 0o644); err != nil {
				t.Fatal(err)
			}
			before := readTree(t, out)
			if r := s.Rebuild(ctx, []string{rel}); r.OK() {
				t.Fatalf("step %d: a syntax error in %s built", step, rel)
			}
			if after := readTree(t, out); len(after) != len(before) {
				t.Fatalf("step %d: a failed build changed the outputs", step)
			}
		}
		edited := append(append(append([]byte(nil), src[:end]...), (" w"+strconv.Itoa(step))...), src[end:]...)
		if err := os.WriteFile(file, edited, 0o644); err != nil {
			t.Fatal(err)
		}
		r := s.Rebuild(ctx, []string{rel})
		fresh := filepath.Join(t.TempDir(), "fresh")
		rf := session(fresh).Rebuild(ctx, []string{Everything})
		if r.OK() != rf.OK() {
			t.Fatalf("step %d (%s): incremental ok=%v %q, fresh ok=%v %q", step, rel, r.OK(), r.OutputErrors, rf.OK(), rf.OutputErrors)
		}
		t.Logf("step %d: %s at %d: %d pages rendered, %d reused; PDF pages: %d compressed, %d reused", step, rel, end,
			r.Pages.Rendered, r.Pages.Reused, r.SheetPages.Compressed, r.SheetPages.Reused)
		reusedSome = reusedSome || r.Pages.Reused > 0
		reusedSheet = reusedSheet || r.SheetPages.Reused > 0 && r.SheetPages.Compressed > 0
		sameTree(t, out, fresh)
		if t.Failed() {
			t.Fatalf("step %d (%s): outputs differ from a fresh build", step, rel)
		}
	}
	if !reusedSome {
		t.Error("no edit reused a page: the test proves nothing about the page cache")
	}
	if !reusedSheet {
		t.Error("no edit printed a sheet with both new and reused pages: the test proves nothing about the PDF page cache")
	}
}
