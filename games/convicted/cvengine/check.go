package cvengine

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"

	"wbtool.dev/wbtool/engine/checkkit"
	"wbtool.dev/wbtool/games/convicted/cvcatalog"
)

// Forced are a check game's dice: the faces given, in order. A d3 takes a
// d6 face read in pairs or a d3 value (C-DEF-8); shuffles keep the order
// (Intn is 0).
type Forced struct {
	Dice []cvcatalog.Die
	used int
}

// ErrDice is a script whose dice do not match the rolls.
type ErrDice struct{ Msg string }

func (e *ErrDice) Error() string { return e.Msg }

// D6 takes the next face.
func (f *Forced) D6() (int, error) {
	if f.used >= len(f.Dice) {
		return 0, &ErrDice{fmt.Sprintf("a d6 is rolled but the %s given are used up", diceWord(len(f.Dice)))}
	}
	d := f.Dice[f.used]
	f.used++
	if d.D3 != 0 {
		return 0, &ErrDice{fmt.Sprintf("die %d is a d3 (%d), but a d6 is rolled", f.used, d.D3)}
	}
	return d.D6, nil
}

// D3 takes the next face: a d3 value, or a d6 face read as a d3.
func (f *Forced) D3() (int, error) {
	if f.used >= len(f.Dice) {
		return 0, &ErrDice{fmt.Sprintf("a d3 is rolled but the %s given are used up", diceWord(len(f.Dice)))}
	}
	d := f.Dice[f.used]
	f.used++
	if d.D3 != 0 {
		return d.D3, nil
	}
	return (d.D6 + 1) / 2, nil
}

// Intn keeps the order.
func (f *Forced) Intn(int) int { return 0 }

// Left are the dice not rolled.
func (f *Forced) Left() int { return len(f.Dice) - f.used }

func diceWord(n int) string {
	if n == 1 {
		return "1 die"
	}
	return fmt.Sprintf("%d dice", n)
}

// Seeded are dice drawn from a seed: the same seed, the same game.
type Seeded struct{ R *rand.Rand }

// NewSeeded are the dice of seed.
func NewSeeded(seed uint64) *Seeded { return &Seeded{rand.New(rand.NewPCG(seed, 0xc0))} }

// D6 rolls a d6.
func (s *Seeded) D6() (int, error) { return 1 + s.R.IntN(6), nil }

// D3 rolls a d6 read as a d3 (C-DEF-8).
func (s *Seeded) D3() (int, error) { return (2 + s.R.IntN(6)) / 2, nil }

// Intn draws in [0, n).
func (s *Seeded) Intn(n int) int { return s.R.IntN(n) }

// FromSave is the start of scenario from a save sheet (C-SETUP-4): its
// buildings, fortifications, ring, units, resources and technologies;
// the research deck shuffled without the researched cards.
func (r *Rules) FromSave(sv *cvcatalog.Save, scenario int, d Dice) (*State, error) {
	sc := r.scenario(scenario)
	if sc == nil {
		return nil, fmt.Errorf("no scenario %d", scenario)
	}
	var heroes []string
	for _, p := range sv.Players {
		heroes = append(heroes, p.Hero)
	}
	if r.C.Players.Row(len(heroes)) == nil {
		return nil, fmt.Errorf("the save sheet has %d players", len(heroes))
	}
	s := r.empty(len(heroes), heroes, sc)
	for id, l := range sv.Buildings {
		if i, ok := r.building[id]; ok {
			s.Buildings[i] = l
		}
	}
	for _, t := range sv.Technologies {
		if i, ok := r.tech[t]; ok {
			s.Techs[i] = true
			r.effect(s, r.C.Technologies[i].Effect)
		}
	}
	for k, n := range sv.Resources {
		s.Bank[r.resource[k]] = n
	}
	for id, x := range sv.Sections {
		i, ok := r.section[id]
		if !ok {
			continue
		}
		sec := &s.Sections[i]
		sec.Level, sec.Res = x.Level, x.Resistance
		if x.Gate != nil && sec.Gate >= 0 {
			sec.Gate = *x.Gate
		}
		for u, n := range x.Units {
			if j, ok := r.unit[u]; ok {
				sec.Units[j] = n
			}
		}
		if err := r.mount(sec, x.Engines); err != nil {
			return nil, err
		}
	}
	for id, k := range sv.Ring {
		if i, ok := r.ring[id]; ok {
			s.Ring[i] = map[string]int{"ditch": 1, "moat": 2}[k]
		}
	}
	r.shuffleDeck(s, d)
	s.First = d.Intn(s.Players)
	r.startTurn(s, true)
	return s, nil
}

// Save is the save sheet of a state (C-SAVE-2): what FromSave reads back.
func (r *Rules) Save(s *State, campaign string, names []string) cvcatalog.Save {
	sv := cvcatalog.Save{Campaign: campaign, Scenario: s.Scenario, Result: "won", Resources: map[string]int{}, Buildings: map[string]int{},
		Sections: map[string]cvcatalog.SectionSave{}, Ring: map[string]string{}}
	if s.Lost {
		sv.Result = "lost"
	}
	for p, h := range s.Heroes {
		name := fmt.Sprintf("player %d", p+1)
		if p < len(names) {
			name = names[p]
		}
		sv.Players = append(sv.Players, cvcatalog.SavePlayer{Name: name, Hero: h})
	}
	for i, n := range s.Bank {
		if n > 0 {
			sv.Resources[cvcatalog.Resources[i]] = n
		}
	}
	for i, l := range s.Buildings {
		if l > 0 {
			sv.Buildings[r.C.Buildings[i].ID] = l
		}
	}
	for i, t := range s.Techs {
		if t {
			sv.Technologies = append(sv.Technologies, r.C.Technologies[i].ID)
		}
	}
	for i := range s.Sections {
		sec := &s.Sections[i]
		x := cvcatalog.SectionSave{Level: sec.Level, Resistance: sec.Res, Units: map[string]int{}}
		if sec.Gate >= 0 {
			g := sec.Gate
			x.Gate = &g
		}
		for u, n := range sec.Units {
			if n > 0 {
				x.Units[r.C.Units[u].ID] = n
			}
		}
		for _, e := range sec.Engines {
			if x.Engines == nil {
				x.Engines = map[string]int{}
			}
			x.Engines[r.C.Engines[e].ID]++
		}
		sv.Sections[r.C.Sections[i].ID] = x
	}
	for i, k := range s.Ring {
		if k > 0 {
			sv.Ring[r.C.Ring[i].ID] = []string{"", "ditch", "moat"}[k]
		}
	}
	return sv
}

// CheckResult is what a check game found: Step is the failing step (from
// 1; 0: the start), Msg why.
type CheckResult struct {
	OK   bool
	Step int
	Msg  string
	// Account is every step's events.
	Account []string
}

// RunCheck plays check game ch.
func (r *Rules) RunCheck(ch *cvcatalog.Check) CheckResult {
	res := CheckResult{}
	fail := func(step int, format string, args ...any) CheckResult {
		res.Step, res.Msg = step, fmt.Sprintf(format, args...)
		return res
	}
	f := &Forced{}
	var s *State
	var err error
	heroes := ch.Heroes
	if ch.From == "setup" || ch.From == "" {
		s, err = r.Setup(ch.Players, heroes, ch.Scenario, f)
	} else {
		sv := cvcatalog.Find(r.C.Saves, ch.From, func(x *cvcatalog.Save) string { return x.ID })
		if sv == nil {
			return fail(0, "no save sheet %q", ch.From)
		}
		s, err = r.FromSave(sv, ch.Scenario, f)
		if err == nil && len(heroes) > 0 {
			s.Heroes = slices.Clone(heroes)
		}
	}
	if err != nil {
		return fail(0, "the start: %v", err)
	}
	if err := r.apply(s, ch.Set); err != nil {
		return fail(0, "set: %v", err)
	}
	var trail checkkit.Trail
	for i, st := range ch.Steps {
		n := i + 1
		f.Dice, f.used = st.Dice, 0
		var err error
		switch st.Do {
		case "siege":
			for s.Period == Actions {
				_ = r.Apply(s, Action{Do: EndGo})
			}
			ch := Choices{Heretic: st.Heretic, Sides: st.Sides}
			if len(st.Oracle) > 0 {
				moves := st.Oracle
				ch.Oracle = func(_ *State, round int) []cvcatalog.OracleMove {
					if round == 1 {
						return moves
					}
					return nil
				}
			}
			err = r.SiegePeriod(s, f, ch)
		default:
			err = r.Apply(s, Action{Do: st.Do, Section: st.Section, Building: st.Building, Ring: st.Ring, Tech: st.Tech, Resource: st.Resource, Unit: st.Unit, Spell: st.Spell, Engine: st.Engine})
		}
		did := st.Do
		var de *ErrDice
		switch {
		case asDice(err, &de):
			return fail(n, "%s: %s%s", did, de.Msg, trail.Before())
		case st.Fails != "":
			ref, ok := err.(*Refusal)
			if err == nil {
				return fail(n, "%s: expected to fail with %q, it was allowed%s", did, st.Fails, trail.Before())
			}
			if !ok || ref.Code != st.Fails {
				return fail(n, "%s: expected to fail with %q, failed with %q%s", did, st.Fails, err.Error(), trail.Before())
			}
		case err != nil:
			return fail(n, "%s: refused: %v%s", did, err, trail.Before())
		}
		if left := f.Left(); left > 0 {
			return fail(n, "%s: %s of the %s given not rolled", did, diceWord(left), diceWord(len(st.Dice)))
		}
		res.Account = append(res.Account, fmt.Sprintf("step %d %s: %s", n, did, strings.Join(s.Events, "; ")))
		trail.Add(n, did, s.Events)
		if st.Expect != nil {
			if d := r.compare(s, st.Expect); len(d) > 0 {
				return fail(n, "%s", d.String())
			}
		}
	}
	res.OK = true
	return res
}

// mount puts engines (by type) on sec, replacing what it held; nil keeps
// them.
func (r *Rules) mount(sec *Section, engines map[string]int) error {
	if engines == nil {
		return nil
	}
	sec.Engines = nil
	for _, e := range sortedKeys(engines) {
		k, ok := r.engine[e]
		if !ok {
			return fmt.Errorf("no siege engine %q", e)
		}
		for n := 0; n < engines[e]; n++ {
			sec.Engines = append(sec.Engines, k)
		}
	}
	return nil
}

func asDice(err error, de **ErrDice) bool {
	x, ok := err.(*ErrDice)
	if ok {
		*de = x
	}
	return ok
}

// apply forces a check game's start.
func (r *Rules) apply(s *State, set *cvcatalog.Set) error {
	if set == nil {
		return nil
	}
	for k, n := range set.Bank {
		s.Bank[r.resource[k]] = n
	}
	for _, k := range set.Available {
		s.Available[r.resource[k]] = true
	}
	for id, x := range set.Sections {
		i, ok := r.section[id]
		if !ok {
			return fmt.Errorf("no section %q", id)
		}
		sec := &s.Sections[i]
		if x.Level != nil {
			sec.Level = *x.Level
		}
		if x.Resistance != nil {
			sec.Res = *x.Resistance
		}
		if x.Gate != nil {
			sec.Gate = *x.Gate
		}
		if x.Units != nil {
			clear(sec.Units)
			for u, n := range x.Units {
				j, ok := r.unit[u]
				if !ok {
					return fmt.Errorf("no unit type %q", u)
				}
				sec.Units[j] = n
			}
		}
		if err := r.mount(sec, x.Engines); err != nil {
			return err
		}
	}
	for id, l := range set.Buildings {
		i, ok := r.building[id]
		if !ok {
			return fmt.Errorf("no building %q", id)
		}
		s.Buildings[i] = l
	}
	for id, k := range set.Ring {
		i, ok := r.ring[id]
		if !ok {
			return fmt.Errorf("no ring section %q", id)
		}
		s.Ring[i] = map[string]int{"ditch": 1, "moat": 2}[k]
	}
	for _, t := range set.Technologies {
		i, ok := r.tech[t]
		if !ok {
			return fmt.Errorf("no technology %q", t)
		}
		s.Techs[i] = true
		if j := slices.Index(s.Offer, i); j >= 0 {
			s.Offer = slices.Delete(s.Offer, j, j+1)
		}
		if j := slices.Index(s.Deck, i); j >= 0 {
			s.Deck = slices.Delete(s.Deck, j, j+1)
		}
		r.effect(s, r.C.Technologies[i].Effect)
	}
	if set.Actions != nil {
		s.Actions[s.Current] = *set.Actions
	}
	if set.Turn != nil {
		s.Turn = *set.Turn
	}
	r.refill(s)
	r.track(s)
	return nil
}

func (r *Rules) compare(s *State, e *cvcatalog.Expect) checkkit.Diffs {
	var d checkkit.Diffs
	for _, k := range sortedKeys(e.Bank) {
		d.Want("bank "+k, e.Bank[k], s.Bank[r.resource[k]])
	}
	for _, id := range sortedSecKeys(e.Sections) {
		x := e.Sections[id]
		i, ok := r.section[id]
		if !ok {
			d.Add("no section %q", id)
			continue
		}
		sec := &s.Sections[i]
		checkkit.Opt(&d, id+" level", x.Level, sec.Level)
		checkkit.Opt(&d, id+" resistance", x.Resistance, sec.Res)
		checkkit.Opt(&d, id+" gate", x.Gate, sec.Gate)
		checkkit.Opt(&d, id+" defenders", x.Defenders, sec.Defenders())
		checkkit.Opt(&d, id+" engines", x.Engines, len(sec.Engines))
		if x.Owner != nil {
			d.Want(id+" owner", *x.Owner, sec.Owner+1)
		}
		for _, u := range sortedKeys(x.Units) {
			j, ok := r.unit[u]
			if !ok {
				d.Add("no unit type %q", u)
				continue
			}
			d.Want(id+" "+u, x.Units[u], sec.Units[j])
		}
	}
	for _, id := range sortedStrKeys(e.Ring) {
		i, ok := r.ring[id]
		if !ok {
			d.Add("no ring section %q", id)
			continue
		}
		d.Want("ring "+id, e.Ring[id], []string{"none", "ditch", "moat"}[s.Ring[i]])
	}
	for _, id := range sortedKeys(e.Buildings) {
		d.Want(id, e.Buildings[id], s.Buildings[r.building[id]])
	}
	if e.ActionsLeft != nil {
		d.Want("actions left", *e.ActionsLeft, s.Actions[s.Current])
	}
	checkkit.Opt(&d, "action counter", e.Counter, s.Counter)
	if e.Player != nil {
		d.Want("player", *e.Player, s.Current+1)
	}
	checkkit.Opt(&d, "turn", e.Turn, s.Turn)
	checkkit.Opt(&d, "enemies", e.Enemies, s.EnemiesOnBoard())
	checkkit.Opt(&d, "killed", e.Killed, s.Killed)
	checkkit.Opt(&d, "lost", e.Lost, s.Lost)
	if e.Over != nil {
		d.Want("over", *e.Over, s.Period == Over)
	}
	checkkit.Opt(&d, "offer", e.Offer, len(s.Offer))
	if e.Breached != nil {
		var got []string
		for i, b := range s.Breached {
			if b {
				got = append(got, r.C.Sections[i].ID)
			}
		}
		d.Want("breached", e.Breached, got)
	}
	use := r.InUse(s)
	for _, k := range sortedKeys(e.InUse) {
		d.Want("in use "+k, e.InUse[k], use[k])
	}
	return d
}

func sortedKeys(m map[string]int) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

func sortedStrKeys(m map[string]string) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

func sortedSecKeys(m map[string]cvcatalog.SectionExpect) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}
