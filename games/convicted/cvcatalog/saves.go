package cvcatalog

import (
	"fmt"
	"slices"
	"sort"
	"strings"
)

// Problem is one way content breaks a rule, at a field of its entry
// (Path below the entry, "" for the entry itself).
type Problem struct {
	Path []string
	Msg  string
}

// CheckSave checks a filled save sheet against the rules (C-SAVE-2): its
// heroes, buildings, technologies, sections within their level's maximum
// Resistance and capacity, units within the printed counts (C-COMP-2),
// resources only of kinds available.
func (c *Catalog) CheckSave(s *Save) []Problem {
	var out []Problem
	add := func(msg string, path ...string) { out = append(out, Problem{Path: path, Msg: msg}) }
	if n := len(s.Players); n < 1 || n > 4 {
		add(fmt.Sprintf("%d players: a campaign has 1 to 4 (C-GAME-1)", n), "players")
	}
	seen := map[string]bool{}
	for i, p := range s.Players {
		if c.Hero(p.Hero) == nil {
			add(fmt.Sprintf("no hero %q: expected one of %s", p.Hero, joinIDs(c.Heroes, func(h *Hero) string { return h.ID })), "players", fmt.Sprint(i), "hero")
		} else if seen[p.Hero] {
			add(fmt.Sprintf("hero %s is taken twice: each hero has one card (C-HERO-1)", p.Hero), "players", fmt.Sprint(i), "hero")
		}
		seen[p.Hero] = true
	}
	avail := map[string]bool{}
	for _, r := range c.Resources {
		avail[r.ID] = r.Start
	}
	for _, t := range s.Technologies {
		tech := Find(c.Technologies, t, func(x *Technology) string { return x.ID })
		if tech == nil {
			add(fmt.Sprintf("no technology %q in the research deck", t), "technologies")
			continue
		}
		if tech.Effect.Kind == "unlockResource" {
			avail[tech.Effect.Resource] = true
		}
	}
	if dup := duplicates(s.Technologies); len(dup) > 0 {
		add(fmt.Sprintf("technology %s is written twice", dup[0]), "technologies")
	}
	total := 0
	for _, r := range sortedKeys(s.Resources) {
		total += s.Resources[r]
		if s.Resources[r] > 0 && !avail[r] {
			add(fmt.Sprintf("%d %s, but %s is not available: no technology on the sheet unlocks it (C-DEF-5)", s.Resources[r], r, r), "resources", r)
		}
	}
	if total > c.Components.ResourceMarkers {
		add(fmt.Sprintf("%d resources, more than the %d resource markers (C-COMP-2)", total, c.Components.ResourceMarkers), "resources")
	}
	levels := 0
	for _, b := range sortedKeys(s.Buildings) {
		bl := Find(c.Buildings, b, func(x *Building) string { return x.ID })
		if bl != nil && s.Buildings[b] > len(bl.Levels) {
			add(fmt.Sprintf("%s at level %d: it has %d levels", b, s.Buildings[b], len(bl.Levels)), "buildings", b)
		}
		levels += s.Buildings[b]
	}
	if s.Buildings["keep"] < 1 && s.Result == "won" {
		add("a won scenario with no Keep: the scenario is lost when the Keep falls (C-END-1)", "buildings")
	}
	for _, b := range sortedKeys(s.Buildings) {
		if b != "keep" && s.Buildings[b] > s.Buildings["keep"] {
			add(fmt.Sprintf("%s at level %d, above the Keep's level %d (C-BLD-2)", b, s.Buildings[b], s.Buildings["keep"]), "buildings", b)
		}
	}
	if levels > c.Components.BuildingTokens {
		add(fmt.Sprintf("%d building levels, more than the %d building tokens (C-COMP-5)", levels, c.Components.BuildingTokens), "buildings")
	}
	units := 0
	for _, id := range Sections {
		sec, ok := s.Sections[id]
		if !ok {
			add(fmt.Sprintf("section %s is missing: the sheet gives all 8 (C-SAVE-2)", id), "sections")
			continue
		}
		def := Find(c.Sections, id, func(x *Section) string { return x.ID })
		if def == nil {
			continue
		}
		lv := c.Fortifications.Levels(def.Kind)
		if sec.Level >= len(lv) {
			continue
		}
		if max := lv[sec.Level].MaxResistance; sec.Resistance > max {
			add(fmt.Sprintf("Resistance %d, above the %d of a %s (C-FORT-3)", sec.Resistance, max, lv[sec.Level].Name.EN), "sections", id, "resistance")
		}
		if sec.Gate != nil && !def.Gate {
			add(fmt.Sprintf("section %s has no gate: only the N wall does (C-FORT-11)", id), "sections", id, "gate")
		}
		if sec.Gate != nil && *sec.Gate > lv[sec.Level].MaxResistance {
			add(fmt.Sprintf("gate Resistance %d, above the wall's maximum %d (C-FORT-12)", *sec.Gate, lv[sec.Level].MaxResistance), "sections", id, "gate")
		}
		mounted := 0
		for _, e := range sortedKeys(sec.Engines) {
			if x := Find(c.Engines, e, func(x *Engine) string { return x.ID }); x == nil || x.Side == "enemy" {
				add(fmt.Sprintf("no defender siege engine %q (C-DEF-3)", e), "sections", id, "engines", e)
			}
			mounted += sec.Engines[e]
		}
		if slots := lv[sec.Level].EngineSlots; mounted > slots {
			add(fmt.Sprintf("%d siege engines on a %s, which mounts %d (C-FORT-8)", mounted, lv[sec.Level].Name.EN, slots), "sections", id, "engines")
		}
		n := 0
		for _, u := range sortedKeys(sec.Units) {
			if c.Unit(u) == nil {
				add(fmt.Sprintf("no unit type %q: expected one of %s", u, joinIDs(c.Units, func(x *Unit) string { return x.ID })), "sections", id, "units", u)
			}
			n += sec.Units[u]
		}
		// C-FORT-15: a section over its capacity keeps its units; the sheet
		// may show it only after a fall, so the bound is the highest level's.
		if top := lv[len(lv)-1].Capacity + 5; n > top {
			add(fmt.Sprintf("%d units on section %s: more than any level holds (C-DEF-7)", n, id), "sections", id, "units")
		}
		units += n
	}
	if units > c.Components.Defenders {
		add(fmt.Sprintf("%d defender units, more than the %d defender tokens (C-COMP-2)", units, c.Components.Defenders), "sections")
	}
	if units == 0 && s.Result == "won" {
		add("a won scenario with no defender left: the scenario is lost then (C-END-1)", "sections")
	}
	ditches, moats := 0, 0
	for _, r := range sortedKeys(s.Ring) {
		if s.Ring[r] == "moat" {
			moats++
		} else {
			ditches++
		}
	}
	if ditches > c.Components.DitchTokens || moats > c.Components.MoatTokens {
		add(fmt.Sprintf("%d ditches and %d moats, more than the tokens (C-COMP-2)", ditches, moats), "ring")
	}
	return out
}

func joinIDs[T any](xs []T, id func(*T) string) string {
	var ids []string
	for i := range xs {
		ids = append(ids, id(&xs[i]))
	}
	if len(ids) > 8 {
		ids = append(ids[:8], "…")
	}
	return strings.Join(ids, ", ")
}

func duplicates(xs []string) []string {
	s := slices.Clone(xs)
	sort.Strings(s)
	var out []string
	for i := 1; i < len(s); i++ {
		if s[i] == s[i-1] {
			out = append(out, s[i])
		}
	}
	return out
}

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
