package wbmatch

import (
	"fmt"
	"io"
	"strings"

	"wbtool.dev/wbtool/diag"
	"wbtool.dev/wbtool/engine/hex"
	"wbtool.dev/wbtool/games/warbound/wbcatalog"
	"wbtool.dev/wbtool/games/warbound/wbengine"
)

// Account writes the game of log l in words, turn by turn, as a person
// follows it at the table: the decks and their Characters by name, who
// activates whom on which space, the skill used by its name, the dice and
// what they did, why each token was taken, each Victory Point with its
// reason and the running score, then a summary of the game on one screen.
// It plays the log again on the match's game (wbengine.Trace: the events
// as the engine made them, with their causes), so it says what the log
// says and is as deterministic as the log; a log that diverges is an
// error.
func (m *Match) Account(w io.Writer, l *wbengine.Log) error {
	a := &account{w: w, cat: m.cat, g: m.game, actor: -1}
	for i, id := range l.Header.Decks {
		a.decks[i] = id
		if d := m.cat.Deck(id); d != nil && d.Name.EN != "" {
			a.decks[i] = d.Name.EN
		}
	}
	a.head(l.Header)
	s, err := wbengine.Trace(m.game, l, a.step)
	if err != nil {
		return err
	}
	a.summary(&s)
	return nil
}

// account is the state of Account between steps, and what its summary
// counts.
type account struct {
	w     io.Writer
	cat   *wbcatalog.Catalog
	g     *wbengine.Game
	decks [2]string // the sides by their decks' names
	actor int       // the Character activated, while its activation lasts; -1
	vp    [2]int    // the running score
	// the summary's counts, in the order first seen
	reasons  [2][]string
	byReason [2]map[string]int
	skills   []string
	used     map[string]int
	removed  []string
	panicked []string
}

// head names the game and each side's Characters.
func (a *account) head(h wbengine.LogHeader) {
	on := h.Scenario
	if sc := a.cat.Scenario(h.Scenario); sc != nil && sc.Name.EN != "" {
		on = sc.Name.EN
	}
	fmt.Fprintf(a.w, "%s against %s on %s, seed %d\n", a.decks[0], a.decks[1], on, h.Seed)
	for side := range 2 {
		var names []string
		for u := range a.g.UnitCount() {
			if a.g.UnitSide(u) == side {
				names = append(names, a.unit(u))
			}
		}
		fmt.Fprintf(a.w, "%s (%s): %s\n", a.decks[side], h.Decks[side], strings.Join(names, ", "))
	}
	fmt.Fprintln(a.w, "Deployment")
}

// unit names unit u: its Character's name, or its id in a check game.
func (a *account) unit(u int) string {
	if u < 0 || u >= a.g.UnitCount() {
		return "-"
	}
	if c := a.cat.Character(a.g.UnitCard(u)); c != nil && c.Name.EN != "" {
		return c.Name.EN
	}
	return a.g.UnitID(u)
}

// source names the effect of an event's cause: the skill, Equipment or
// Vocation by its name.
func (a *account) source(cause int16) string {
	kind, id := a.g.EffectSource(cause)
	var name wbcatalog.Text
	switch kind {
	case "skill":
		if sk := a.cat.Skill(id); sk != nil {
			name = sk.Name
		}
	case "equipment":
		if e := a.cat.EquipmentCard(id); e != nil {
			name = e.Name
		}
	case "vocation":
		if v := a.cat.Vocation(id); v != nil {
			name = v.Name
		}
	}
	if name.EN != "" {
		return name.EN
	}
	return id
}

// tiles names a decision's destination: "C3", a Formation's "C3 and D3".
func (a *account) tiles(t, t2 hex.Tile) string {
	s := a.g.Grid().Name(t)
	if t2 != hex.None {
		s += " and " + a.g.Grid().Name(t2)
	}
	return s
}

// colour names an Order colour.
func (a *account) colour(c int8) string {
	cs := a.g.Colours()
	if c < 0 || int(c) >= len(cs) {
		return "-"
	}
	return cs[c]
}

// decision is the line of a step's decision, and its indent ("" for a
// decision that writes no line of its own).
func (a *account) decision(d wbengine.Decision) (line, indent string) {
	side := a.decks[d.Side]
	indent = "  "
	switch d.Kind {
	case wbengine.DeployUnit:
		return fmt.Sprintf("%s deploys %s at %s", side, a.unit(int(d.Unit)), a.tiles(d.Tile, d.Tile2)), indent
	case wbengine.PlaceHourglass:
		return fmt.Sprintf("%s places the Hourglass on %s", side, a.g.SpaceID(int(d.Space))), indent
	case wbengine.Activate:
		who := a.unit(int(d.Unit))
		if d.With > 0 {
			who += " and " + a.unit(int(d.With-1))
		}
		return fmt.Sprintf("%s activates %s on %s", side, who, a.g.SpaceID(int(d.Space))), indent
	case wbengine.Pass:
		return side + " passes", indent
	case wbengine.EndActivation:
		return "", indent
	case wbengine.Exchange:
		return fmt.Sprintf("%s exchanges %s and %s for %s", side, a.colour(d.Colour), a.colour(d.Give2), a.colour(d.Take)), indent
	case wbengine.KeepOrder:
		return fmt.Sprintf("%s keeps a %s Order token", side, a.colour(d.Colour)), indent
	case wbengine.SwapHand:
		if d.Swap {
			return side + " gives the Hourglass for the Hand", indent
		}
		return side + " keeps the Hourglass", indent
	}
	indent = "    "
	actor := a.unit(a.actor)
	switch d.Kind {
	case wbengine.Move:
		if d.Run {
			return fmt.Sprintf("%s runs to %s", actor, a.tiles(d.Tile, d.Tile2)), indent
		}
		return fmt.Sprintf("%s moves to %s", actor, a.tiles(d.Tile, d.Tile2)), indent
	case wbengine.Shoot, wbengine.Fight:
		verb := "shoots"
		if d.Kind == wbengine.Fight {
			verb = "fights"
		}
		line = fmt.Sprintf("%s %s %s", actor, verb, a.unit(int(d.Target)))
		if d.Aim {
			line += ", aiming"
		}
		return line, indent
	case wbengine.Hide:
		return actor + " hides", indent
	case wbengine.UseSkill:
		// the skill's name comes with its event (step)
		return "", indent
	}
	return fmt.Sprintf("%s %s", side, d.Kind), indent
}

// rollFor names what a roll was for (wbengine.RollRanged…).
var rollFor = map[int16]string{
	wbengine.RollRanged: "ranged", wbengine.RollMelee: "melee", wbengine.RollArmour: "armour", wbengine.RollEffect: "effect",
}

// step writes one decision: a line for the decision, what its events did
// after a colon; turns, Orders and scores on their own lines.
func (a *account) step(_ *wbengine.State, st *wbengine.LogStep, ev []wbengine.Event) {
	d := st.Decision.Decision()
	ending := a.actor // the Character whose activation an "end" decision ends
	line, indent := a.decision(d)
	var did, after []string
	phase := false // a new phase started: what follows is its own
	var orders []string
	// note adds what an event did: to the decision's line, or on its own
	// line once a new phase started. Tokens of one target in a row join.
	note := func(s string) {
		if phase {
			after = append(after, "  "+s)
			return
		}
		if n := len(did); n > 0 {
			if who, _, ok := strings.Cut(s, " takes "); ok && strings.HasPrefix(did[n-1], who+" takes ") {
				did[n-1] += " and " + strings.TrimPrefix(s, who+" takes ")
				return
			}
		}
		did = append(did, s)
	}
	hitBy := int16(0) // the purpose of the last attack roll, for the tokens it causes
	skill := int16(0) // the effect of the skill the step uses (Event.Cause)
	for i := range ev {
		e := &ev[i]
		if e.Kind != wbengine.EvOrders && len(orders) > 0 {
			after = append(after, "  Orders: "+strings.Join(orders, ", "))
			orders = nil
		}
		switch e.Kind {
		case wbengine.EvTurn:
			phase = true
			after = append(after, fmt.Sprintf("Turn %d", e.N))
		case wbengine.EvPhase:
			phase = true
		case wbengine.EvOrders:
			orders = append(orders, fmt.Sprintf("%s %d %s", a.decks[e.Side], e.N, a.colour(e.Colour)))
		case wbengine.EvActivate:
			a.actor = int(e.Unit)
		case wbengine.EvPay:
			note(fmt.Sprintf("pays %d %s", e.N, a.colour(e.Colour)))
		case wbengine.EvEndActivation:
			a.actor = -1
		case wbengine.EvSkill:
			skill = e.Cause
			name := a.source(e.Cause)
			a.use(name)
			line = fmt.Sprintf("%s uses %s", a.unit(int(e.Unit)), name)
			if d.Target >= 0 {
				line += " on " + a.unit(int(d.Target))
			}
			if d.Tile != hex.None {
				line += " to " + a.tiles(d.Tile, d.Tile2)
			}
		case wbengine.EvReaction:
			name := a.source(e.Cause)
			a.use(name)
			note(fmt.Sprintf("%s reacts to %s at %s with %s", a.unit(int(e.Unit)), a.unit(int(e.Target)), a.g.Grid().Name(e.Tile), name))
		case wbengine.EvRoll:
			purpose := rollFor[e.N]
			if e.Cause != 0 {
				purpose = a.source(e.Cause)
			}
			if e.N == wbengine.RollRanged || e.N == wbengine.RollMelee {
				hitBy = e.N
			}
			dice := make([]string, e.NDice)
			for j := range dice {
				dice[j] = fmt.Sprint(e.Dice[j])
			}
			who := a.unit(int(e.Unit)) + " rolls"
			if int(e.Unit) == a.actor && !phase {
				who = "rolls"
			}
			note(fmt.Sprintf("%s %s (%s)", who, strings.Join(dice, " "), purpose))
		case wbengine.EvHit:
			note(fmt.Sprintf("%s on %s", diag.Plural(int(e.N), "hit"), a.unit(int(e.Target))))
		case wbengine.EvToken:
			why := ""
			if e.Cause == 0 || e.Cause != skill { // the skill used says why
				why = " (" + a.tokenWhy(e, hitBy, d) + ")"
			}
			note(fmt.Sprintf("%s takes %s%s", a.unit(int(e.Target)), tokens(int(e.N), e.Colour), why))
		case wbengine.EvTokenOff:
			why := ""
			if e.Cause != 0 && e.Cause != skill {
				why = " (" + a.source(e.Cause) + ")"
			}
			note(fmt.Sprintf("%s loses %s%s", a.unit(int(e.Target)), tokens(int(e.N), e.Colour), why))
		case wbengine.EvRemoved:
			a.removed = append(a.removed, a.unit(int(e.Unit)))
			note(a.unit(int(e.Unit)) + " is removed from play (its Wounds reach its Health, R-END-1)")
		case wbengine.EvPanic:
			a.panicked = append(a.panicked, a.unit(int(e.Unit)))
			note(a.unit(int(e.Unit)) + " panics (its Stress reaches its Morale, R-END-2)")
		case wbengine.EvCover:
			note(a.unit(int(e.Unit)) + " takes Cover")
		case wbengine.EvCoverLost:
			note(a.unit(int(e.Unit)) + " loses Cover")
		case wbengine.EvMaintenance:
			note(a.unit(int(e.Unit)) + "'s Maintenance marker is removed")
		case wbengine.EvVP:
			a.vp[e.Side] += int(e.N)
			why := a.vpWhy(ev[:i], e)
			a.count(int(e.Side), why, int(e.N))
			after = append(after, fmt.Sprintf("  %s scores %d VP for %s: %s", a.decks[e.Side], e.N, why, a.score()))
		case wbengine.EvVPLost:
			a.vp[e.Side] -= int(e.N)
			a.count(int(e.Side), "Maintenance markers", -int(e.N))
			after = append(after, fmt.Sprintf("  %s loses %d VP for its Maintenance markers still in play (R-TURN-7): %s", a.decks[e.Side], e.N, a.score()))
		case wbengine.EvMarker:
			after = append(after, fmt.Sprintf("  %s takes the marker %s", a.unit(int(e.Unit)), a.g.MarkerID(int(e.Space))))
		case wbengine.EvObjective:
			after = append(after, fmt.Sprintf("  %s draws Objective card %d", a.decks[e.Side], e.N))
		case wbengine.EvDiscard:
			if e.N != 0 {
				after = append(after, fmt.Sprintf("  %s discards %s", a.decks[e.Side], diag.Plural(int(e.N), "Order token")))
			}
		case wbengine.EvHand:
			after = append(after, fmt.Sprintf("  %s takes the Hand", a.decks[e.Side]))
		}
	}
	if len(orders) > 0 {
		after = append(after, "  Orders: "+strings.Join(orders, ", "))
	}
	if line == "" && len(did) > 0 {
		line = fmt.Sprintf("%s ends %s's activation", a.decks[d.Side], a.unit(ending))
	}
	if line != "" {
		if len(did) > 0 {
			line += ": " + strings.Join(did, ", ")
		}
		fmt.Fprintln(a.w, indent+line)
	}
	for _, s := range after {
		fmt.Fprintln(a.w, s)
	}
}

// tokens is "1 stress", "2 wounds".
func tokens(n int, kind int8) string {
	name := wbengine.TokenNames[kind]
	if n == 1 || strings.HasSuffix(name, "s") {
		return fmt.Sprintf("%d %s", n, name)
	}
	return fmt.Sprintf("%d %ss", n, name)
}

// tokenWhy says why a token was taken: the effect that gave it, or the
// rule (an attack's hits and dice, armour, a second activation).
func (a *account) tokenWhy(e *wbengine.Event, hitBy int16, d wbengine.Decision) string {
	if e.Cause != 0 {
		return a.source(e.Cause)
	}
	switch int(e.Colour) {
	case wbengine.TokWound:
		return "damage, R-SHOOT-6"
	case wbengine.TokBreak:
		return "its armour saved a wound, R-SHOOT-7"
	case wbengine.TokStress:
		switch {
		case hitBy == wbengine.RollRanged:
			return "shot at, R-SHOOT-5"
		case hitBy == wbengine.RollMelee:
			return "fought, R-FIGHT-2"
		case d.Kind == wbengine.Activate:
			return "activated again this turn, R-ACTV-2"
		}
	}
	return "the rules"
}

// vpWhy says what scored VP event e, read from its scoring rule and the
// events before it in its step.
func (a *account) vpWhy(before []wbengine.Event, e *wbengine.Event) string {
	kind := ""
	if e.Cause > 0 && int(e.Cause) <= len(wbengine.ScoringKinds) {
		kind = wbengine.ScoringKinds[e.Cause-1]
	}
	// the event that set the scoring off: the last removal, Panic or
	// marker before it
	last := func(k wbengine.EventKind) *wbengine.Event {
		for i := len(before) - 1; i >= 0; i-- {
			if before[i].Kind == k {
				return &before[i]
			}
		}
		return nil
	}
	switch kind {
	case wbengine.ScoreControlMarker:
		return "the markers it controls at the end of the turn"
	case wbengine.ScoreInteractMarker:
		if m := last(wbengine.EvMarker); m != nil {
			return a.unit(int(m.Unit)) + " scanning marker " + a.g.MarkerID(int(m.Space))
		}
		return "scanning a marker"
	case wbengine.ScoreRemoveEnemy:
		if r := last(wbengine.EvRemoved); r != nil {
			return "removing " + a.unit(int(r.Unit))
		}
		return "removing an enemy"
	case wbengine.ScorePanicEnemy:
		if p := last(wbengine.EvPanic); p != nil {
			return a.unit(int(p.Unit)) + "'s Panic"
		}
		return "an enemy's Panic"
	case wbengine.ScoreEnemyZone:
		return "its Characters in the enemy deployment zone at the end"
	case wbengine.ScoreKeepAlive:
		return "its Characters still in play at the end"
	case wbengine.ScoreMostMarkers:
		return "controlling the most markers at the end"
	}
	return "the scenario"
}

// score is the running score: "Clans Vigil 3, Raiders Strike 1".
func (a *account) score() string {
	return fmt.Sprintf("%s %d, %s %d", a.decks[0], a.vp[0], a.decks[1], a.vp[1])
}

// count adds n VP of side to its reason's total, for the summary.
func (a *account) count(side int, why string, n int) {
	// a reason that names a Character counts under its kind
	switch {
	case strings.Contains(why, " scanning marker "):
		why = "scanning markers"
	case strings.HasPrefix(why, "removing "):
		why = "removing enemies"
	case strings.HasSuffix(why, "'s Panic"):
		why = "enemies' Panic"
	}
	if a.byReason[side] == nil {
		a.byReason[side] = map[string]int{}
	}
	if _, ok := a.byReason[side][why]; !ok {
		a.reasons[side] = append(a.reasons[side], why)
	}
	a.byReason[side][why] += n
}

// use counts a skill used, for the summary.
func (a *account) use(name string) {
	if a.used == nil {
		a.used = map[string]int{}
	}
	if a.used[name] == 0 {
		a.skills = append(a.skills, name)
	}
	a.used[name]++
}

// summary writes the game on one screen: the score and where each
// side's VP came from, who was removed and who panicked, the skills used.
func (a *account) summary(s *wbengine.State) {
	fmt.Fprintf(a.w, "Summary after %s\n", diag.Plural(s.Turn(), "turn"))
	for side := range 2 {
		var parts []string
		for _, why := range a.reasons[side] {
			parts = append(parts, fmt.Sprintf("%d for %s", a.byReason[side][why], why))
		}
		from := ""
		if len(parts) > 0 {
			from = ": " + strings.Join(parts, ", ")
		}
		fmt.Fprintf(a.w, "  %s: %d VP%s\n", a.decks[side], s.VP(side), from)
	}
	fmt.Fprintf(a.w, "  removed from play: %s\n", orNone(a.removed))
	fmt.Fprintf(a.w, "  panicked: %s\n", orNone(a.panicked))
	var used []string
	for _, name := range a.skills {
		used = append(used, fmt.Sprintf("%s %d×", name, a.used[name]))
	}
	fmt.Fprintf(a.w, "  skills used: %s\n", orNone(used))
}

// orNone joins names, or says "none".
func orNone(names []string) string {
	if len(names) == 0 {
		return "none"
	}
	return strings.Join(names, ", ")
}
