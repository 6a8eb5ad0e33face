package convicted

import (
	"fmt"

	"wbtool.dev/wbtool/games/convicted/cvcatalog"
	"wbtool.dev/wbtool/pipeline/ruleset"
)

// Save sheets are The Convicted's decks (ruleset.DeckChecker): `wbtool
// deck check SAVE` checks a filled save sheet (C-SAVE-2) of the content by
// id, or every save sheet of a file given with the content. The load
// checks every save sheet against the rules (cvcatalog.CheckSave) and
// refuses a broken one at its field; a loaded one is valid.

var _ ruleset.DeckChecker = (*Content)(nil)

// DeckNoun is "save": the sheets are declared under `saves:`.
func (c *Content) DeckNoun() (one, many string) { return "save", "saves" }

// DeckIDs are the save sheets of file ("" : all).
func (c *Content) DeckIDs(file string) []string {
	var out []string
	for _, s := range c.Catalog.Saves {
		if file == "" || s.File == file {
			out = append(out, s.ID)
		}
	}
	return out
}

// CheckDeck is save sheet id's report.
func (c *Content) CheckDeck(id string) (ruleset.DeckReport, bool) {
	s := cvcatalog.Find(c.Catalog.Saves, id, func(x *cvcatalog.Save) string { return x.ID })
	if s == nil {
		return ruleset.DeckReport{}, false
	}
	units := 0
	for _, sec := range s.Sections {
		for _, n := range sec.Units {
			units += n
		}
	}
	levels := 0
	for _, l := range s.Buildings {
		levels += l
	}
	sc := cvcatalog.Find(c.Catalog.Scenarios, fmt.Sprint(s.Scenario), func(x *cvcatalog.Scenario) string { return fmt.Sprint(x.Number) })
	name := ""
	if sc != nil {
		name = " (" + sc.Name.EN + ")"
	}
	return ruleset.DeckReport{Pos: s.Pos, Legal: fmt.Sprintf("save sheet %s is valid: scenario %d%s %s, %d players, %d units, %d building levels, %d technologies",
		s.ID, s.Scenario, name, s.Result, len(s.Players), units, levels, len(s.Technologies))}, true
}
