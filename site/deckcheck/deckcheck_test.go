package deckcheck_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"wbtool.dev/wbtool/content"
	"wbtool.dev/wbtool/games/warbound/wbcatalog"
	"wbtool.dev/wbtool/games/warbound/wbdeck"
	"wbtool.dev/wbtool/games/warbound/wbdeck/corpus"
	"wbtool.dev/wbtool/schema"
)

// compacted is the starter catalog as the browser gets it: through the
// JSON of Data.
func compacted(t *testing.T, cat *wbcatalog.Catalog) *wbcatalog.Catalog {
	t.Helper()
	js := string(wbdeck.Compact(cat).JS())
	var quoted string
	if err := json.Unmarshal([]byte(strings.TrimSuffix(strings.TrimPrefix(js, "window.WB_DECK_DATA = "), ";\n")), &quoted); err != nil {
		t.Fatalf("deck-data.js is not a quoted JSON string: %v", err)
	}
	var d wbdeck.Data
	if err := json.Unmarshal([]byte(quoted), &d); err != nil {
		t.Fatal(err)
	}
	return d.Catalog()
}

func problems(v wbdeck.Verdict) []string {
	var out []string
	for _, p := range v.Problems {
		out = append(out, fmt.Sprintf("%s (%s)", p.EN, p.Rule))
	}
	return out
}

// TestSameVerdictAsCLI: on the compact catalog the browser gets, Check
// says of every starter deck and every illegal deck of the CLI's corpus
// what `wbtool deck check` says (the loader's messages, in order), and in
// the other format what the deck pages say (wbcatalog.CheckDeckAs on the
// full catalog).
func TestSameVerdictAsCLI(t *testing.T) {
	if testing.Short() {
		t.Skip("long: make test runs it, not -short")
	}
	full, err := corpus.Starter()
	if err != nil {
		t.Fatal(err)
	}
	small := compacted(t, full)
	cases, err := corpus.Decks()
	if err != nil {
		t.Fatal(err)
	}
	illegal := 0
	for _, c := range cases {
		t.Run(c.Name, func(t *testing.T) {
			res := wbdeck.Check(small, c.Deck)
			if res.Formats[0].Format != c.Deck.Format {
				t.Fatalf("first verdict is for %s, want the deck's own format %s", res.Formats[0].Format, c.Deck.Format)
			}
			if got := problems(res.Formats[0]); strings.Join(got, "\n") != strings.Join(c.Want, "\n") {
				t.Errorf("own format:\n got %q\nwant %q", got, c.Want)
			}
			if res.Formats[0].Legal != (len(c.Want) == 0) {
				t.Errorf("legal = %v with %d problems", res.Formats[0].Legal, len(c.Want))
			}
			other := res.Formats[1]
			var want []string
			for _, p := range full.CheckDeckAs(&wbcatalog.Deck{Format: c.Deck.Format, Cards: c.Deck.Cards, Attachments: c.Deck.Attachments}, other.Format) {
				want = append(want, fmt.Sprintf("%s (%s)", p.Msg.EN, p.Rule))
			}
			if got := problems(other); strings.Join(got, "\n") != strings.Join(want, "\n") {
				t.Errorf("%s:\n got %q\nwant %q", other.Format, got, want)
			}
		})
		if len(c.Want) > 0 {
			illegal++
		}
	}
	if len(full.Decks) < 6 || illegal < 7 {
		t.Errorf("%d starter decks and %d illegal decks: the corpus went missing", len(full.Decks), illegal)
	}
}

// TestCUEValidates: the CUE text of every starter deck, under its French
// name and under a hostile one, loads with the starter content as content
// files (validated by the schema, in one load) and gives back the same
// deck.
func TestCUEValidates(t *testing.T) {
	full, err := corpus.Starter()
	if err != nil {
		t.Fatal(err)
	}
	small := compacted(t, full)
	type export struct {
		id   string
		name string
		deck wbcatalog.Deck
	}
	var extra []schema.File
	var exports []export
	for _, d := range full.Decks {
		for i, name := range []string{d.Name.FR, `Fumée "\(x)" \ ` + "\u2028</script>"} {
			res := wbdeck.Check(small, wbdeck.Deck{Name: name, Format: d.Format, Cards: d.Cards, Attachments: d.Attachments})
			// The starter content has these decks already: rename the copy.
			id := fmt.Sprintf("x%d-%s", i, d.ID)
			src := strings.Replace(res.CUE, "decks: \""+res.ID+"\"", "decks: \""+id+"\"", 1)
			if src == res.CUE {
				t.Fatalf("%s: the CUE text does not declare deck %q:\n%s", d.ID, res.ID, res.CUE)
			}
			extra = append(extra, schema.File{Name: "content/scenarios/" + id + ".cue", Src: []byte(src)})
			exports = append(exports, export{id: id, name: name, deck: d})
		}
	}
	cat, err := schema.Load(content.FS, schema.Options{Root: "content", Extra: extra})
	if err != nil {
		t.Fatalf("the exported decks do not load: %v", err)
	}
	for _, e := range exports {
		got := cat.Deck(e.id)
		if got == nil {
			t.Fatalf("no deck %s after loading", e.id)
		}
		if got.Name.EN != e.name || got.Name.FR != e.name || got.Format != e.deck.Format || fmt.Sprint(got.Cards) != fmt.Sprint(e.deck.Cards) ||
			fmt.Sprint(attachments(got)) != fmt.Sprint(attachments(&e.deck)) {
			t.Errorf("%s: loaded back as %+v, want %+v", e.id, got, e.deck)
		}
	}
}

func attachments(d *wbcatalog.Deck) []string {
	var out []string
	for _, a := range d.Attachments {
		out = append(out, a.Upgrade+">"+a.To)
	}
	return out
}

func TestSlug(t *testing.T) {
	for in, want := range map[string]string{
		"Raiders Strike Team": "raiders-strike-team", "Fumée et ferraille": "fumee-et-ferraille",
		"Smoke & Scrap!": "smoke-scrap", "": "my-deck", "  ": "my-deck", "Œuvre 2": "oeuvre-2", "<script>": "script",
	} {
		if got := wbdeck.Slug(in); got != want {
			t.Errorf("Slug(%q) = %q, want %q", in, got, want)
		}
	}
}
