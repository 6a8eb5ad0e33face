package cvengine

import (
	"slices"

	"wbtool.dev/wbtool/games/convicted/cvcatalog"
)

// Pending is a spell or a blessing cast in the action period that acts at
// its siege stage (C-SPELL-2).
type Pending struct{ Spell, Section int }

// spellIndex is the spell id's index, -1 when none.
func (r *Rules) spellIndex(id string) int {
	return slices.IndexFunc(r.C.Spells, func(x cvcatalog.Spell) bool { return x.ID == id })
}

// slots are the spells (k 0, the Mage Tower) or blessings (k 1, the
// Chapel) castable a turn, and the building's level (C-SPELL-2).
func (r *Rules) slots(s *State, k int) (n, level int) {
	id := "mage-tower"
	if k == 1 {
		id = "chapel"
	}
	b, ok := r.building[id]
	if !ok || s.Buildings[b] == 0 {
		return 0, 0
	}
	lv := &r.C.Buildings[b].Levels[s.Buildings[b]-1]
	n = lv.SpellSlots
	if k == 1 {
		n = lv.BlessingSlots
	}
	return n, s.Buildings[b]
}

// cast plays a spell or a blessing (C-SPELL-1, C-SPELL-2), or the
// Sorcerer's extra spell (C-HERO-3). It takes no action marker; it takes
// one of the spell markers (C-COMP-1), pays the card's cost, and acts at
// once or at its siege stage.
func (r *Rules) cast(s *State, a Action) error {
	sp := r.spellIndex(a.Spell)
	if sp < 0 {
		return refuse("unknown", "no spell or blessing %q", a.Spell)
	}
	i, err := r.sectionOf(a.Section)
	if err != nil {
		return err
	}
	x := &r.C.Spells[sp]
	k := 0
	if x.Kind == "blessing" {
		k = 1
	}
	n, level := r.slots(s, k)
	building := map[int]string{0: "the Mage Tower", 1: "the Chapel"}[k]
	if a.Do == Sorcery {
		// C-HERO-3: once a turn, a spell of level 1 to the ability's
		// amount, beyond the Mage Tower's slots.
		p := r.hero(s, "extraSpell")
		if p != s.Current {
			return refuse("no-hero", "player %d has not the Sorcerer (C-HERO-3)", s.Current+1)
		}
		if s.Sorcery {
			return refuse("used", "the Sorcerer already cast his extra spell this turn (C-HERO-3)")
		}
		if x.Kind != "spell" || x.Level > r.C.Hero(s.Heroes[p]).Ability.Amount {
			return refuse("not-a-spell", "the Sorcerer casts a spell of level 1 to %d, not %s (C-HERO-3)", r.C.Hero(s.Heroes[p]).Ability.Amount, a.Spell)
		}
	}
	if level < x.Level {
		return refuse("building-too-low", "%s needs %s at level %d, it is at %d (C-SPELL-2)", a.Spell, building, x.Level, level)
	}
	if a.Do != Sorcery && s.Cast[k] >= n {
		return refuse("no-slot", "%s's %d slots are used this turn (C-SPELL-2)", building, n)
	}
	if s.Cast[0]+s.Cast[1]+boolInt(s.Sorcery) >= r.C.Components.SpellMarkers {
		return refuse("cap-reached", "no spell marker left (C-COMP-2)")
	}
	if err := r.pay(s, x.Cost); err != nil {
		return err
	}
	if a.Do == Sorcery {
		s.Sorcery = true
	} else {
		s.Cast[k]++
	}
	s.say("%s cast on %s", a.Spell, a.Section)
	if stageOf(x) > 0 {
		s.Pending = append(s.Pending, Pending{Spell: sp, Section: i})
		return nil
	}
	return r.spellEffect(s, nil, sp, i)
}

// stageOf is the stage spell x acts at: a smite needs the enemy on the
// board, so at stage 1 when its card says 0 (C-SPELL-2).
func stageOf(x *cvcatalog.Spell) int {
	if x.Stage == 0 && x.Effect.Kind == "smite" {
		return 1
	}
	return x.Stage
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// spellEffect applies spell sp to section i (C-SPELL-2).
func (r *Rules) spellEffect(s *State, d Dice, sp, i int) error {
	x := &r.C.Spells[sp]
	sec := &s.Sections[i]
	amount := max(x.Effect.Amount, 1)
	switch x.Effect.Kind {
	case "firepower":
		for u, unit := range r.C.Units {
			if unit.Ranged() && sec.Units[u] > 0 {
				sec.Bonus[u] += amount
			}
		}
		s.say("the ranged units of %s get +%d RFS this turn", r.C.Sections[i].ID, amount)
	case "repair":
		max := r.level(s, i).MaxResistance
		if sec.Res >= max && (sec.Gate < 0 || sec.Gate >= max) {
			return refuse("nothing-to-repair", "section %s is not damaged", r.C.Sections[i].ID)
		}
		for n := 0; n < amount; n++ {
			if sec.Gate >= 0 && sec.Gate < sec.Res {
				sec.Gate++
			} else if sec.Res < max {
				sec.Res++
			}
		}
		s.say("section %s regains Resistance: %d", r.C.Sections[i].ID, sec.Res)
	case "smite":
		n, err := d.D3()
		if err != nil {
			return err
		}
		got := 0
		for ; got < n; got++ {
			ok := false
			for _, q := range r.targets(s, i) {
				if removeEnemy(*q) {
					ok = true
					break
				}
			}
			if !ok {
				break
			}
		}
		s.Killed += got
		s.say("%s strikes from %s: %d enemy units removed", x.ID, r.C.Sections[i].ID, got)
	}
	return nil
}

// resolvePending plays the casts waiting for stage st, in the first
// assault round (C-SPELL-2).
func (r *Rules) resolvePending(s *State, d Dice, st int) error {
	for _, p := range s.Pending {
		if stageOf(&r.C.Spells[p.Spell]) != st {
			continue
		}
		err := r.spellEffect(s, d, p.Spell, p.Section)
		if ref, ok := err.(*Refusal); ok {
			s.say("%s has no effect: %s", r.C.Spells[p.Spell].ID, ref.Why)
		} else if err != nil {
			return err
		}
	}
	return nil
}

// makeEngine builds a defender siege engine in the Workshop and mounts it
// on a section within its level's engine slots (C-ENGINE-1, C-FORT-7,
// C-FORT-8): one action and the engine's cost.
func (r *Rules) makeEngine(s *State, a Action) error {
	e, ok := r.engine[a.Engine]
	if !ok {
		return refuse("unknown", "no siege engine %q", a.Engine)
	}
	i, err := r.sectionOf(a.Section)
	if err != nil {
		return err
	}
	if r.C.Engines[e].Side == "enemy" {
		return refuse("enemy-engine", "%s is an enemy engine (C-DEF-3)", a.Engine)
	}
	w := r.building["workshop"]
	offered := false
	for l := 0; l < s.Buildings[w]; l++ {
		offered = offered || slices.Contains(r.C.Buildings[w].Levels[l].Engines, a.Engine)
	}
	if !offered {
		return refuse("not-offered", "the Workshop does not build %s (C-ENGINE-1)", a.Engine)
	}
	sec := &s.Sections[i]
	if slots := r.level(s, i).EngineSlots; len(sec.Engines) >= slots {
		return refuse("no-slot", "section %s mounts %d engines, its level's slots (C-FORT-8)", a.Section, slots)
	}
	if r.left(s, "siegeEngines") <= 0 {
		return refuse("cap-reached", "no siege engine left (C-COMP-2)")
	}
	if err := r.pay(s, r.C.Engines[e].Cost); err != nil {
		return err
	}
	sec.Engines = append(sec.Engines, e)
	s.say("%s mounted on %s", a.Engine, a.Section)
	return nil
}

// fireEngines is stage 3: each defender engine with a RFS shoots at what
// its section may shoot at, with the section's engine bonus (C-FORT-6,
// C-SIEGE-5); a hit removes one enemy unit, or d3 when the stage says so.
func (r *Rules) fireEngines(s *State, d Dice, st cvcatalog.Stage) error {
	need := st.HitOn
	if need == 0 {
		need = 6
	}
	for i := range s.Sections {
		lv := r.level(s, i)
		for _, e := range s.Sections[i].Engines {
			x := &r.C.Engines[e]
			ts := r.targets(s, i)
			if x.RFS == 0 || !slices.ContainsFunc(ts, func(q *[]Squad) bool { return anyUnit(*q) }) {
				continue
			}
			n, err := engineShot(d, st, need-(x.RFS+lv.EngineRFS[x.ID]))
			if err != nil {
				return err
			}
			if n == 0 {
				continue
			}
			got := 0
			for ; got < n; got++ {
				if !slices.ContainsFunc(ts, func(q *[]Squad) bool { return removeEnemy(*q) }) {
					break
				}
			}
			s.Killed += got
			s.say("the %s on %s removes %d enemy units", x.ID, r.C.Sections[i].ID, got)
		}
	}
	return nil
}

// unmount returns the engines beyond section i's slots to the supply
// (C-FORT-16, Decision: a section that falls keeps what its level holds).
func (r *Rules) unmount(s *State, i int) {
	sec := &s.Sections[i]
	if n := r.level(s, i).EngineSlots; len(sec.Engines) > n {
		s.say("section %s loses %d siege engines (C-FORT-8, C-FORT-16)", r.C.Sections[i].ID, len(sec.Engines)-n)
		sec.Engines = sec.Engines[:n]
	}
}

// magicCandidates add the casts and engines to Legal's candidates, the
// ones a building's level or the slots rule out at once left out (Allowed
// tries the others).
func (r *Rules) magicCandidates(s *State, cands []Action) []Action {
	sorcerer := r.hero(s, "extraSpell") == s.Current && !s.Sorcery
	for _, x := range r.C.Spells {
		k := 0
		if x.Kind == "blessing" {
			k = 1
		}
		n, level := r.slots(s, k)
		if level < x.Level {
			continue
		}
		for _, sec := range r.C.Sections {
			if s.Cast[k] < n {
				cands = append(cands, Action{Do: Cast, Spell: x.ID, Section: sec.ID})
			}
			if sorcerer && k == 0 {
				cands = append(cands, Action{Do: Sorcery, Spell: x.ID, Section: sec.ID})
			}
		}
	}
	w := r.building["workshop"]
	for l := 0; l < s.Buildings[w]; l++ {
		for _, e := range r.C.Buildings[w].Levels[l].Engines {
			for i, sec := range r.C.Sections {
				if len(s.Sections[i].Engines) < r.level(s, i).EngineSlots {
					cands = append(cands, Action{Do: MakeEngine, Engine: e, Section: sec.ID})
				}
			}
		}
	}
	return cands
}
