package warbound

import (
	"strings"
	"sync"

	"wbtool.dev/wbtool/content"
	"wbtool.dev/wbtool/games/warbound/wbcatalog"
	"wbtool.dev/wbtool/games/warbound/wbschema"
	"wbtool.dev/wbtool/pipeline/ruleset"
	"wbtool.dev/wbtool/render/markup"
	"wbtool.dev/wbtool/schema"
	"wbtool.dev/wbtool/schema/designref"
)

var _ ruleset.Reference = rules{}

// Reference is Warbound's reference for designers, from its schema, with
// the starter's values as examples and the card markup as a note.
func (rules) Reference() (*designref.Reference, error) {
	return schema.DesignRef(schema.RefSource{
		Game: "Warbound", Package: "warbound", Schema: wbschema.Files(), Examples: content.FS,
		Order: []string{"characters", "leaders", "equipment", "formations", "vocations", "references", "skills",
			"factions", "objectives", "decks", "scenarios", "actionBoards", "checks", "glossary", "strings", "set"},
		Notes: []designref.Note{markupNote()},
	})
}

// siteReference is the reference the site's pages for designers show,
// made once per process; nil when it cannot be made (the pages are left
// out: the reference comes from the embedded schema, so only a bug of
// wbtool stops it, and `wbtool doc` reports that one).
var siteReference = sync.OnceValue(func() *designref.Reference {
	ref, err := rules{}.Reference()
	if err != nil {
		return nil
	}
	return ref
})

// markupNote is the card text's markup and its icons, named from the
// interface strings the cards print them with.
func markupNote() designref.Note {
	var icons strings.Builder
	for _, name := range markup.Icons() {
		key := "action." + name
		switch {
		case strings.HasSuffix(name, "-die"):
			key = "die." + strings.TrimSuffix(name, "-die")
		case name == markup.IconOrder || name == markup.IconActive:
			key = "icon." + name
		}
		label, _ := wbcatalog.BuiltinLabel(key)
		icons.WriteString("  :" + name + ":" + strings.Repeat(" ", max(1, 14-len(name))) + label.EN + "\n")
	}
	icons.WriteString("  :order-<faction>:   the faction's coloured Order token, e.g. :order-raiders:\n")
	return designref.Note{Name: "markup", Title: "Card text: markup and icons", Text: `Every card text (a skill's text, an Upgrade's, an Objective's) is written in a small part of Markdown, in both languages:

  *emphasis* or _emphasis_    slanted
  **strong**                  bold
  [6]                         a natural die result, 1 to 10 (R-DICE-2)
  a blank line                a new paragraph

An icon is its name between colons, anywhere in the text: "Before a :shoot:, remove 1 Stress". The icons:

` + icons.String() + `
Everything else is text as typed: HTML, links and list markers print as the characters written. A backslash prints the next character as it is (\* prints a star, \:move: prints ":move:"). An unknown icon is an error at its place in the text, with the icon it most likely means.`}
}
