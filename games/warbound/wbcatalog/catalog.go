// Package wbcatalog holds the plain Go values that Warbound content defines:
// factions, cards, action boards, scenarios, decks, the glossary and the
// designers' check games.
//
// The catalog is what every consumer reads (engine, render, site, JSON
// export). It is produced by the schema package, which has already
// validated the content: consumers never re-validate what the loader
// guaranteed and never read CUE themselves. The package imports only the
// standard library, package diag (positions and problem reports) and
// package lang (languages and texts, shared by every game).
//
// Every collection is a slice sorted by id, so that ranging over the catalog
// is deterministic; the Lookup methods find one entry by id.
package wbcatalog

import (
	"sort"
	"strings"

	"wbtool.dev/wbtool/diag"
	"wbtool.dev/wbtool/lang"
)

// SchemaVersion is the version of the JSON catalog written to
// dist/data/catalog.json. Bump it when a field changes meaning or goes away.
const SchemaVersion = 1

// Lang, Text and their languages are package lang's, shared by every
// game: the catalog names them as aliases, so Warbound's code reads
// wbcatalog.Text and the values are lang's.
type (
	// Lang is a language code of the content: "en" or "fr".
	Lang = lang.Lang
	// Text is a text in both languages.
	Text = lang.Text
)

// The languages every text is written in.
const (
	English = lang.English
	French  = lang.French
)

// Langs lists the content languages in their canonical order.
var Langs = lang.Langs

// Pos is a position in a content file (package diag, where problem
// reports are defined, owns it; catalog entities carry it).
type Pos = diag.Pos

// Format is a game format.
type Format string

// The two formats of R-FMT-1.
const (
	Exploration   Format = "exploration"
	Confrontation Format = "confrontation"
)

// Title is the format's name for display: "Exploration".
func (f Format) Title() string {
	switch f {
	case Exploration:
		return "Exploration"
	case Confrontation:
		return "Confrontation"
	}
	return string(f)
}

// Article is the format's name with its indefinite article, for messages:
// "an Exploration", "a Confrontation".
func (f Format) Article() string {
	if f == Exploration {
		return "an Exploration"
	}
	return "a " + f.Title()
}

// Catalog is the whole validated content.
type Catalog struct {
	SchemaVersion int `json:"schemaVersion"`

	// Set is the set's name and version (set.go).
	Set Set `json:"set"`

	Factions     []Faction       `json:"factions"`
	Skills       []Skill         `json:"skills"`
	Characters   []Character     `json:"characters"`
	Leaders      []Leader        `json:"leaders"`
	Equipment    []Equipment     `json:"equipment"`
	Formations   []Formation     `json:"formations"`
	Vocations    []Vocation      `json:"vocations"`
	References   []ReferenceCard `json:"references"`
	ActionBoards []ActionBoard   `json:"actionBoards"`
	Scenarios    []Scenario      `json:"scenarios"`
	Objectives   []ObjectiveCard `json:"objectives"`
	Decks        []Deck          `json:"decks"`
	Glossary     []Term          `json:"glossary"`
	Strings      []UIString      `json:"strings"`
	Checks       []CheckGame     `json:"checks"`

	// Numbers are the card numbers the designer wrote (`number: 7`), by
	// card id; Numbered gives every card its number.
	Numbers map[string]CardNo `json:"-"`

	// Rules are the rules pages (Markdown), per language. They are content
	// for the site, not CUE.
	Rules []RulesPage `json:"-"`

	// Texts counts the bilingual texts of the content (for coverage).
	Texts int `json:"-"`

	// Draft lists the texts that were missing a language when the content
	// was loaded in draft mode. It is empty otherwise.
	Draft []MissingText `json:"-"`

	// Stale are the translations whose source text changed since a
	// translator accepted them (the translations lock, which package pipeline
	// reads; keys are TextKey of the translation's path and language). The
	// site marks them discreetly; with MarkStale the card faces tag them
	// too (draft printing, wbcards.Drafted).
	Stale     map[string]bool `json:"-"`
	MarkStale bool            `json:"-"`

	// TextPositions are the positions of the card texts in each language
	// (MarkupTexts), keyed by TextKey: where a designer edits a text that
	// does not fit.
	TextPositions map[string]Pos `json:"-"`

	// Warnings are what the loader found that does not stop a build
	// (an interface string under a key wbtool does not have).
	Warnings diag.List `json:"-"`

	// art reads the art's image files (SetArtReader, ReadArt); not
	// data: no encoding carries it.
	art ArtReader `budget:"-"`
}

// TextKey is the key of TextPositions for a text's path and language,
// e.g. "equipment/scope/text/fr".
func TextKey(path []string, l Lang) string { return lang.TextKey(path, l) }

// TextPos is the position of the text at path in language l, or fallback
// when it is not known.
func (c *Catalog) TextPos(path []string, l Lang, fallback Pos) Pos {
	if p, ok := c.TextPositions[TextKey(path, l)]; ok {
		return p
	}
	return fallback
}

// IsStale reports whether the translation in language l of the text at
// path is stale (Stale): "skills", "cool-headed", "text".
func (c *Catalog) IsStale(l Lang, path ...string) bool {
	return len(c.Stale) > 0 && c.Stale[TextKey(path, l)]
}

// MissingText is a text that lacks one language (draft mode only),
// package lang's.
type MissingText = lang.MissingText

// Faction is a warband faction; its id is also the colour name of its Order
// tokens.
type Faction struct {
	ID     string `json:"id"`
	Name   Text   `json:"name"`
	Colour string `json:"colour"` // #rrggbb
	Pos    Pos    `json:"-"`
}

// RulesPage (a rules chapter in one language) and Term (a glossary
// entry) are package lang's: the site frame reads them from any game.
type (
	RulesPage = lang.RulesPage
	Term      = lang.Term
)

// UIString is an interface string of the site or the print sheets.
type UIString struct {
	ID   string `json:"id"`
	Text Text   `json:"text"`
	Pos  Pos    `json:"-"`
}

// sortByID sorts a slice of catalog entries by their id.
func sortByID[T any](s []T, id func(*T) string) {
	sort.SliceStable(s, func(i, j int) bool { return id(&s[i]) < id(&s[j]) })
}

// find returns the entry with the given id in a slice sorted by id. It
// searches by index: an entry is a large struct, not copied to compare.
func find[T any](s []T, id func(*T) string, want string) *T {
	i, ok := sort.Find(len(s), func(i int) int { return strings.Compare(want, id(&s[i])) })
	if !ok {
		return nil
	}
	return &s[i]
}

// Sort puts every collection in id order. The loader calls it once; anyone
// who builds a Catalog by hand (tests, generators) should call it too.
func (c *Catalog) Sort() {
	sortByID(c.Factions, func(x *Faction) string { return x.ID })
	sortByID(c.Skills, func(x *Skill) string { return x.ID })
	sortByID(c.Characters, func(x *Character) string { return x.ID })
	sortByID(c.Leaders, func(x *Leader) string { return x.ID })
	sortByID(c.Equipment, func(x *Equipment) string { return x.ID })
	sortByID(c.Formations, func(x *Formation) string { return x.ID })
	sortByID(c.Vocations, func(x *Vocation) string { return x.ID })
	sortByID(c.References, func(x *ReferenceCard) string { return x.ID })
	sortByID(c.ActionBoards, func(x *ActionBoard) string { return x.ID })
	sortByID(c.Scenarios, func(x *Scenario) string { return x.ID })
	sortByID(c.Objectives, func(x *ObjectiveCard) string { return x.ID })
	sortByID(c.Decks, func(x *Deck) string { return x.ID })
	sortByID(c.Glossary, func(x *Term) string { return x.ID })
	sortByID(c.Strings, func(x *UIString) string { return x.ID })
	sortByID(c.Checks, func(x *CheckGame) string { return x.ID })
	sort.SliceStable(c.Rules, func(i, j int) bool { return c.Rules[i].Path < c.Rules[j].Path })
}

// Faction returns the faction with the given id, or nil.
func (c *Catalog) Faction(id string) *Faction {
	return find(c.Factions, func(x *Faction) string { return x.ID }, id)
}

// Skill returns the skill with the given id, or nil.
func (c *Catalog) Skill(id string) *Skill {
	return find(c.Skills, func(x *Skill) string { return x.ID }, id)
}

// Character returns the Character card with the given id, or nil.
func (c *Catalog) Character(id string) *Character {
	return find(c.Characters, func(x *Character) string { return x.ID }, id)
}

// Leader returns the Leader card with the given id, or nil.
func (c *Catalog) Leader(id string) *Leader {
	return find(c.Leaders, func(x *Leader) string { return x.ID }, id)
}

// EquipmentCard returns the Equipment card with the given id, or nil.
func (c *Catalog) EquipmentCard(id string) *Equipment {
	return find(c.Equipment, func(x *Equipment) string { return x.ID }, id)
}

// Formation returns the Formation card with the given id, or nil.
func (c *Catalog) Formation(id string) *Formation {
	return find(c.Formations, func(x *Formation) string { return x.ID }, id)
}

// Vocation returns the Vocation card with the given id, or nil.
func (c *Catalog) Vocation(id string) *Vocation {
	return find(c.Vocations, func(x *Vocation) string { return x.ID }, id)
}

// Reference returns the Reference card with the given id, or nil.
func (c *Catalog) Reference(id string) *ReferenceCard {
	return find(c.References, func(x *ReferenceCard) string { return x.ID }, id)
}

// ActionBoard returns the action board with the given id, or nil.
func (c *Catalog) ActionBoard(id string) *ActionBoard {
	return find(c.ActionBoards, func(x *ActionBoard) string { return x.ID }, id)
}

// Scenario returns the scenario with the given id, or nil.
func (c *Catalog) Scenario(id string) *Scenario {
	return find(c.Scenarios, func(x *Scenario) string { return x.ID }, id)
}

// Objective returns the Objective card with the given id, or nil.
func (c *Catalog) Objective(id string) *ObjectiveCard {
	return find(c.Objectives, func(x *ObjectiveCard) string { return x.ID }, id)
}

// Deck returns the deck with the given id, or nil.
func (c *Catalog) Deck(id string) *Deck {
	return find(c.Decks, func(x *Deck) string { return x.ID }, id)
}

// Check returns the check game with the given id, or nil.
func (c *Catalog) Check(id string) *CheckGame {
	return find(c.Checks, func(x *CheckGame) string { return x.ID }, id)
}

// BoardFor returns the action board of a format (the first by id), or nil.
func (c *Catalog) BoardFor(f Format) *ActionBoard {
	for i := range c.ActionBoards {
		if c.ActionBoards[i].Format == f {
			return &c.ActionBoards[i]
		}
	}
	return nil
}
