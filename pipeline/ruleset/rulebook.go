package ruleset

import (
	"slices"

	"wbtool.dev/wbtool/diag"
	"wbtool.dev/wbtool/lang"
	"wbtool.dev/wbtool/render"
)

// Rulebook is content whose rules pages print as a booklet (capability
// CapRulebook): the build's print/rules-<lang>.pdf and `wbtool print
// --rules`, from the same Markdown as the site's rules pages (package
// booklet lays them out).
type Rulebook interface {
	Rulebook() RulebookSource
}

// CapRulebook is the printed rulebook.
var CapRulebook = Capability{"Rulebook", "printed rulebook"}

// RulebookSource is what a game's printed rulebook is made of: its rules
// pages in the site's dialect, its glossary, and its name.
type RulebookSource struct {
	// Game is the game's name as printed on the cover ("Warbound"); Set
	// the set's name in each language, when it has one; Version the
	// set's version.
	Game    string
	Set     lang.Text
	Version string
	// Pages are the rules pages (rules/<lang>/NN-slug.md), as the site
	// reads them.
	Pages []lang.RulesPage
	// RulePrefix starts the game's rule numbers ("R" for R-SHOOT-7);
	// RequireAnchors is the site's (a rule number no page anchors is an
	// error).
	RulePrefix     string
	RequireAnchors bool
	// Langs are the languages to print (nil: English and French): a
	// language without pages of its own is printed only when the game
	// gives it pages (its source's, until translated).
	Langs []lang.Lang
	// Defined are the rule numbers the game defines outside its rules
	// pages (a digest the pages cite, as 40k Unbound's RULES.md): a
	// cross-reference to one prints without a page number and without a
	// warning, and a player aid may name one; a language with no rules
	// page still gets a book of the player aids. Nil: the pages' anchors
	// are the only rules.
	Defined []string
	// Entity names [[id]] in a language (a card, a profile); Noun is
	// what it names, in errors. Nil: [[id]] is an error.
	Entity func(id string, l lang.Lang) (name string, ok bool)
	Noun   string
	// HasIcon tells the game's :icon: names (drawn with the render kit's
	// icons); IconLabel is an icon's English name in plain text. Nil: the
	// game has no icons.
	HasIcon   func(name string) bool
	IconLabel func(name string) string
	// FactionColour is the #rrggbb colour of a faction's Order token
	// icons (nil: none drawn in colour).
	FactionColour func(faction string) (string, bool)
	// Glossary are the terms the booklet's glossary defines and its
	// index lists, with the pages that use them.
	Glossary []lang.Term
	// Figure draws a figure of the rules pages, [[card:id]] (kind
	// "card"): the card's front in language l, with the render kit (the
	// same face as the card sheets). Nil: the game draws no figures.
	Figure func(kind, id string, l lang.Lang) (*render.Face, bool)
	// Draw draws the other figures of the rules pages from the game's
	// data, [[map:…]], [[token:…]] and [[dice:…]] (lang.Figure), as a
	// drawing at its real size in millimetres: the same function gives
	// the site its SVG (site.RulesOptions.Draw, through DrawSVG) and the
	// booklet its vector art. An error is the designer's reason (an
	// unknown scenario, a tile off the board). Nil: none drawn.
	Draw func(f lang.Figure, l lang.Lang) (*render.Drawing, error)
	// Aids are the player aids drawn from the rules data (turn sequence,
	// actions, keywords): printed after the rules, before the glossary.
	Aids []Aid
}

// Aid is a player aid: a titled list of entries made from the data the
// engine reads (a turn's steps, the actions and what they cost, the
// keywords), in both languages. Rule names a rule number each entry
// refers to, checked against the rules pages' anchors.
type Aid struct {
	ID      string
	Title   lang.Text
	Entries []AidEntry
}

// AidEntry is one line of a player aid: a name, what it does, and the
// rule number that says so ("" for none).
type AidEntry struct {
	Name lang.Text
	Text lang.Text
	Rule string
	// Pos is where the entry's data is written, for the check of its
	// rule.
	Pos diag.Pos
}

// AidRules are the rule numbers the aids name, sorted, each once. A game
// whose aids are made from its engine's data cites its own rules there;
// it lists them in Defined so that a designer's rules pages, which may
// carry other rules, print them as bare numbers rather than fail (its
// starter's pages anchor every one: a test of the game pins it).
func AidRules(aids []Aid) []string {
	var ids []string
	for _, a := range aids {
		for _, e := range a.Entries {
			if e.Rule != "" && !slices.Contains(ids, e.Rule) {
				ids = append(ids, e.Rule)
			}
		}
	}
	slices.Sort(ids)
	return ids
}

// DrawSVG is a game's Draw as the site's rules pages take it
// (site.RulesOptions.Draw): the drawing as an SVG image and its title.
func DrawSVG(draw func(f lang.Figure, l lang.Lang) (*render.Drawing, error)) func(f lang.Figure, l lang.Lang) ([]byte, string, error) {
	if draw == nil {
		return nil
	}
	return func(f lang.Figure, l lang.Lang) ([]byte, string, error) {
		d, err := draw(f, l)
		if err != nil {
			return nil, "", err
		}
		return d.SVG(string(l)), d.Title, nil
	}
}
