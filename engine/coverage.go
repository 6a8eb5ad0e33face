package engine

import (
	"sort"

	"wbtool.dev/wbtool/games/warbound/wbcatalog"
)

// Uncovered is a card text the engine cannot execute, or a card no check
// game exercises.
type Uncovered struct {
	Kind string // skill, equipment, vocation
	ID   string
	Pos  wbcatalog.Pos
	Why  string
}

// Manual lists the skills, Equipment and Vocations whose text has no
// executable effect: the engine plays them as if they were blank.
func Manual(cat *wbcatalog.Catalog) []Uncovered {
	var out []Uncovered
	for _, s := range cat.Skills {
		if s.Effect == nil {
			out = append(out, Uncovered{Kind: "skill", ID: s.ID, Pos: s.Pos, Why: "no effect: the engine cannot execute this text"})
		}
	}
	for _, e := range cat.Equipment {
		if e.Effect == nil {
			out = append(out, Uncovered{Kind: "equipment", ID: e.ID, Pos: e.Pos, Why: "no effect: the engine cannot execute this text"})
		}
	}
	for _, v := range cat.Vocations {
		if v.Effect == nil {
			out = append(out, Uncovered{Kind: "vocation", ID: v.ID, Pos: v.Pos, Why: "no effect: the engine cannot execute this text"})
		}
	}
	return out
}

// Untested lists the cards and skills no check game exercises, given the
// results of running all check games.
func Untested(cat *wbcatalog.Catalog, results []CheckResult) []Uncovered {
	seen := map[string]bool{}
	for _, r := range results {
		for _, c := range r.Cards {
			seen[c] = true
		}
	}
	var out []Uncovered
	add := func(kind, id string, pos wbcatalog.Pos) {
		if !seen[id] {
			out = append(out, Uncovered{Kind: kind, ID: id, Pos: pos, Why: "no check game exercises it"})
		}
	}
	for _, s := range cat.Skills {
		add("skill", s.ID, s.Pos)
	}
	for _, e := range cat.Equipment {
		add("equipment", e.ID, e.Pos)
	}
	for _, v := range cat.Vocations {
		add("vocation", v.ID, v.Pos)
	}
	for _, c := range cat.Characters {
		add("character", c.ID, c.Pos)
	}
	for _, l := range cat.Leaders {
		add("leader", l.ID, l.Pos)
	}
	for _, f := range cat.Formations {
		add("formation", f.ID, f.Pos)
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Kind+out[i].ID < out[j].Kind+out[j].ID })
	return out
}
