package convicted

import (
	"context"
	"strings"
	"testing"

	"wbtool.dev/wbtool/changes"
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
// per kind; an unknown save sheet is a request error.
func TestExport(t *testing.T) {
	c := loadStarter(t)
	out, err := c.Export(context.Background(), ruleset.ExportRequest{Profiles: []string{"tgc"}, TTS: true, Langs: []lang.Lang{lang.English}})
	if err != nil {
		t.Fatal(err)
	}
	png := 0
	for rel := range out.Files {
		if strings.HasSuffix(rel, ".png") && strings.Contains(rel, "png/tgc/") {
			png++
		}
	}
	if want := 2 * len(c.cards(lang.English)); png != want {
		t.Errorf("%d card images, want %d", png, want)
	}
	objs, _ := c.ttsObjects(lang.English)
	if len(objs) != 1 || len(objs[0].Groups) != 6 {
		t.Errorf("TTS objects %+v: want one with 6 decks (heroes, buildings, technologies, spells, blessings, enemy cards)", objs)
	}
	if _, err := c.Export(context.Background(), ruleset.ExportRequest{Deck: "nope"}); err == nil {
		t.Error("an unknown save sheet exports")
	}
}
