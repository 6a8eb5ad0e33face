package wbdeck

import (
	"wbtool.dev/wbtool/games/warbound/wbcatalog"
	"wbtool.dev/wbtool/internal/jstree"
)

// The checker module's side of Data, Deck and Result: the same values as
// their JSON, read from and written to plain trees (package jstree), so
// that the module links no encoding/json (TestTreesAreJSON).

// DataFromTree reads Data from the tree of its JSON.
func DataFromTree(t any) (Data, error) {
	var r jstree.Reader
	o := r.Obj(t, "data")
	var d Data
	for _, e := range r.List(o["characters"], "characters") {
		c := r.Obj(e, "character")
		ch := Character{ID: r.Str(c["id"], "id"), Group: r.Str(c["group"], "group"), Faction: r.Str(c["faction"], "faction")}
		for _, g := range r.Strings(c["gear"], "gear") {
			ch.Gear = append(ch.Gear, wbcatalog.Gear(g))
		}
		if cost := r.Ints(c["cost"], "cost"); cost != nil {
			ch.Cost = wbcatalog.Cost(cost)
		}
		d.Characters = append(d.Characters, ch)
	}
	for _, e := range r.List(o["leaders"], "leaders") {
		l := r.Obj(e, "leader")
		d.Leaders = append(d.Leaders, Leader{ID: r.Str(l["id"], "id"), Faction: r.Str(l["faction"], "faction"),
			Exploration: r.IntsList(l["exploration"], "exploration"), Confrontation: r.IntsList(l["confrontation"], "confrontation")})
	}
	upgrades := func(name string) []Upgrade {
		var out []Upgrade
		for _, e := range r.List(o[name], name) {
			u := r.Obj(e, name)
			out = append(out, Upgrade{ID: r.Str(u["id"], "id"), Faction: r.Str(u["faction"], "faction"), Gear: wbcatalog.Gear(r.Str(u["gear"], "gear"))})
		}
		return out
	}
	d.Equipment, d.Vocations = upgrades("equipment"), upgrades("vocations")
	for _, e := range r.List(o["formations"], "formations") {
		f := r.Obj(e, "formation")
		d.Formations = append(d.Formations, Formation{ID: r.Str(f["id"], "id"), Cost: r.Int(f["cost"], "cost")})
	}
	d.References = r.Strings(o["references"], "references")
	d.Objectives = r.Strings(o["objectives"], "objectives")
	return d, r.Err
}

// DeckFromTree reads a Deck from the tree of its JSON.
func DeckFromTree(t any) (Deck, error) {
	var r jstree.Reader
	o := r.Obj(t, "deck")
	d := Deck{Name: r.Str(o["name"], "name"), Format: wbcatalog.Format(r.Str(o["format"], "format")), Cards: r.Strings(o["cards"], "cards")}
	if o["attachments"] != nil {
		d.Attachments = []wbcatalog.Attachment{}
	}
	for _, e := range r.List(o["attachments"], "attachments") {
		a := r.Obj(e, "attachment")
		d.Attachments = append(d.Attachments, wbcatalog.Attachment{Upgrade: r.Str(a["upgrade"], "upgrade"), To: r.Str(a["to"], "to")})
	}
	return d, r.Err
}

// Tree is r as the tree of its JSON.
func (r Result) Tree() map[string]any {
	var formats []any
	for _, v := range r.Formats {
		var problems []any
		for _, p := range v.Problems {
			problems = append(problems, map[string]any{"rule": p.Rule, "en": p.EN, "fr": p.FR})
		}
		if problems == nil && v.Problems != nil {
			problems = []any{}
		}
		formats = append(formats, map[string]any{"format": string(v.Format), "size": v.Size, "legal": v.Legal,
			"problems": jstree.Nullable(problems), "orders": jstree.FromIntsList(v.Orders)})
	}
	c := r.Counts
	return map[string]any{"formats": jstree.Nullable(formats),
		"counts": map[string]any{"cards": c.Cards, "leaders": c.Leaders, "characters": c.Characters, "upgrades": c.Upgrades},
		"demand": jstree.FromInts(r.Demand), "id": r.ID, "cue": r.CUE}
}
