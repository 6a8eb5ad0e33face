package unbound

import (
	"bytes"
	"context"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	ubstarter "wbtool.dev/wbtool/games/unbound/starter"
	"wbtool.dev/wbtool/lang"
	"wbtool.dev/wbtool/pipeline/ruleset"
)

// TestSheetsHoldEveryOrder: the printed kit names the 13 orders and the
// quick reference's rules in both languages (pdftotext, when present).
func TestSheetsHoldEveryOrder(t *testing.T) {
	c := starter(t)
	if d := c.Layout(); len(d) > 0 {
		t.Fatalf("layout:\n%s", d.Text())
	}
	set, err := c.Sheets(context.Background(), ruleset.SheetRequest{Paper: "a4", Tool: "test"})
	if err != nil {
		t.Fatal(err)
	}
	if len(set.Paths) != 2 || len(set.Files) != 2 {
		t.Fatalf("paths %v, %d files: want one per language", set.Paths, len(set.Files))
	}
	pdftotext, err := exec.LookPath("pdftotext")
	if err != nil {
		t.Skip("no pdftotext")
	}
	dir := t.TempDir()
	for rel, b := range set.Files {
		if !bytes.HasPrefix(b, []byte("%PDF-")) {
			t.Fatalf("%s is no PDF", rel)
		}
		in := filepath.Join(dir, filepath.Base(rel))
		if err := os.WriteFile(in, b, 0o644); err != nil {
			t.Fatal(err)
		}
		out, err := exec.Command(pdftotext, in, "-").Output()
		if err != nil {
			t.Fatal(err)
		}
		text := string(out)
		l := "en"
		if strings.Contains(rel, "-fr") {
			l = "fr"
		}
		for _, o := range c.Catalog.Orders {
			if !strings.Contains(text, o.Name.In(lang.Lang(l))) || !strings.Contains(text, o.Rule) {
				t.Errorf("%s lacks order %s (%s)", rel, o.Name.In(lang.Lang(l)), o.Rule)
			}
		}
		for _, r := range []string{"U-REACT-3", "U-REACT-4", "U-REACT-5", "U-SHOOT-2", "U-PSY-1", "U-END"} {
			if !strings.Contains(text, r) {
				t.Errorf("%s: the quick reference lacks %s", rel, r)
			}
		}
	}
}

func starterFS() fs.FS { return ubstarter.FS }

func starter(t *testing.T) *Content {
	t.Helper()
	c, err := Ruleset{}.Load(ubstarter.FS, ruleset.LoadOptions{Root: "games/unbound/starter"})
	if err != nil {
		t.Fatal(err)
	}
	return c.(*Content)
}
