// Package tinygame is a test-only game that proves the ruleset seam
// (package pipeline/ruleset): two card types (units and spells), a five-step
// engine (package tgengine) with check games, its own content format and
// starter tree (starter/), all in this one folder. Importing it registers
// the game "tinygame"; nothing outside this folder names it but the one
// line that imports it (internal/gametest's conformance test).
//
// What it needs beyond its folder is the seam and the neutral kits
// (pipeline/ruleset, diag, internal/dist, internal/suggest), the suite it
// describes itself to (internal/gametest), and one Warbound package the
// seam still forces on every game: catalog, for ruleset.Drafter's
// []wbcatalog.MissingText (issue 27).
package tinygame

import (
	"embed"
	"encoding/json"
	"fmt"
	"html"
	"io/fs"
	"strconv"
	"strings"
	"unicode/utf8"

	"wbtool.dev/wbtool/diag"
	"wbtool.dev/wbtool/games/warbound/wbcatalog"
	"wbtool.dev/wbtool/internal/dist"
	"wbtool.dev/wbtool/internal/gametest/tinygame/tgengine"
	"wbtool.dev/wbtool/pipeline/ruleset"
)

// Game is the name its trees declare in game.cue.
const Game = "tinygame"

func init() { ruleset.Register(Ruleset{}) }

//go:embed starter
var starter embed.FS

// Starter is the game's starter tree.
func Starter() fs.FS {
	sub, err := fs.Sub(starter, "starter")
	if err != nil {
		panic(err) // the embed holds the folder
	}
	return sub
}

// Ruleset is the tiny game's [ruleset.Ruleset]; it is [ruleset.Portable].
type Ruleset struct{}

// Game is "tinygame".
func (Ruleset) Game() string { return Game }

// Load reads a tree of the tiny game, with the extra files given.
func (Ruleset) Load(fsys fs.FS, lo ruleset.LoadOptions) (ruleset.Content, error) {
	var extra []file
	for _, f := range lo.Extra { // schema.File: the seam's, named without importing schema
		extra = append(extra, file{name: f.Name, src: f.Src})
	}
	c, err := load(fsys, lo.Root, extra, lo.Draft)
	if err != nil {
		return nil, err
	}
	return c, nil
}

// Marshal encodes loaded content for another process.
func (Ruleset) Marshal(c ruleset.Content) ([]byte, error) {
	tc, ok := c.(*Content)
	if !ok {
		return nil, fmt.Errorf("not tiny game content: %T", c)
	}
	return json.Marshal(tc)
}

// Unmarshal decodes what Marshal encoded.
func (Ruleset) Unmarshal(b []byte) (ruleset.Content, error) {
	c := &Content{}
	if err := json.Unmarshal(b, c); err != nil {
		return nil, err
	}
	return c, nil
}

// Content is a loaded tree.
type Content struct {
	Entries  []*Entry
	Missing  []Missing
	Problems diag.List
}

func newContent(entries []*Entry, missing []Missing, warnings diag.List) *Content {
	return &Content{Entries: entries, Missing: missing, Problems: warnings}
}

func (c *Content) of(kind string) []*Entry {
	var out []*Entry
	for _, e := range c.Entries {
		if e.Kind == kind {
			out = append(out, e)
		}
	}
	return out
}

// Summary counts the entries.
func (c *Content) Summary() string {
	return fmt.Sprintf("%s, %s, %s", diag.Plural(len(c.of("unit")), "unit"), diag.Plural(len(c.of("spell")), "spell"),
		diag.Plural(len(c.of("check")), "check game"))
}

// Warnings are the load's warnings.
func (c *Content) Warnings() diag.List { return c.Problems }

// Drafts are the names a draft load filled with a placeholder.
func (c *Content) Drafts() []wbcatalog.MissingText {
	var out []wbcatalog.MissingText
	for _, m := range c.Missing {
		out = append(out, wbcatalog.MissingText{Pos: m.Pos, Path: m.Path, Lang: wbcatalog.Lang(m.Lang)})
	}
	return out
}

func (c *Content) card(id string) tgengine.Card {
	for _, e := range c.Entries {
		if e.ID == id {
			n := func(f string) int { v, _ := strconv.Atoi(e.Fields[f].Text); return v }
			return tgengine.Card{ID: id, Spell: e.Kind == "spell", Power: n("power"), Damage: n("damage"), Cost: n("cost"),
				Counters: e.Fields["counters"].Text}
		}
	}
	return tgengine.Card{ID: id}
}

func (c *Content) hand(v Value) []tgengine.Card {
	var out []tgengine.Card
	for _, id := range strings.Fields(v.Text) {
		out = append(out, c.card(id))
	}
	return out
}

// Play plays check game id: its outcome.
func (c *Content) Play(e *Entry) tgengine.Outcome {
	return tgengine.Play(c.hand(e.Fields["a"]), c.hand(e.Fields["b"]))
}

// Checks plays the check games that keep; a failure is an error at the
// step it expected.
func (c *Content) Checks(keep func(id string) bool) ruleset.CheckReport {
	var rep ruleset.CheckReport
	for _, e := range c.of("check") {
		if keep != nil && !keep(e.ID) {
			continue
		}
		o := c.Play(e)
		want := e.Fields["winner"]
		if o.Winner != want.Text {
			rep.Failed++
			rep.Diagnostics = append(rep.Diagnostics, diag.Errorf(want.Pos, "checks."+e.ID+".winner",
				"check %s: step 5 (score): expected winner %s, got %s (%d against %d)", e.ID, want.Text, o.Winner, o.ScoreA, o.ScoreB))
			continue
		}
		rep.Passed++
	}
	return rep
}

// NameWidth is the most characters a card's name may have to fit.
const NameWidth = 18

var langs = []string{"en", "fr"}

// Layout reports the names too long for the card.
func (c *Content) Layout() diag.List {
	var d diag.List
	for _, e := range c.Entries {
		for _, l := range langs {
			if v, ok := e.Fields["name."+l]; ok && utf8.RuneCountInString(v.Text) > NameWidth {
				d = append(d, diag.Errorf(v.Pos, e.Kind+"s."+e.ID+".name."+l, "the name does not fit the card: %d characters, at most %d",
					utf8.RuneCountInString(v.Text), NameWidth))
			}
		}
	}
	return d
}

// Site is an index and a page per card, per language.
func (c *Content) Site(so ruleset.SiteOptions) (dist.Files, error) {
	if so.CheckOnly {
		return nil, nil
	}
	files := dist.Files{}
	for _, l := range langs {
		var idx strings.Builder
		idx.WriteString("<!doctype html><title>Tiny game</title><ul>\n")
		for _, e := range c.Entries {
			if e.Kind == "check" {
				continue
			}
			name := html.EscapeString(e.Fields["name."+l].Text)
			fmt.Fprintf(&idx, "<li><a href=\"%s.html\">%s</a></li>\n", e.ID, name)
			files[l+"/"+e.ID+".html"] = fmt.Appendf(nil, "<!doctype html><title>%s</title><h1>%s</h1><p>%s</p>\n", name, name, html.EscapeString(c.stats(e)))
		}
		idx.WriteString("</ul>\n")
		files[l+"/index.html"] = []byte(idx.String())
	}
	if so.Emit != nil {
		for rel, b := range files {
			so.Emit(rel, b)
		}
	}
	return files, nil
}

func (c *Content) stats(e *Entry) string {
	var s []string
	for _, fd := range kinds[e.Kind] {
		if v, ok := e.Fields[fd.name]; ok && !strings.HasPrefix(fd.name, "name.") {
			s = append(s, fd.name+" "+v.Text)
		}
	}
	return strings.Join(s, ", ")
}

// Data is catalog.json: every entry and the account of every check game.
func (c *Content) Data() (dist.Files, error) {
	type entry struct {
		Kind, ID string
		Fields   map[string]string
		Account  []tgengine.Step `json:",omitempty"`
	}
	var out []entry
	for _, e := range c.Entries {
		x := entry{Kind: e.Kind, ID: e.ID, Fields: map[string]string{}}
		for k, v := range e.Fields {
			x.Fields[k] = v.Text
		}
		if e.Kind == "check" {
			x.Account = c.Play(e).Steps
		}
		out = append(out, x)
	}
	b, err := json.MarshalIndent(out, "", "  ")
	if err != nil {
		return nil, err
	}
	return dist.Files{"catalog.json": append(b, '\n')}, nil
}

// Print is a text sheet of the cards per language (the tiny game's
// "print-and-play").
func (c *Content) Print(po ruleset.PrintOptions) (dist.Files, error) {
	files := dist.Files{}
	for _, l := range langs {
		var b strings.Builder
		fmt.Fprintf(&b, "tiny game cards (%s), made by wbtool %s\n", l, po.Version)
		if !po.Date.IsZero() {
			fmt.Fprintf(&b, "date: %s\n", po.Date.UTC().Format("2006-01-02"))
		}
		for _, e := range c.Entries {
			if e.Kind != "check" {
				fmt.Fprintf(&b, "[%s] %s: %s\n", e.Kind, e.Fields["name."+l].Text, c.stats(e))
			}
		}
		files["cards-"+l+".txt"] = []byte(b.String())
	}
	return files, nil
}
