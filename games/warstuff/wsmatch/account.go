package wsmatch

import (
	"fmt"
	"io"
	"strings"

	"wbtool.dev/wbtool/diag"
	"wbtool.dev/wbtool/games/warstuff/wscatalog"
	"wbtool.dev/wbtool/games/warstuff/wsengine"
)

// Account writes the game of log l in words, turn by turn, as a person
// follows it at the table: the bands and their figures by name, who
// activates whom and what for, each roll with its dice, what it needed
// and whether it passed, what the hits did, and the running score at the
// end of each turn. It plays the log again (its events as the engine made
// them, with their targets), so it says what the log says and is as
// deterministic as the log; a log that diverges is an error.
func (m *Match) Account(w io.Writer, l *wsengine.Log) error {
	g, err := m.gameOf(l.Header)
	if err != nil {
		return err
	}
	a := &account{w: w, m: m, g: g}
	a.head(l.Header)
	err = wsengine.Trace(g, l, a.step)
	a.flush()
	return err
}

// account is the state of Account between steps.
type account struct {
	w     io.Writer
	m     *Match
	g     *wsengine.Game
	s     *wsengine.State
	lines []string // the current step's lines, after its first
	line  string   // the current step's first line
	turn  int
	dec   *wsengine.Decision
	rolls int // initiative rolls in this step, red's first
	// rolledOff: the players who rolled in the set-up's roll-off since
	// its last tie
	rolledOff uint8
}

// head names the game and its sides with their figures.
func (a *account) head(h wsengine.LogHeader) {
	on := h.Scenario
	if len(h.Variants) > 0 {
		on += " (" + strings.Join(h.Variants, ", ") + ")"
	}
	fmt.Fprintf(a.w, "%s on %s, seed %d\n", a.m.Title(), on, h.Seed)
	figs := map[int][]string{}
	for i, f := range a.g.Figs {
		figs[int(f.Side)] = append(figs[int(f.Side)], a.figShort(i))
	}
	for side := range max(2, len(a.m.Sides())) {
		what := a.g.SideName(side)
		if side < len(h.Seats) {
			what += ", " + h.Seats[side] + " corner"
		}
		if !a.m.inv && !a.m.multi && side == int(a.g.Attacker) && !a.g.Deploy {
			what += ", attacks"
		}
		list := strings.Join(figs[side], ", ")
		if a.m.inv && side == 1 {
			list = "they come through the entries"
		}
		fmt.Fprintf(a.w, "%s (%s): %s\n", a.sideLabel(side), what, list)
	}
}

// player names the hero player choosing or placing during an
// invasion's set-up: its band.
func (a *account) player() string {
	p := a.s.Placing()
	if p < 0 || p >= len(a.m.Header.Bands) {
		return "the heroes"
	}
	name := a.m.Header.Bands[p]
	if b := findBand(a.m.cat, name); b != nil {
		name = b.Name.EN
	}
	return name
}

// sideLabel names a side: a band by its name, the heroes, the horde.
func (a *account) sideLabel(side int) string {
	h := a.m.Header
	switch {
	case a.m.inv && side == 0:
		return "the heroes"
	case a.m.inv:
		if hd := findHorde(a.m.cat, h.Horde); hd != nil {
			return "the " + hd.Name.EN
		}
		return "the " + h.Horde
	case side < len(h.Bands):
		name := h.Bands[side]
		if b := findBand(a.m.cat, name); b != nil {
			name = b.Name.EN
		}
		if n := a.copyOf(side); n > 1 {
			name += fmt.Sprintf(" #%d", n)
		}
		return name
	}
	return a.g.SideName(side)
}

// copyOf is which copy of its band side's band is (1, or 2 for a band
// played twice).
func (a *account) copyOf(side int) int {
	n := 0
	for i := 0; i <= side && i < len(a.m.Header.Bands); i++ {
		if a.m.Header.Bands[i] == a.m.Header.Bands[side] {
			n++
		}
	}
	return n
}

// profileName is a profile's or a creature's name in English.
func (a *account) profileName(id string) string {
	for _, ps := range [][]wscatalog.Profile{a.m.cat.Profiles, a.m.cat.Creatures} {
		for i := range ps {
			if ps[i].ID == id {
				return ps[i].Name.EN
			}
		}
	}
	return id
}

// figShort names figure i without its band: "Hound 4"; a creature by its
// kind and number, "Zombie 14".
func (a *account) figShort(i int) string {
	if i < len(a.g.Figs) {
		f := a.g.Figs[i]
		prof := a.g.Profiles[f.Profile].ID
		num := strings.TrimSuffix(a.g.Figs[i].Name, "-"+prof)
		if k := strings.LastIndexByte(num, '-'); k >= 0 {
			num = num[k+1:]
		}
		return a.profileName(prof) + " " + num
	}
	prof := ""
	if a.s != nil && i < a.s.Figs() {
		prof = a.g.Profiles[a.s.Fig(i).Prof].ID
	}
	return fmt.Sprintf("%s %d", a.profileName(prof), i+1)
}

// fig names figure i with its side: "Hound 4 (Shadow Cell)".
func (a *account) fig(i int) string {
	if i < 0 {
		return "-"
	}
	if i >= len(a.g.Figs) {
		return a.figShort(i)
	}
	if a.m.inv { // the heroes by their bands
		if b := int(a.g.Figs[i].Band); b < len(a.m.Header.Bands) {
			name := a.m.Header.Bands[b]
			if bd := findBand(a.m.cat, name); bd != nil {
				name = bd.Name.EN
			}
			return a.figShort(i) + " (" + name + ")"
		}
	}
	return a.figShort(i) + " (" + a.sideLabel(int(a.g.Figs[i].Side)) + ")"
}

// flush writes the current step.
func (a *account) flush() {
	if a.line != "" {
		fmt.Fprintln(a.w, a.line)
	}
	for _, l := range a.lines {
		fmt.Fprintln(a.w, l)
	}
	a.line, a.lines = "", nil
}

func (a *account) add(indent, format string, args ...any) {
	a.lines = append(a.lines, indent+fmt.Sprintf(format, args...))
}

// step writes one decision and what it caused.
func (a *account) step(s *wsengine.State, d *wsengine.Decision, ev []wsengine.Event) {
	a.s = s
	a.g = s.Game() // as set up: the attacker and the corners chosen
	a.dec, a.rolls = d, 0
	if d == nil && s.InSetup() {
		a.add("", "Set-up")
	}
	if d != nil {
		a.line = "  " + a.decision(d)
	}
	for i := range ev {
		a.event(&ev[i])
	}
	a.flush()
}

// decision is a decision in words.
func (a *account) decision(d *wsengine.Decision) string {
	switch d.Kind {
	case wsengine.Activate:
		opt := strings.ReplaceAll(wsengine.OptionIDs[d.Option], "-", " ")
		var b strings.Builder
		fmt.Fprintf(&b, "%s: %s", a.fig(int(d.Fig)), opt)
		if d.Path.N > 0 {
			p := d.Path.W[d.Path.N-1].P
			fmt.Fprintf(&b, " to (%.1f, %.1f)", p.X, p.Y)
		}
		if d.Target >= 0 {
			fmt.Fprintf(&b, ", at %s", a.fig(int(d.Target)))
		}
		if d.Heal >= 0 {
			fmt.Fprintf(&b, ", healing %s", a.fig(int(d.Heal)))
		}
		if d.Suicide {
			b.WriteString(", blowing itself up")
		}
		if d.Power > 0 {
			fmt.Fprintf(&b, ", power %s", wsengine.PowerSpecs[d.Power-1].ID)
			if d.PowerTarget >= 0 {
				fmt.Fprintf(&b, " on %s", a.fig(int(d.PowerTarget)))
			}
		}
		return b.String()
	case wsengine.Pass:
		return a.sideLabel(int(d.Side)) + " passes"
	case wsengine.First:
		return a.sideLabel(int(d.Choice)) + " chooses to go first"
	case wsengine.Interrupt:
		return fmt.Sprintf("%s interrupts the move at %.1f\" (Overwatch)", a.fig(int(d.Fig)), d.At)
	case wsengine.NoInterrupt:
		return "no Overwatch shot"
	case wsengine.PostMove:
		return a.fig(int(d.Fig)) + " moves after the combat"
	case wsengine.Attacker:
		if d.Choice == d.Side {
			return a.sideLabel(int(d.Side)) + " chooses to attack"
		}
		return a.sideLabel(int(d.Side)) + " makes " + a.sideLabel(int(d.Choice)) + " the attacker"
	case wsengine.Corner:
		c := wsengine.CornerNames[d.Choice&3]
		if a.m.inv {
			return fmt.Sprintf("%s deploys in the %s corner", a.player(), c)
		}
		return fmt.Sprintf("%s chooses the %s corner", a.sideLabel(int(d.Side)), c)
	case wsengine.Deploy, wsengine.Infiltrate:
		at := d.Path.W[0].P
		how := "deploys"
		if d.Kind == wsengine.Infiltrate {
			how = "infiltrates"
		}
		return fmt.Sprintf("%s %s at (%.1f, %.1f)", a.fig(int(d.Fig)), how, at.X, at.Y)
	case wsengine.Reserve:
		return a.fig(int(d.Fig)) + " stays in reserve (Teleport)"
	}
	return d.Format(a.g) // the rest say it as the log does
}

// rollWords says what a roll of purpose is, and what passing it means.
var rollWords = map[string][2]string{
	wsengine.RollHit:       {"to hit", "hits"},
	wsengine.RollPierce:    {"piercing", "pierces: no defence"},
	wsengine.RollCover:     {"cover save", "saved by cover"},
	wsengine.RollDefence:   {"defence", "defends"},
	wsengine.RollArmour:    {"reinforced armour", "ignores the wound"},
	wsengine.RollWound:     {"wound roll", "stays standing"},
	wsengine.RollSturdy:    {"sturdy", "not stunned"},
	wsengine.RollParalyse:  {"paralysing", "paralyses"},
	wsengine.RollExplosive: {"explosive", "caught in the blast"},
	wsengine.RollDanger:    {"dangerous terrain", "unharmed"},
	wsengine.RollDrop:      {"drop", "lands safely"},
	wsengine.RollJump:      {"jump", "makes the jump"},
	wsengine.RollMorale:    {"morale", "holds"},
	wsengine.RollStealthy:  {"stealthy", "spots it"},
	wsengine.RollPower:     {"power", "casts it"},
	wsengine.RollTeleport:  {"teleport", "teleports"},
	wsengine.RollSabotage:  {"sabotage", "sabotages"},
	wsengine.RollDevice:    {"device", "works the device"},
	wsengine.RollRegen:     {"regeneration", "regenerates"},
	wsengine.RollHeal:      {"healing", "heals"},
}

// event adds what an event did.
func (a *account) event(e *wsengine.Event) {
	const in = "    "
	f, o := int(e.Fig), int(e.Other)
	switch e.Kind {
	case wsengine.EvTurn:
		a.flush()
		a.turn = int(e.N)
		a.add("", "Turn %d", e.N)
	case wsengine.EvLastTurn:
		a.add("  ", "turn %d is the last one", e.N)
	case wsengine.EvFirst:
		if a.dec == nil || a.dec.Kind != wsengine.First {
			a.add("  ", "%s goes first", a.sideLabel(int(e.N)))
		}
	case wsengine.EvRoll:
		a.roll(e)
	case wsengine.EvActivate, wsengine.EvMove, wsengine.EvDeploy:
	case wsengine.EvAttacker:
		if a.dec == nil || a.dec.Kind != wsengine.Attacker {
			a.add("  ", "%s attacks", a.sideLabel(int(e.N)))
		}
	case wsengine.EvCorner:
		if a.dec != nil && a.dec.Kind == wsengine.Corner && a.g.Scenario != wsengine.Invasion && !a.m.multi {
			other := a.g.Corners[1-a.g.Attacker]
			a.add("  ", "%s takes the opposite corner, %s", a.sideLabel(1-int(a.g.Attacker)), wsengine.CornerNames[other&3])
		}
	case wsengine.EvPass:
		if e.Purpose == "auto" {
			a.add("  ", "%s has nobody left to activate and passes", a.sideLabel(int(e.N)))
		}
	case wsengine.EvStop:
		if e.Purpose == "overwatch" {
			a.add(in, "%s stops: Overwatch from %s", a.fig(f), a.fig(o))
		} else {
			a.add(in, "%s stops", a.fig(f))
		}
	case wsengine.EvShot:
		switch e.Purpose {
		case "flame":
			a.add(in, "%s's flame template covers %s", a.fig(f), diag.Plural(int(e.N), "figure"))
		case "chaining":
			a.add(in, "the shot chains to %s", a.fig(o))
		default:
			a.add(in, "%s shoots at %s", a.fig(f), a.fig(o))
		}
	case wsengine.EvMiss:
		switch e.Purpose {
		case "no-shot":
			a.add(in, "%s has no shot", a.fig(f))
		case "no-attack":
			a.add(in, "%s does not attack %s", a.fig(f), a.fig(o))
		default:
			a.add(in, "%s misses %s", a.fig(f), a.fig(o))
		}
	case wsengine.EvHit:
		if e.Purpose == "headshot" {
			a.add(in, "%s is hit: a headshot", a.fig(f))
		} else {
			a.add(in, "%s is hit", a.fig(f))
		}
	case wsengine.EvSaved:
		a.add(in, "%s is saved by its cover", a.fig(f))
	case wsengine.EvDefended:
		a.add(in, "%s's defence holds: no wound", a.fig(f))
	case wsengine.EvIgnored:
		a.add(in, "%s ignores a wound (%s)", a.fig(f), strings.ReplaceAll(e.Purpose, "_", " "))
	case wsengine.EvWound:
		if e.Purpose == "risky" {
			a.add(in, "%s is wounded by its own risky attack", a.fig(f))
		} else {
			a.add(in, "%s takes %s: its quality is now %d+", a.fig(f), diag.Plural(int(e.N), "wound"), a.s.Quality(f))
		}
	case wsengine.EvStunned:
		a.add(in, "%s is stunned", a.fig(f))
	case wsengine.EvUnstunned:
		a.add(in, "%s recovers from being stunned", a.fig(f))
	case wsengine.EvRecoil:
		a.add(in, "%s recoils from %s", a.fig(f), a.fig(o))
	case wsengine.EvEliminated:
		if e.Purpose == "suicide" {
			a.add(in, "%s blows itself up", a.fig(f))
		} else {
			a.add(in, "%s is eliminated", a.fig(f))
		}
	case wsengine.EvCover:
		a.add(in, "%s takes cover", a.fig(f))
	case wsengine.EvOverwatch:
		a.add(in, "%s goes on Overwatch", a.fig(f))
	case wsengine.EvCharge:
		a.add(in, "%s charges %s", a.fig(f), a.fig(o))
	case wsengine.EvPower:
		if lost, ok := strings.CutSuffix(e.Purpose, " lost"); ok {
			a.add(in, "%s fails to cast %s", a.fig(f), lost)
		} else {
			a.add(in, "%s casts %s", a.fig(f), e.Purpose)
		}
	case wsengine.EvHeal:
		a.add(in, "%s heals %s", a.fig(f), diag.Plural(int(e.N), "wound"))
	case wsengine.EvPush:
		a.add(in, "%s is pushed %.1f\"", a.fig(f), float64(e.N)/10)
	case wsengine.EvFall:
		a.add(in, "%s falls %d\"", a.fig(f), e.N)
	case wsengine.EvMorale:
		switch {
		case e.Purpose == "fearless":
			a.add(in, "%s is fearless: no morale test", a.fig(f))
		case e.Purpose == "stunned":
			a.add(in, "%s is stunned: it fails its morale test", a.fig(f))
		case e.N == 0:
			a.add(in, "%s flees", a.fig(f))
		}
	case wsengine.EvSabotage:
		a.add(in, "%s sabotages objective %d", a.fig(f), e.N)
	case wsengine.EvSealed:
		a.add(in, "%s seals an entry", a.fig(f))
	case wsengine.EvSpawn:
		a.add("  ", "%s comes through entry %d", a.figShort(f), e.N)
	case wsengine.EvShrink:
		a.add(in, "%s splits into a smaller %s", a.fig(f), a.profileName(e.Purpose))
	case wsengine.EvTeleport:
		if e.Purpose == "failed" {
			a.add(in, "%s fails to teleport", a.fig(f))
		} else {
			a.add(in, "%s teleports", a.fig(f))
		}
	case wsengine.EvClock:
		a.add("  ", "the heroes won in %d turns: too late to beat the record", e.N)
	case wsengine.EvCard:
		a.add("  ", "card drawn: %s", e.Purpose)
	case wsengine.EvScore:
		// the final score follows the game's end (EvOver)
	case wsengine.EvOver:
		a.add("", "The game is over: %s", a.result(int(e.N)))
	default:
		a.add(in, "%s", e.Format(a.g))
	}
	if e.Kind == wsengine.EvTurn && a.turn > 1 && !a.m.inv {
		// the score as the turn before ended, before the new turn's line
		n := len(a.lines)
		a.lines = append(a.lines[:n-1], "  score: "+a.score(), a.lines[n-1])
	}
}

// roll writes a roll: its dice, what it needed and whether it passed.
func (a *account) roll(e *wsengine.Event) {
	dice := make([]string, e.NDice)
	for i := range dice {
		dice[i] = fmt.Sprint(e.Dice[i])
	}
	rolled := "rolls " + strings.Join(dice, " ")
	if e.NDice > 1 {
		rolled += fmt.Sprintf(", keeps %d", e.Kept)
	}
	who := "  "
	if e.Fig >= 0 {
		who = "    " + a.fig(int(e.Fig)) + " "
	}
	words, known := rollWords[e.Purpose]
	name := e.Purpose
	if known {
		name = words[0]
	}
	// joined adds a roll without a target to the line of the one before
	// it of the same kind: "initiative: Shadow Cell 2, Storm Vanguard 2".
	joined := func(head, part string) {
		if n := len(a.lines); n > 0 && strings.HasPrefix(a.lines[n-1], head) {
			a.lines[n-1] += ", " + part
			return
		}
		a.lines = append(a.lines, head+part)
	}
	switch {
	case e.Purpose == wsengine.RollInitiative:
		side := a.rolls % max(2, len(a.m.Sides()))
		a.rolls++
		joined("  initiative: ", fmt.Sprintf("%s %d", a.sideLabel(side), e.Kept))
	case e.Purpose == wsengine.RollAttacker, e.Purpose == wsengine.RollDeployment:
		// a roll-off: a player rolling again re-rolls a tie (WS-QUAL-9)
		head := "  who chooses the attacker: "
		if e.Purpose == wsengine.RollDeployment {
			head = "  order of deployment: "
		}
		part := fmt.Sprintf("%s %d", a.sideLabel(int(e.N)), e.Kept)
		bit := uint8(1) << (e.N & 7)
		if n := len(a.lines); a.rolledOff&bit != 0 && n > 0 {
			a.rolledOff = bit
			a.lines[n-1] += "; tied, rolled again: " + part
			break
		}
		a.rolledOff |= bit
		joined(head, part)
	case e.Purpose == wsengine.RollEnd:
		a.add("  ", "does the game end? %s (the game ends on a low roll)", rolled)
	case e.Purpose == wsengine.RollSpawn:
		joined("  spawn dice: ", fmt.Sprint(e.Kept))
	case e.Need > 0 && e.Need <= 6:
		verdict := "fails"
		if e.Kept >= e.Need {
			verdict = "passes"
			if known {
				verdict = words[1]
			}
		}
		a.lines = append(a.lines, fmt.Sprintf("%s%s: %s, needs %d+: %s", who, name, rolled, e.Need, verdict))
	case e.Need > 6:
		a.lines = append(a.lines, fmt.Sprintf("%s%s: %s, needs 7+: cannot pass", who, name, rolled))
	case e.Need < 0 || e.Need == 1:
		a.lines = append(a.lines, fmt.Sprintf("%s%s: %s, passes on any roll", who, name, rolled))
	default:
		a.lines = append(a.lines, fmt.Sprintf("%s%s: %s", who, name, rolled))
	}
}

// result says how the game ended and why: a standard game's lead
// against its margin (a tenth of the format, WS-SCEN-8), a multiplayer
// game's scores, an invasion's winner.
func (a *account) result(winner int) string {
	who := "nobody wins alone"
	if winner >= 0 {
		who = a.sideLabel(winner) + " wins"
		if strings.HasPrefix(who, "the ") { // the heroes, the Zombies
			who = strings.TrimSuffix(who, "s")
		}
	}
	if a.m.inv {
		return who
	}
	score := a.score()
	if a.m.multi {
		return score + ": " + who
	}
	lead := a.s.Standing(0) - a.s.Standing(1)
	lead = max(lead, -lead)
	margin := (a.g.Format + 5) / 10
	if winner < 0 {
		return fmt.Sprintf("%s; a lead of %d VP is not more than %d (a tenth of the %d-point format): a draw", score, lead, margin, a.g.Format)
	}
	return fmt.Sprintf("%s; a lead of %d VP, more than %d (a tenth of the %d-point format): %s", score, lead, margin, a.g.Format, who)
}

// score is the running score: each side's points if the game were
// scored now, or the final score.
func (a *account) score() string {
	if a.m.inv {
		return "the heroes against the creatures, no points"
	}
	n := max(2, len(a.m.Sides()))
	parts := make([]string, n)
	for side := range n {
		parts[side] = fmt.Sprintf("%s %d", a.sideLabel(side), a.s.Standing(side))
	}
	return strings.Join(parts, ", ")
}

func findBand(cat *wscatalog.Catalog, id string) *wscatalog.Band {
	for i := range cat.Bands {
		if cat.Bands[i].ID == id {
			return &cat.Bands[i]
		}
	}
	return nil
}

func findHorde(cat *wscatalog.Catalog, id string) *wscatalog.Horde {
	for i := range cat.Hordes {
		if cat.Hordes[i].ID == id {
			return &cat.Hordes[i]
		}
	}
	return nil
}
