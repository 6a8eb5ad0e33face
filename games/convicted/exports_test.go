package convicted

import (
	"context"
	"strings"
	"testing"

	"wbtool.dev/wbtool/changes"
	"wbtool.dev/wbtool/internal/dist"
	"wbtool.dev/wbtool/lang"
	"wbtool.dev/wbtool/pipeline/ruleset"
)

// TestDiffShowsRuleStates: a rule moving from "tbd" to "defined" and a
// stage's number changing show as field changes (Differ); the texts
// cover every name in both languages (Translations).
func TestDiffShowsRuleStates(t *testing.T) {
	c := loadStarter(t)
	a, err := c.Comparable()
	if err != nil {
		t.Fatal(err)
	}
	cat := *c.Catalog
	cat.Rules = append(cat.Rules[:0:0], cat.Rules...)
	stages := append(cat.Stages.List[:0:0], cat.Stages.List...)
	cat.Stages.List = stages
	id := ""
	for i := range cat.Rules {
		if cat.Rules[i].State == "tbd" {
			cat.Rules[i].State, id = "defined", cat.Rules[i].ID
			break
		}
	}
	stages[0].HitOn++
	b, err := comparable(&cat)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Join(changes.Compare(a, b).Lines(0), "\n")
	for _, want := range []string{id + ": state tbd → defined", "stage-1: hitOn 6 → 7"} {
		if !strings.Contains(lines, want) {
			t.Errorf("diff lacks %q:\n%s", want, lines)
		}
	}
	tx := c.Texts()
	if n := len(tx.All()); n != tx.Count || n < len(c.Catalog.Heroes)*3+len(c.Catalog.Stages.List) {
		t.Errorf("texts: %d listed, count %d", n, tx.Count)
	}
}

// TestExport: one PNG per face of every card, a TTS object with a deck
// per kind; an unknown save sheet is a request error. In -short the
// conformance suite's export (the same request) is checked instead
// (checkExport, given to the suite as gametest.Game.Exported), and the
// suite refuses an unknown save sheet.
func TestExport(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: checkExport checks the conformance suite's export")
	}
	c := loadStarter(t)
	out, err := c.Export(context.Background(), ruleset.ExportRequest{Profiles: []string{"tgc"}, TTS: true, Langs: []lang.Lang{lang.English}})
	if err != nil {
		t.Fatal(err)
	}
	checkExport(t, c, out.Files)
	if _, err := c.Export(context.Background(), ruleset.ExportRequest{Deck: "nope"}); err == nil {
		t.Error("an unknown save sheet exports")
	}
}

// CheckExport is checkExport for the conformance suite (package
// convicted_test), given the content as the pipeline holds it.
func CheckExport(t *testing.T, content ruleset.Content, files dist.Files) {
	t.Helper()
	c, ok := content.(*Content)
	if !ok {
		t.Fatalf("the export's content is a %T, not The Convicted's", content)
	}
	checkExport(t, c, files)
}

// checkExport checks an English export of print profile tgc with TTS:
// one PNG per face of every card, a TTS object with a deck per kind and
// a bag per group of tokens holding the printed counts.
func checkExport(t *testing.T, c *Content, files dist.Files) {
	t.Helper()
	png := 0
	for rel := range files {
		if strings.HasSuffix(rel, ".png") && strings.Contains(rel, "png/tgc/") {
			png++
		}
	}
	if want := 2 * len(c.cards(lang.English)); png != want {
		t.Errorf("%d card images, want %d", png, want)
	}
	// the saved object holds the bags of tiles, each tile's image written
	tokens, tiles, bags := 0, 0, 0
	for rel, data := range files {
		if strings.Contains(rel, "-token-") && strings.HasSuffix(rel, ".png") {
			tokens++
		}
		if strings.HasSuffix(rel, ".json") && strings.Contains(rel, "tts/") {
			tiles += strings.Count(string(data), `"Name": "Custom_Tile"`)
			bags += strings.Count(string(data), `"Name": "Bag"`)
		}
	}
	comp := c.Catalog.Components
	printed := comp.FortificationTokens + comp.DitchTokens + comp.MoatTokens + comp.ResourceMarkers + comp.Defenders + comp.Enemies + comp.SiegeEngines
	if tokens == 0 || tiles != printed || bags != len(c.tokenGroups(lang.English)) {
		t.Errorf("TTS: %d token images, %d tiles in %d bags; want the %d printed tokens in %d bags", tokens, tiles, bags, printed, len(c.tokenGroups(lang.English)))
	}
	objs, _ := c.ttsObjects(lang.English)
	if len(objs) != 1 || len(objs[0].Groups) != 6 {
		t.Errorf("TTS objects %+v: want one with 6 decks (heroes, buildings, technologies, spells, blessings, enemy cards)", objs)
	}
	// a bag per group of tokens, each holding the printed count
	groups := c.tokenGroups(lang.English)
	if len(objs) == 1 && len(objs[0].Bags) != len(groups) {
		t.Errorf("TTS bags: %d, want %d", len(objs[0].Bags), len(groups))
	}
	for i := range min(len(groups), len(objs[0].Bags)) {
		n := 0
		for _, tk := range groups[i].tokens {
			n += tk.count
		}
		if got := len(objs[0].Bags[i].Tokens); got != n {
			t.Errorf("TTS bag %q holds %d tokens, want %d", objs[0].Bags[i].Description, got, n)
		}
	}
}
