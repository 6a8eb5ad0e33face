package convicted

import (
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"wbtool.dev/wbtool/lang"
	"wbtool.dev/wbtool/pipeline/ruleset"
	"wbtool.dev/wbtool/render"
)

// TestKitCounts: the kit prints the cards and tokens in the numbers of
// the component counts (C-COMP-1, C-COMP-4 to C-COMP-6).
func TestKitCounts(t *testing.T) {
	c := loadStarter(t)
	comp := c.Catalog.Components
	kinds := map[string]int{}
	for _, k := range c.cards(lang.English) {
		kinds[k.kind]++
	}
	levels := 0
	for _, b := range c.Catalog.Buildings {
		levels += len(b.Levels)
	}
	spells := map[string]int{}
	for _, s := range c.Catalog.Spells {
		spells[s.Kind]++
	}
	for kind, want := range map[string]int{"hero": comp.HeroCards, "technology": comp.TechnologyCards, "enemy": comp.EnemyCards, "building": levels,
		"spell": spells["spell"], "blessing": spells["blessing"]} {
		if kinds[kind] != want {
			t.Errorf("%s cards: %d, want %d", kind, kinds[kind], want)
		}
	}
	if levels != comp.BuildingTokens {
		t.Errorf("building levels %d, building tokens %d (C-COMP-5)", levels, comp.BuildingTokens)
	}
	groups := c.tokenGroups(lang.French)
	for i, want := range []int{comp.FortificationTokens, comp.DitchTokens + comp.MoatTokens, comp.ResourceMarkers, comp.Defenders, comp.Enemies, comp.SiegeEngines} {
		n := 0
		for _, tk := range groups[i].tokens {
			n += tk.count
		}
		if n != want {
			t.Errorf("tokens %q: %d, want %d", groups[i].head, n, want)
		}
	}
}

// TestSheets: the kit and a filled save sheet print in both languages on
// both papers; what the content lacks is a request error; the PDFs name
// the 14 stages and the save sheet's values (pdftotext, when present).
func TestSheets(t *testing.T) {
	c := loadStarter(t)
	if d := c.Layout(); len(d) > 0 {
		t.Fatalf("layout:\n%s", d.Text())
	}
	for _, paper := range render.Papers() {
		if _, err := c.Sheets(context.Background(), ruleset.SheetRequest{Paper: paper, Tool: "test", Deck: "after-landfall"}); err != nil {
			t.Fatalf("%s: %v", paper, err)
		}
	}
	board, err := c.Sheets(context.Background(), ruleset.SheetRequest{Paper: "letter", Tool: "test", Map: "board"})
	if err != nil || len(board.Paths) != 2 || board.Paths[0] != "print/maps/board-letter-en.pdf" {
		t.Fatalf("the board: %v %v", board.Paths, err)
	}
	for _, req := range []ruleset.SheetRequest{{Paper: "a4", Deck: "nope"}, {Paper: "a4", Map: "nope"}, {Paper: "a4", Map: "board", HexSize: 20}} {
		var re *ruleset.RequestError
		if _, err := c.Sheets(context.Background(), req); !errors.As(err, &re) {
			t.Errorf("%+v: %v, want a request error", req, err)
		}
	}
	kit, err := c.Sheets(context.Background(), ruleset.SheetRequest{Paper: "a4", Tool: "test"})
	if err != nil {
		t.Fatal(err)
	}
	save, err := c.Sheets(context.Background(), ruleset.SheetRequest{Paper: "letter", Tool: "test", Deck: "after-landfall", Langs: []lang.Lang{lang.English}})
	if err != nil {
		t.Fatal(err)
	}
	if len(kit.Files) != 2 || len(save.Files) != 1 || save.Paths[0] != "print/saves/after-landfall-en.pdf" {
		t.Fatalf("kit %v, save %v", kit.Paths, save.Paths)
	}
	pdftotext, err := exec.LookPath("pdftotext")
	if err != nil {
		t.Skip("no pdftotext")
	}
	text := func(b []byte) string {
		if !bytes.HasPrefix(b, []byte("%PDF-")) {
			t.Fatal("no PDF")
		}
		in := filepath.Join(t.TempDir(), "x.pdf")
		if err := os.WriteFile(in, b, 0o644); err != nil {
			t.Fatal(err)
		}
		out, err := exec.Command(pdftotext, in, "-").Output()
		if err != nil {
			t.Fatal(err)
		}
		return string(out)
	}
	for rel, b := range kit.Files {
		l := lang.English
		if strings.Contains(rel, "-fr") {
			l = lang.French
		}
		s := text(b)
		for _, st := range c.Catalog.Stages.List {
			if !strings.Contains(s, st.Name.In(l)) {
				t.Errorf("%s lacks stage %d %q", rel, st.Number, st.Name.In(l))
			}
		}
		for _, h := range c.Catalog.Heroes {
			if !strings.Contains(s, h.Name.In(l)) {
				t.Errorf("%s lacks hero %q", rel, h.Name.In(l))
			}
		}
	}
	s := text(save.Files["saves/after-landfall-en.pdf"])
	for _, want := range []string{"The first colony", "Ada", "The Oracle", "Quarrying"} {
		if !strings.Contains(s, want) {
			t.Errorf("the filled save sheet lacks %q", want)
		}
	}
}

// TestLayoutReportsTokens: a unit name that fits the 28 characters of a
// card but not its token is a layout error naming the token.
func TestLayoutReportsTokens(t *testing.T) {
	c := loadStarter(t)
	c.Catalog.Units[0].Name.FR = "Arbalétriers mercenaires xx"
	d := c.Layout()
	if len(d) == 0 || !strings.Contains(d.Text(), "the token Arbalétriers mercenaires xx") {
		t.Fatalf("layout:\n%s", d.Text())
	}
}
