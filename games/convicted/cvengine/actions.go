package cvengine

import (
	"fmt"
	"slices"
	"strings"

	"wbtool.dev/wbtool/games/convicted/cvcatalog"
)

// Dice are the game's randomness: d6 faces, d3s read from a d6 (C-DEF-8),
// and the shuffles' draws.
type Dice interface {
	D6() (int, error)
	D3() (int, error)
	// Intn is a draw in [0, n) for shuffles and the first player.
	Intn(n int) int
}

// Refusal is an action the rules refuse: a code (a check game's `fails:`)
// and why, in words.
type Refusal struct{ Code, Why string }

func (e *Refusal) Error() string { return e.Code + ": " + e.Why }

func refuse(code, format string, args ...any) error {
	return &Refusal{Code: code, Why: fmt.Sprintf(format, args...)}
}

// Setup is the set-up of a scenario 1 for players players with heroes
// (C-SETUP-1): the starting buildings, spearmen and Wood of the
// player-count row (C-PLAYERS-1), the research deck shuffled, the first
// player drawn, the sections shared (C-PREP-3).
func (r *Rules) Setup(players int, heroes []string, scenario int, d Dice) (*State, error) {
	row := r.C.Players.Row(players)
	if row == nil {
		return nil, fmt.Errorf("the player-count table has no row for %d players (C-PLAYERS-1)", players)
	}
	sc := r.scenario(scenario)
	if sc == nil {
		return nil, fmt.Errorf("no scenario %d", scenario)
	}
	s := r.empty(players, heroes, sc)
	for i, b := range r.C.Buildings {
		s.Buildings[i] = b.Start
	}
	// C-SETUP-3: the starting spearmen one at a time round the sections,
	// within capacity.
	sp, ok := r.unit["spearman"]
	if !ok && len(r.C.Units) > 0 {
		sp = 0
	}
	for placed, i, tries := 0, 0, 0; placed < row.Spearmen && tries < 8*row.Spearmen+8; i, tries = (i+1)%len(s.Sections), tries+1 {
		if s.Sections[i].Defenders() < r.Capacity(s, i) && r.left(s, "defenders") > 0 {
			s.Sections[i].Units[sp]++
			placed++
		}
	}
	s.Bank[0] = min(row.Wood, r.C.Components.ResourceMarkers)
	r.shuffleDeck(s, d)
	s.First = d.Intn(players)
	r.startTurn(s, true)
	return s, nil
}

func (r *Rules) scenario(n int) *cvcatalog.Scenario {
	for i := range r.C.Scenarios {
		if r.C.Scenarios[i].Number == n {
			return &r.C.Scenarios[i]
		}
	}
	return nil
}

func (r *Rules) empty(players int, heroes []string, sc *cvcatalog.Scenario) *State {
	s := &State{Players: players, Scenario: sc.Number, Turn: 1, Turns: sc.Turns, Heroes: slices.Clone(heroes), Period: Actions,
		Actions: make([]int, players), Buildings: make([]int, len(r.C.Buildings)), Sections: make([]Section, len(r.C.Sections)),
		Ring: make([]int, len(r.C.Ring)), Techs: make([]bool, len(r.C.Technologies)), Unlocked: make([]bool, len(r.C.Units)),
		Breached: make([]bool, len(r.C.Sections)), Peak: map[string]int{}}
	if s.Turns == 0 {
		s.Turns = r.C.Limits.TurnsPerScenario
	}
	for i, sec := range r.C.Sections {
		s.Sections[i] = Section{Gate: -1, Units: make([]int, len(r.C.Units)), Bonus: make([]int, len(r.C.Units))}
		if sec.Gate {
			s.Sections[i].Gate = 0
		}
	}
	for i, res := range r.C.Resources {
		s.Available[r.resource[res.ID]] = res.Start
		_ = i
	}
	for i, u := range r.C.Units {
		s.Unlocked[i] = !u.Locked
	}
	return s
}

// shuffleDeck shuffles the technologies not researched (C-RES-1,
// C-SETUP-4) and deals the offer (C-RES-2).
func (r *Rules) shuffleDeck(s *State, d Dice) {
	s.Deck = s.Deck[:0]
	for i := range r.C.Technologies {
		if !s.Techs[i] {
			s.Deck = append(s.Deck, i)
		}
	}
	for i := len(s.Deck) - 1; i > 0; i-- {
		j := i - d.Intn(i+1) // a draw of 0 keeps the order (check games)
		s.Deck[i], s.Deck[j] = s.Deck[j], s.Deck[i]
	}
	s.Offer = nil
	r.refill(s)
}

// offerSize is the face-up research cards: the Library level's offer,
// 3 without a Library (C-RES-2).
func (r *Rules) offerSize(s *State) int {
	n := 3
	if i, ok := r.building["library"]; ok && s.Buildings[i] > 0 {
		n = r.C.Buildings[i].Levels[s.Buildings[i]-1].ResearchOffer
	}
	return n
}

func (r *Rules) refill(s *State) {
	for len(s.Offer) < r.offerSize(s) && len(s.Deck) > 0 {
		s.Offer = append(s.Offer, s.Deck[0])
		s.Deck = s.Deck[1:]
	}
}

// startTurn is the preparation period (C-PREP-1): the markers dealt,
// the enemy removed, the first player passed on (not on a scenario's
// first turn, C-PREP-2), the sections shared (C-PREP-3).
func (r *Rules) startTurn(s *State, first bool) {
	if !first {
		s.Turn++
		s.First = (s.First + 1) % s.Players
	}
	row := r.C.Players.Row(s.Players)
	for p := range s.Actions {
		s.Actions[p] = row.ActionsPerPlayer
	}
	s.Counter = 0
	s.Zones = [4]Zone{}
	s.WaveSize = 0
	s.FreeTrained = false
	s.Cast, s.Sorcery, s.Pending = [2]int{}, false, nil
	for i := range s.Sections {
		sec := &s.Sections[i]
		sec.Squads, sec.Repaired = nil, false
		clear(sec.Bonus)
	}
	// C-PREP-3: in turn order, one free section at a time.
	for k := range s.Sections {
		s.Sections[k].Owner = (s.First + k) % s.Players
	}
	s.Current = s.First
	s.Period = Actions
	r.track(s)
}

// Action is one decision of the action period, by ids as check games and
// logs write it.
type Action struct {
	Do       string `json:"do"`
	Section  string `json:"section,omitempty"`
	Building string `json:"building,omitempty"`
	Ring     string `json:"ring,omitempty"`
	Tech     string `json:"tech,omitempty"`
	Resource string `json:"resource,omitempty"`
	Unit     string `json:"unit,omitempty"`
	Spell    string `json:"spell,omitempty"`
	Engine   string `json:"engine,omitempty"`
}

func (a Action) String() string {
	parts := []string{a.Do}
	for _, x := range []string{a.Section, a.Building, a.Ring, a.Tech, a.Resource, a.Unit, a.Spell, a.Engine} {
		if x != "" {
			parts = append(parts, x)
		}
	}
	return strings.Join(parts, " ")
}

// The decisions of the action period (C-ACT-2, C-REP-1, C-HERO-5).
const (
	Fortify    = "fortify"
	Build      = "build"
	Dig        = "dig"
	MakeMoat   = "moat"
	Research   = "research"
	Collect    = "collect"
	Train      = "train"
	FreeTrain  = "free-train"
	Repair     = "repair"
	Cast       = "cast"
	Sorcery    = "sorcery"
	MakeEngine = "engine"
	EndGo      = "end-go"
)

// costsAction reports whether a decision takes an action marker (C-ACT-3).
func costsAction(do string) bool {
	switch do {
	case Fortify, Build, Dig, MakeMoat, Research, Collect, Train, MakeEngine:
		return true
	}
	return false
}

func (r *Rules) pay(s *State, c cvcatalog.Cost) error {
	a := c.Amounts()
	for i, n := range a {
		if n > 0 && s.Bank[i] < n {
			return refuse("cannot-afford", "needs %s, the bank holds %s", costText(c), r.bankText(s))
		}
	}
	for i, n := range a {
		s.Bank[i] -= n
	}
	return nil
}

func costText(c cvcatalog.Cost) string {
	var parts []string
	for i, n := range c.Amounts() {
		if n > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", n, cvcatalog.Resources[i]))
		}
	}
	if len(parts) == 0 {
		return "nothing"
	}
	return strings.Join(parts, " + ")
}

func (r *Rules) bankText(s *State) string {
	var parts []string
	for i, n := range s.Bank {
		if n > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", n, cvcatalog.Resources[i]))
		}
	}
	if len(parts) == 0 {
		return "nothing"
	}
	return strings.Join(parts, " + ")
}

func (r *Rules) hero(s *State, kind string) int {
	for p, h := range s.Heroes {
		if x := r.C.Hero(h); x != nil && x.Ability.Kind == kind && p < s.Players {
			return p
		}
	}
	return -1
}

// Apply plays a decision of the player whose go it is. A refused
// decision changes nothing (C-ACT-7) and is a *Refusal.
func (r *Rules) Apply(s *State, a Action) error {
	if s.Period != Actions {
		return refuse("not-actions", "the action period is over")
	}
	s.Events = nil
	if a.Do == EndGo {
		s.say("player %d ends their go with %d markers left (lost, C-ACT-5)", s.Current+1, s.Actions[s.Current])
		s.Actions[s.Current] = 0
		s.Current = (s.Current + 1) % s.Players
		if s.Current == s.First {
			s.Period = Siege
		}
		return nil
	}
	if costsAction(a.Do) && s.Actions[s.Current] == 0 {
		return refuse("no-action-left", "player %d has no action marker left", s.Current+1)
	}
	next := s.Clone()
	next.Events = nil
	if err := r.do(next, a); err != nil {
		return err
	}
	if costsAction(a.Do) {
		next.Actions[next.Current]--
		next.Counter++
	}
	r.track(next)
	*s = *next
	return nil
}

func (r *Rules) sectionOf(id string) (int, error) {
	i, ok := r.section[id]
	if !ok {
		return 0, refuse("unknown", "no section %q", id)
	}
	return i, nil
}

func (r *Rules) do(s *State, a Action) error {
	switch a.Do {
	case Fortify:
		i, err := r.sectionOf(a.Section)
		if err != nil {
			return err
		}
		sec := &s.Sections[i]
		levels := r.C.Fortifications.Levels(r.C.Sections[i].Kind)
		if sec.Level+1 >= len(levels) {
			return refuse("max-level", "section %s is at its highest level", a.Section)
		}
		if sec.Level == 0 && r.left(s, "fortificationTokens") <= 0 {
			return refuse("cap-reached", "no fortification token left (C-COMP-2)")
		}
		nl := &levels[sec.Level+1]
		if err := r.pay(s, nl.Cost); err != nil {
			return err
		}
		// C-FORT-2: one level; C-FORT-3: +1 Resistance, within the new
		// level's maximum; C-FORT-12: the gate rises with the N wall.
		sec.Level++
		sec.Res = min(sec.Res+1, nl.MaxResistance)
		if sec.Gate >= 0 {
			sec.Gate = min(sec.Gate+1, nl.MaxResistance)
		}
		s.say("section %s raised to %s (level %d), Resistance %d", a.Section, nl.Name.EN, sec.Level, sec.Res)
	case Build:
		i, ok := r.building[a.Building]
		if !ok {
			return refuse("unknown", "no building %q", a.Building)
		}
		b := &r.C.Buildings[i]
		if s.Buildings[i] >= len(b.Levels) {
			return refuse("max-level", "%s is at its highest level", a.Building)
		}
		// C-BLD-2 (Decision): the Keep's level bounds every other building.
		if k := r.building["keep"]; i != k && s.Buildings[i]+1 > s.Buildings[k] {
			return refuse("keep-too-low", "%s cannot rise above the Keep's level %d", a.Building, s.Buildings[k])
		}
		if r.left(s, "buildingTokens") <= 0 {
			return refuse("cap-reached", "no building token left (C-COMP-2)")
		}
		if err := r.pay(s, b.Levels[s.Buildings[i]].Cost); err != nil {
			return err
		}
		s.Buildings[i]++
		if a.Building == "library" {
			r.refill(s)
		}
		s.say("%s built to level %d", a.Building, s.Buildings[i])
	case Dig:
		i, ok := r.ring[a.Ring]
		if !ok {
			return refuse("unknown", "no ring section %q", a.Ring)
		}
		if s.Ring[i] != 0 {
			return refuse("already-dug", "ring section %s is already dug", a.Ring)
		}
		if r.left(s, "ditchTokens") <= 0 {
			return refuse("cap-reached", "no ditch token left (C-COMP-2)")
		}
		s.Ring[i] = 1 // C-DITCH-1: no resource
		s.say("ditch dug at %s", a.Ring)
	case MakeMoat:
		i, ok := r.ring[a.Ring]
		if !ok {
			return refuse("unknown", "no ring section %q", a.Ring)
		}
		if s.Ring[i] != 1 {
			return refuse("not-a-ditch", "ring section %s holds no ditch", a.Ring)
		}
		if r.left(s, "moatTokens") <= 0 {
			return refuse("cap-reached", "no moat token left (C-COMP-2)")
		}
		if err := r.pay(s, r.C.Moat.Cost); err != nil { // C-DITCH-2, C-DITCH-3
			return err
		}
		s.Ring[i] = 2
		s.say("moat made at %s", a.Ring)
	case Research:
		t, ok := r.tech[a.Tech]
		if !ok {
			return refuse("unknown", "no technology %q", a.Tech)
		}
		at := slices.Index(s.Offer, t)
		if at < 0 {
			return refuse("not-offered", "%s is not face up (C-RES-2)", a.Tech)
		}
		tech := &r.C.Technologies[t]
		if err := r.pay(s, tech.Cost); err != nil {
			return err
		}
		s.Offer = slices.Delete(s.Offer, at, at+1)
		s.Techs[t] = true
		r.effect(s, tech.Effect)
		r.refill(s)
		s.say("%s researched", a.Tech)
	case Collect:
		k, ok := r.resource[a.Resource]
		if !ok {
			return refuse("unknown", "no resource %q", a.Resource)
		}
		if !s.Available[k] {
			return refuse("resource-locked", "%s is not available yet (C-DEF-5)", a.Resource)
		}
		res := cvcatalog.Find(r.C.Resources, a.Resource, func(x *cvcatalog.Resource) string { return x.ID })
		n := min(res.Collect+s.CollectBonus[k], r.left(s, "resourceMarkers")) // C-COLL-2, C-COMP-2
		if n <= 0 {
			return refuse("cap-reached", "no resource marker left (C-COMP-2)")
		}
		s.Bank[k] += n
		s.say("%d %s collected", n, a.Resource)
	case Train, FreeTrain:
		return r.train(s, a)
	case Repair:
		i, err := r.sectionOf(a.Section)
		if err != nil {
			return err
		}
		sec := &s.Sections[i]
		if sec.Owner != s.Current {
			return refuse("not-your-section", "player %d does not defend section %s (C-REP-2)", s.Current+1, a.Section)
		}
		if sec.Repaired {
			return refuse("already-repaired", "section %s was repaired this turn", a.Section)
		}
		max := r.level(s, i).MaxResistance
		if sec.Res >= max && (sec.Gate < 0 || sec.Gate >= max) {
			return refuse("nothing-to-repair", "section %s is not damaged", a.Section)
		}
		if err := r.pay(s, cvcatalog.Cost{Wood: 1}); err != nil {
			return err
		}
		if sec.Gate >= 0 && sec.Gate < sec.Res {
			sec.Gate++
		} else {
			sec.Res++
		}
		sec.Repaired = true
		s.say("section %s repaired to Resistance %d", a.Section, sec.Res)
	case Cast, Sorcery:
		return r.cast(s, a)
	case MakeEngine:
		return r.makeEngine(s, a)
	default:
		return refuse("unknown", "no decision %q", a.Do)
	}
	return nil
}

// trains reports whether the Barracks offers unit u (C-TRAIN-2).
func (r *Rules) trains(s *State, u int) bool {
	if !s.Unlocked[u] {
		return false
	}
	b := r.building["barracks"]
	for l := 0; l < s.Buildings[b]; l++ {
		if slices.Contains(r.C.Buildings[b].Levels[l].Trains, r.C.Units[u].ID) {
			return true
		}
	}
	return false
}

func (r *Rules) train(s *State, a Action) error {
	u, ok := r.unit[a.Unit]
	if !ok {
		return refuse("unknown", "no unit type %q", a.Unit)
	}
	i, err := r.sectionOf(a.Section)
	if err != nil {
		return err
	}
	free := a.Do == FreeTrain
	if free {
		if r.hero(s, "freeTraining") != s.Current {
			return refuse("no-hero", "player %d has not the Deserter (C-HERO-5)", s.Current+1)
		}
		if s.FreeTrained {
			return refuse("used", "the Deserter already trained a unit this turn (C-HERO-5)")
		}
	}
	if !r.trains(s, u) {
		return refuse("not-offered", "the Barracks does not offer %s", a.Unit)
	}
	sec := &s.Sections[i]
	if sec.Owner != s.Current {
		return refuse("not-your-section", "player %d does not defend section %s (C-TRAIN-3)", s.Current+1, a.Section)
	}
	if sec.Defenders() >= r.Capacity(s, i) {
		return refuse("over-capacity", "section %s holds %d units, its capacity (C-DEF-7)", a.Section, sec.Defenders())
	}
	if r.left(s, "defenders") <= 0 {
		return refuse("cap-reached", "no defender token left (C-TRAIN-4)")
	}
	if !free {
		if err := r.pay(s, r.C.Units[u].Cost); err != nil {
			return err
		}
	} else {
		s.FreeTrained = true
	}
	sec.Units[u]++
	s.say("%s trained on %s", a.Unit, a.Section)
	return nil
}

// effect applies a technology (C-RES-3).
func (r *Rules) effect(s *State, e cvcatalog.Effect) {
	switch e.Kind {
	case "unlockResource":
		s.Available[r.resource[e.Resource]] = true
	case "unlockUnit":
		if u, ok := r.unit[e.Unit]; ok {
			s.Unlocked[u] = true
		}
	case "collectBonus":
		s.CollectBonus[r.resource[e.Resource]] += e.Amount
	case "capacityBonus":
		k := 0
		if e.Section == "tower" {
			k = 1
		}
		s.CapBonus[k] += e.Amount
	}
}

// Legal are the decisions the player whose go it is may take, in a fixed
// order; end-go always last.
func (r *Rules) Legal(s *State) []Action {
	if s.Period != Actions {
		return nil
	}
	var cands []Action
	for _, sec := range r.C.Sections {
		cands = append(cands, Action{Do: Fortify, Section: sec.ID}, Action{Do: Repair, Section: sec.ID})
	}
	for _, b := range r.C.Buildings {
		cands = append(cands, Action{Do: Build, Building: b.ID})
	}
	for _, g := range r.C.Ring {
		cands = append(cands, Action{Do: Dig, Ring: g.ID}, Action{Do: MakeMoat, Ring: g.ID})
	}
	for _, t := range s.Offer {
		cands = append(cands, Action{Do: Research, Tech: r.C.Technologies[t].ID})
	}
	for _, x := range cvcatalog.Resources {
		cands = append(cands, Action{Do: Collect, Resource: x})
	}
	for u, unit := range r.C.Units {
		if !r.trains(s, u) {
			continue
		}
		for i, sec := range r.C.Sections {
			if s.Sections[i].Owner == s.Current {
				cands = append(cands, Action{Do: Train, Unit: unit.ID, Section: sec.ID}, Action{Do: FreeTrain, Unit: unit.ID, Section: sec.ID})
			}
		}
	}
	cands = r.magicCandidates(s, cands)
	var out []Action
	for _, a := range cands {
		if r.Allowed(s, a) {
			out = append(out, a)
		}
	}
	return append(out, Action{Do: EndGo})
}

// Allowed reports whether a may be played now.
func (r *Rules) Allowed(s *State, a Action) bool {
	if costsAction(a.Do) && s.Actions[s.Current] == 0 {
		return false
	}
	if s.scratch == nil {
		s.scratch = &State{}
	}
	s.copyInto(s.scratch)
	return r.do(s.scratch, a) == nil
}
