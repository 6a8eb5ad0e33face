package cvschema

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"wbtool.dev/wbtool/diag"
	"wbtool.dev/wbtool/games/convicted/cvcatalog"
	"wbtool.dev/wbtool/internal/suggest"
	"wbtool.dev/wbtool/lang"
	"wbtool.dev/wbtool/schema"
)

// The phases of the 14 stages, given by the seed (C-TURN-2).
var phases = []string{"shooting", "shooting", "engines", "engines", "manoeuvre", "manoeuvre", "manoeuvre", "manoeuvre",
	"melee", "melee", "melee", "melee", "melee", "loyalty"}

// ref reports an id that names no entry of kind, with the closest one.
func (l *loader) ref(ids []string, id, kind string, at ...string) bool {
	if slices.Contains(ids, id) {
		return true
	}
	hint := ""
	if s := suggest.Closest(id, ids); s != "" {
		hint = fmt.Sprintf(" (did you mean %q?)", s)
	}
	l.errorf(l.place(at...), strings.Join(at, "."), "no %s %q%s: declare it under `%s` first", kind, id, hint, kindSection[kind])
	return false
}

var kindSection = map[string]string{"unit type": "units", "enemy unit": "enemies", "siege engine": "engines", "faction": "factions",
	"resource": "resources", "hero": "heroes", "save sheet": "saves", "rule": "rules", "technology": "technologies", "scenario": "scenarios"}

func idsOf[T any](xs []T, id func(*T) string) []string {
	out := make([]string, len(xs))
	for i := range xs {
		out[i] = id(&xs[i])
	}
	return out
}

// check runs the Go checks on a decoded catalog.
func (l *loader) check(c *cvcatalog.Catalog) {
	l.sameNames(c)
	ruleIDs := idsOf(c.Rules, func(r *cvcatalog.Rule) string { return r.ID })
	units := idsOf(c.Units, func(u *cvcatalog.Unit) string { return u.ID })
	enemies := idsOf(c.Enemies, func(u *cvcatalog.Enemy) string { return u.ID })
	engines := idsOf(c.Engines, func(u *cvcatalog.Engine) string { return u.ID })
	factions := idsOf(c.Factions, func(u *cvcatalog.Faction) string { return u.ID })
	heroes := idsOf(c.Heroes, func(u *cvcatalog.Hero) string { return u.ID })
	saves := idsOf(c.Saves, func(u *cvcatalog.Save) string { return u.ID })

	// The fixed lists.
	fixed := []struct {
		section string
		want    []string
		got     []string
	}{
		{"sections", cvcatalog.Sections, idsOf(c.Sections, func(x *cvcatalog.Section) string { return x.ID })},
		{"ring", cvcatalog.RingSections, idsOf(c.Ring, func(x *cvcatalog.RingSection) string { return x.ID })},
		{"buildings", cvcatalog.Buildings, idsOf(c.Buildings, func(x *cvcatalog.Building) string { return x.ID })},
		{"resources", cvcatalog.Resources, idsOf(c.Resources, func(x *cvcatalog.Resource) string { return x.ID })},
	}
	for _, f := range fixed {
		for _, id := range f.want {
			if !slices.Contains(f.got, id) {
				l.errorf(l.placeOr(f.section), f.section, "%s: %q is missing: the board has %s", f.section, id, strings.Join(f.want, ", "))
			}
		}
	}
	for _, sec := range c.Sections {
		if sec.Gate && sec.ID != "n" {
			l.errorf(l.place("sections", sec.ID, "gate"), "sections."+sec.ID+".gate", "only the N wall carries the City gates (C-FORT-11)")
		}
		if sec.ID == "n" && !sec.Gate {
			l.errorf(l.place("sections", sec.ID), "sections.n", "the N wall carries the City gates: add `gate: true` (C-FORT-11)")
		}
	}

	// Placeholders and the rule table (RULES.md's three states).
	c.Placeholders = map[string][]diag.Pos{}
	mark := func(list []string, at ...string) {
		for i, id := range list {
			p := append(slices.Clone(at), "placeholders", strconv.Itoa(i))
			if !l.ref(ruleIDs, id, "rule", p...) {
				continue
			}
			if r := c.Rule(id); r.State == cvcatalog.Defined {
				l.errorf(l.place(p...), strings.Join(p, "."), "%s is defined by the seed (%s): its values are not placeholders; drop it from `placeholders`", id, r.Source)
				continue
			}
			c.Placeholders[id] = append(c.Placeholders[id], l.place(p...))
		}
	}
	mark(c.Limits.Placeholders, "limits")
	mark(c.End.Placeholders, "end")
	mark(c.Fortifications.Placeholders, "fortifications")
	mark(c.Moat.Placeholders, "moat")
	mark(c.Stages.Placeholders, "stages")
	mark(c.Players.Placeholders, "players")
	for _, x := range c.Buildings {
		mark(x.Placeholders, "buildings", x.ID)
	}
	for _, x := range c.Resources {
		mark(x.Placeholders, "resources", x.ID)
	}
	for _, x := range c.Technologies {
		mark(x.Placeholders, "technologies", x.ID)
	}
	for _, x := range c.Units {
		mark(x.Placeholders, "units", x.ID)
	}
	for _, x := range c.Enemies {
		mark(x.Placeholders, "enemies", x.ID)
	}
	for _, x := range c.Engines {
		mark(x.Placeholders, "engines", x.ID)
	}
	for _, x := range c.Spells {
		mark(x.Placeholders, "spells", x.ID)
	}
	for _, x := range c.Scenarios {
		mark(x.Placeholders, "scenarios", x.ID)
	}

	// Component counts (C-COMP-1, C-COMP-5, C-COMP-6).
	if n := len(c.Technologies); n != c.Components.TechnologyCards {
		l.errorf(l.placeOr("technologies"), "technologies", "the research deck holds %d technologies, the box %d technology cards (C-COMP-1, C-COMP-6)", n, c.Components.TechnologyCards)
	}
	if n := len(c.Heroes); n > c.Components.HeroCards {
		l.errorf(l.placeOr("heroes"), "heroes", "%d heroes, more than the %d hero cards (C-COMP-1)", n, c.Components.HeroCards)
	}
	if c.Components.EnemyCards != len(cvcatalog.Sides) {
		l.errorf(l.place("components", "enemyCards"), "components.enemyCards", "%d enemy cards: the enemy deck is one card per side, 4 (C-COMP-6, C-SIEGE-3)", c.Components.EnemyCards)
	}
	levels := 0
	for _, b := range c.Buildings {
		levels += len(b.Levels)
		if b.Start > len(b.Levels) {
			l.errorf(l.place("buildings", b.ID, "start"), "buildings."+b.ID+".start", "%s starts at level %d but has %d levels", b.ID, b.Start, len(b.Levels))
		}
		for i, lv := range b.Levels {
			for j, u := range lv.Trains {
				l.ref(units, u, "unit type", "buildings", b.ID, "levels", strconv.Itoa(i), "trains", strconv.Itoa(j))
			}
			for j, e := range lv.Engines {
				l.ref(engines, e, "siege engine", "buildings", b.ID, "levels", strconv.Itoa(i), "engines", strconv.Itoa(j))
			}
		}
	}
	if levels > c.Components.BuildingTokens {
		l.errorf(l.placeOr("buildings"), "buildings", "%d building levels need %d building tokens, the box has %d (C-COMP-5)", levels, levels, c.Components.BuildingTokens)
	}
	if c.Limits.ActionsPerTurn > c.Components.ActionMarkers {
		l.errorf(l.place("limits", "actionsPerTurn"), "limits.actionsPerTurn", "%d actions a turn, but only %d action markers (C-COMP-1)", c.Limits.ActionsPerTurn, c.Components.ActionMarkers)
	}

	// Fortifications (C-FORT-10, C-FORT-13).
	for _, kind := range []string{"wall", "tower"} {
		lv := c.Fortifications.Levels(kind)
		if len(lv) > 0 && lv[0].MaxResistance != 0 {
			l.errorf(l.place("fortifications", kind, "0", "maxResistance"), "fortifications."+kind+".0.maxResistance", "the Barrier's Resistance is 0 (C-FORT-10)")
		}
		for i := range lv {
			for e := range lv[i].EngineRFS {
				l.ref(engines, e, "siege engine", "fortifications", kind, strconv.Itoa(i), "engineRFS", e)
			}
		}
	}
	if r := c.Rule("C-FORT-13"); r != nil && r.State == cvcatalog.Defined && len(c.Fortifications.Wall) > 3 {
		if got := c.Fortifications.Wall[3].Cost; got != (cvcatalog.Cost{Stone: 2, Wood: 1}) {
			l.warnf(l.place("fortifications", "wall", "3", "cost"), "fortifications.wall.3.cost", "the Stone Wall costs 2 stone + 1 wood, given by the seed (C-FORT-13, p. 9): to change it, set C-FORT-13's state to \"decided\"")
		}
	}

	// Resources (C-DEF-5): each one not available at the start is unlocked.
	start := 0
	for _, r := range c.Resources {
		if r.Start {
			start++
			continue
		}
		if !slices.ContainsFunc(c.Technologies, func(t cvcatalog.Technology) bool {
			return t.Effect.Kind == "unlockResource" && t.Effect.Resource == r.ID
		}) {
			l.errorf(l.place("resources", r.ID), "resources."+r.ID, "%s can never be obtained: it is not available at the start and no technology unlocks it (C-DEF-5, C-RES-3)", r.ID)
		}
	}
	if start == 0 && len(c.Resources) > 0 {
		l.errorf(l.placeOr("resources"), "resources", "no resource is available at the start: Wood is (C-DEF-5)")
	}
	for _, t := range c.Technologies {
		e := t.Effect
		at := []string{"technologies", t.ID, "effect"}
		switch e.Kind {
		case "unlockUnit":
			if e.Unit == "" {
				l.errorf(l.place(at...), strings.Join(at, "."), "an unlockUnit effect names its `unit`")
			} else {
				l.ref(units, e.Unit, "unit type", append(at, "unit")...)
			}
		case "unlockResource", "collectBonus":
			if e.Resource == "" {
				l.errorf(l.place(at...), strings.Join(at, "."), "a %s effect names its `resource`", e.Kind)
			}
		case "capacityBonus":
			if e.Section == "" {
				l.errorf(l.place(at...), strings.Join(at, "."), "a capacityBonus effect names its `section` kind, wall or tower")
			}
		}
		if (e.Kind == "collectBonus" || e.Kind == "capacityBonus") && e.Amount == 0 {
			l.errorf(l.place(at...), strings.Join(at, "."), "a %s effect gives its `amount`", e.Kind)
		}
	}
	for _, u := range c.Units {
		if u.Locked && !slices.ContainsFunc(c.Technologies, func(t cvcatalog.Technology) bool { return t.Effect.Kind == "unlockUnit" && t.Effect.Unit == u.ID }) {
			l.errorf(l.place("units", u.ID, "locked"), "units."+u.ID+".locked", "%s is locked and no technology unlocks it", u.ID)
		}
	}
	for _, e := range c.Enemies {
		l.ref(factions, e.Faction, "faction", "enemies", e.ID, "faction")
	}

	// Stages (C-TURN-2).
	if n := len(c.Stages.List); n != 14 {
		l.errorf(l.place("stages", "list"), "stages.list", "%d stages: the assault step has 14 (C-TURN-2)", n)
	}
	for i, st := range c.Stages.List {
		at := []string{"stages", "list", strconv.Itoa(i)}
		if st.Number != i+1 {
			l.errorf(l.place(append(at, "number")...), strings.Join(at, ".")+".number", "stage %d is listed %s: the stages go 1 to 14 in order", st.Number, ordinal(i+1))
		} else if i < len(phases) && st.Phase != phases[i] {
			l.errorf(l.place(append(at, "phase")...), strings.Join(at, ".")+".phase", "stage %d belongs to the %s phase, given by the seed (C-TURN-2)", st.Number, phases[i])
		}
		if (st.Effect == "defendersShoot" || st.Effect == "enemyShoot" || st.Effect == "enemyEngines" || st.Effect == "strikeBack") && st.HitOn == 0 {
			l.errorf(l.place(at...), strings.Join(at, "."), "stage %d (%s) rolls dice: give its `hitOn`", st.Number, st.Effect)
		}
	}

	// The player-count table (C-PLAYERS-1, C-ACT-4).
	for n := 1; n <= 4; n++ {
		row := c.Players.Row(n)
		if row == nil {
			l.errorf(l.place("players", "rows"), "players.rows", "no row for %d players: the game is for 1 to 4 (C-GAME-1, C-PLAYERS-1)", n)
			continue
		}
		i := slices.IndexFunc(c.Players.Rows, func(r cvcatalog.PlayerRow) bool { return r.Players == n })
		at := []string{"players", "rows", strconv.Itoa(i)}
		if n*row.ActionsPerPlayer != c.Limits.ActionsPerTurn {
			l.errorf(l.place(append(at, "actionsPerPlayer")...), strings.Join(at, ".")+".actionsPerPlayer", "%d players × %d actions = %d, but a turn has %d actions in all (C-ACT-4)", n, row.ActionsPerPlayer, n*row.ActionsPerPlayer, c.Limits.ActionsPerTurn)
		}
		cap0 := 0
		for _, s := range c.Sections {
			if lv := c.Fortifications.Levels(s.Kind); len(lv) > 0 {
				cap0 += lv[0].Capacity
			}
		}
		if row.Spearmen > cap0 || row.Spearmen > c.Components.Defenders {
			l.errorf(l.place(append(at, "spearmen")...), strings.Join(at, ".")+".spearmen", "%d starting spearmen: the Barriers hold %d and the box has %d defender tokens (C-SETUP-1, C-DEF-7)", row.Spearmen, cap0, c.Components.Defenders)
		}
	}
	if _, ok := l.positions["players"]; ok && len(c.Players.Rows) != 4 {
		l.errorf(l.place("players", "rows"), "players.rows", "%d rows: the table has one row for each player count, 1 to 4", len(c.Players.Rows))
	}

	// Scenarios (C-GAME-2, C-GAME-4, C-SIEGE-3).
	seen := map[int]string{}
	for _, s := range c.Scenarios {
		if prev, dup := seen[s.Number]; dup {
			l.errorf(l.place("scenarios", s.ID, "number"), "scenarios."+s.ID+".number", "scenario number %d is taken by %s", s.Number, prev)
		}
		seen[s.Number] = s.ID
		if !slices.ContainsFunc(s.Waves, func(w cvcatalog.Wave) bool { return w.From == 1 }) {
			l.errorf(l.place("scenarios", s.ID, "waves"), "scenarios."+s.ID+".waves", "no wave from turn 1: every turn brings a wave (C-SIEGE-3)")
		}
		for i, w := range s.Waves {
			at := []string{"scenarios", s.ID, "waves", strconv.Itoa(i)}
			l.ref(enemies, w.Assault, "enemy unit", append(at, "assault")...)
			for j, e := range w.Support {
				l.ref(enemies, e, "enemy unit", append(at, "support", strconv.Itoa(j))...)
			}
			if 1+len(w.Support) > 4 {
				l.errorf(l.place(append(at, "support")...), strings.Join(at, ".")+".support", "a squad is one assault unit and up to 3 support units (C-SIEGE-3)")
			}
			for e := range w.Engines {
				l.ref(engines, e, "siege engine", append(at, "engines", e)...)
			}
			if n := w.Sides * w.Squads * (1 + len(w.Support)); n > c.Components.Enemies {
				l.warnf(l.place(at...), strings.Join(at, "."), "the wave needs %d enemy tokens, the box has %d: the cap cuts it short (C-COMP-2)", n, c.Components.Enemies)
			}
		}
	}

	// Save sheets (C-SAVE-2).
	for i := range c.Saves {
		s := &c.Saves[i]
		for _, p := range c.CheckSave(s) {
			at := append([]string{"saves", s.ID}, p.Path...)
			l.errorf(l.place(at...), strings.Join(at, "."), "save sheet %s: %s", s.ID, p.Msg)
		}
	}

	// Check games.
	for _, ch := range c.Checks {
		for i, r := range ch.Rules {
			l.ref(ruleIDs, r, "rule", "checks", ch.ID, "rules", strconv.Itoa(i))
		}
		for i, h := range ch.Heroes {
			l.ref(heroes, h, "hero", "checks", ch.ID, "heroes", strconv.Itoa(i))
		}
		if len(ch.Heroes) > ch.Players {
			l.errorf(l.place("checks", ch.ID, "heroes"), "checks."+ch.ID+".heroes", "%d heroes for %d players: one hero a player (C-HERO-1)", len(ch.Heroes), ch.Players)
		}
		if ch.From != "setup" {
			l.ref(saves, ch.From, "save sheet", "checks", ch.ID, "from")
		}
		if _, ok := seen[ch.Scenario]; !ok {
			l.errorf(l.place("checks", ch.ID, "scenario"), "checks."+ch.ID+".scenario", "no scenario number %d", ch.Scenario)
		}
	}
	// A rule to be defined that no entry fills: the engine has nothing to
	// play for it (the coverage report's "no placeholder" case).
	for _, r := range c.Rules {
		if r.State == cvcatalog.TBD && len(c.Placeholders[r.ID]) == 0 && !noData[r.ID] {
			l.warnf(r.Pos, "rules."+r.ID, "%s is to be defined (%s) and no entry fills it with a placeholder: name it under some entry's `placeholders`", r.ID, r.Source)
		}
	}
}

// noData are the rules to be defined whose Decision is in the engine's
// code, not in content (C-BOARD-5: the printed board; C-VARIANT-1: not
// supported; C-SAVE-2: the save sheet's fields are the schema's; C-DEF-9,
// C-FORT-12, C-FORT-16, C-TRAIN-3, C-REP-2: rules of play with no number).
var noData = map[string]bool{"C-BOARD-5": true, "C-VARIANT-1": true, "C-SAVE-2": true, "C-FORT-12": true, "C-FORT-16": true,
	"C-TRAIN-3": true, "C-REP-2": true, "C-ENEMY-2": false}

func ordinal(n int) string {
	return fmt.Sprintf("%d%s", n, map[int]string{1: "st", 2: "nd", 3: "rd"}[n%10])
}

// placeOr is the position of a section, or game.cue's start.
func (l *loader) placeOr(section string) diag.Pos {
	if p := l.place(section); p.File != "" {
		return p
	}
	return diag.Pos{File: l.display("game.cue"), Line: 1, Col: 1}
}

// sameNames warns at both entries when two of one kind share a name in
// one language (issue 36 item 8): players could not tell them apart in
// the card list, search or the printed kit. An error under --strict.
func (l *loader) sameNames(c *cvcatalog.Catalog) {
	for _, g := range []struct {
		coll  string
		items []lang.Named
	}{
		{"heroes", schema.Named(c.Heroes, func(x *cvcatalog.Hero) (string, lang.Text) { return x.ID, x.Name })},
		{"buildings", schema.Named(c.Buildings, func(x *cvcatalog.Building) (string, lang.Text) { return x.ID, x.Name })},
		{"technologies", schema.Named(c.Technologies, func(x *cvcatalog.Technology) (string, lang.Text) { return x.ID, x.Name })},
		{"spells", schema.Named(c.Spells, func(x *cvcatalog.Spell) (string, lang.Text) { return x.ID, x.Name })},
		{"units", schema.Named(c.Units, func(x *cvcatalog.Unit) (string, lang.Text) { return x.ID, x.Name })},
		{"enemies", schema.Named(c.Enemies, func(x *cvcatalog.Enemy) (string, lang.Text) { return x.ID, x.Name })},
		{"engines", schema.Named(c.Engines, func(x *cvcatalog.Engine) (string, lang.Text) { return x.ID, x.Name })},
		{"factions", schema.Named(c.Factions, func(x *cvcatalog.Faction) (string, lang.Text) { return x.ID, x.Name })},
		{"scenarios", schema.Named(c.Scenarios, func(x *cvcatalog.Scenario) (string, lang.Text) { return x.ID, x.Name })},
	} {
		l.warns = append(l.warns, schema.SameNameWarnings(g.items, g.coll, "the card list, search or the printed kit", func(id string, lg lang.Lang) (diag.Pos, string) {
			return l.place(g.coll, id, "name", string(lg)), g.coll + "." + id + ".name." + string(lg)
		})...)
	}
}
