package wbcatalog

import "strconv"

// MarkupText is a text written in card markup (render/markup), with the
// content path of its field, e.g. ["skills", "plunder", "text"].
type MarkupText struct {
	Path []string
	Text Text
}

// MarkupTexts lists every text of the catalog written in card markup: what
// the print sheets, the card images and the site parse. The loader checks
// each one at its position, so that a markup mistake is reported where it
// is written, once, whichever cards show the text.
func (c *Catalog) MarkupTexts() []MarkupText {
	var out []MarkupText
	add := func(t Text, path ...string) { out = append(out, MarkupText{Path: path, Text: t}) }
	for _, s := range c.Skills {
		add(s.Text, "skills", s.ID, "text")
	}
	for _, ch := range c.Characters {
		if ch.Flavor != nil {
			add(*ch.Flavor, "characters", ch.ID, "flavor")
		}
	}
	for _, e := range c.Equipment {
		add(e.Text, "equipment", e.ID, "text")
	}
	for _, f := range c.Formations {
		add(f.Text, "formations", f.ID, "text")
	}
	for _, v := range c.Vocations {
		add(v.Text, "vocations", v.ID, "text")
	}
	for _, o := range c.Objectives {
		add(o.Text, "objectives", o.ID, "text")
		for i, s := range o.Scoring {
			if s.Text != nil {
				add(*s.Text, "objectives", o.ID, "scoring", strconv.Itoa(i), "text")
			}
		}
	}
	for _, g := range c.Glossary {
		add(g.Definition, "glossary", g.ID, "definition")
	}
	return out
}
