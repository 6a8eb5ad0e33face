package wbengine

import (
	"fmt"
	"maps"
	"slices"
	"sort"
	"strings"

	"wbtool.dev/wbtool/engine/checkkit"
	"wbtool.dev/wbtool/engine/hex"
	"wbtool.dev/wbtool/games/warbound/wbcatalog"
	"wbtool.dev/wbtool/internal/suggest"
)

// ContentError is a mistake in a check game's text (unknown unit, card,
// space or tile): a content error with its position, never a panic.
type ContentError struct {
	Pos wbcatalog.Pos
	Msg string
}

func (e *ContentError) Error() string { return e.Pos.String() + ": " + e.Msg }

// CheckFailure is the first step of a check game whose outcome differs
// from the script.
type CheckFailure struct {
	Pos  wbcatalog.Pos
	Step int // 1-based
	What string
	Msg  string // expected vs actual
}

// CheckResult is the outcome of one check game.
type CheckResult struct {
	ID      string
	Pos     wbcatalog.Pos
	Failure *CheckFailure // nil: passed
	Err     *ContentError // the check cannot run
	// Cards lists the content cards (and skills) the check exercises.
	Cards []string
}

// Passed reports whether the check ran and every step went as scripted.
func (r *CheckResult) Passed() bool { return r.Failure == nil && r.Err == nil }

// checkRun is one check game being played.
type checkRun struct {
	cat   *wbcatalog.Catalog
	c     *wbcatalog.CheckGame
	g     *Game
	s     State
	sides [2]string
	cards map[string]bool
	// trail is what the last steps did, for a failing step's message
	trail checkkit.Trail
}

// RunCheck plays a check game and reports the first step that goes
// otherwise than scripted.
func RunCheck(cat *wbcatalog.Catalog, c *wbcatalog.CheckGame) CheckResult {
	r := &checkRun{cat: cat, c: c, cards: map[string]bool{}}
	res := CheckResult{ID: c.ID, Pos: c.Pos}
	if err := r.setup(); err != nil {
		res.Err = err
		return res
	}
	res.Failure, res.Err = r.play()
	for _, id := range c.Cards {
		r.cards[id] = true
	}
	for id := range r.cards {
		res.Cards = append(res.Cards, id)
	}
	sort.Strings(res.Cards)
	return res
}

// posOr returns p, or fallback when p is unknown.
func posOr(p, fallback wbcatalog.Pos) wbcatalog.Pos {
	if p.File == "" {
		return fallback
	}
	return p
}

func cerr(pos wbcatalog.Pos, format string, args ...any) *ContentError {
	return &ContentError{Pos: pos, Msg: fmt.Sprintf(format, args...)}
}

func (r *checkRun) setup() *ContentError {
	c, cat := r.c, r.cat
	if len(c.Sides) != 2 {
		return cerr(c.Pos, "a check game has exactly two sides, found %d", len(c.Sides))
	}
	names := make([]string, 0, 2)
	for n := range c.Sides {
		names = append(names, n)
	}
	sort.Slice(names, func(i, j int) bool {
		pi, pj := c.Sides[names[i]].Player, c.Sides[names[j]].Player
		if pi != pj && pi != 0 && pj != 0 {
			return pi < pj
		}
		if pi == 2 || pj == 1 {
			return false
		}
		if pi == 1 || pj == 2 {
			return true
		}
		return names[i] < names[j]
	})
	r.sides = [2]string{names[0], names[1]}
	format := c.Format
	if format == "" {
		format = wbcatalog.Exploration
	}
	su := &Setup{Format: format, Cols: 8, Rows: 16, Maintenance: c.Maintenance}
	if format == wbcatalog.Confrontation {
		su.Cols = 16 // four sections (R-BOARD-1, R-FMT-1)
	}
	for _, id := range c.Objectives {
		o := cat.Objective(id)
		if o == nil {
			return cerr(c.Pos, "objectives: unknown Objective card %q%s", id, suggest.Hint(id, r.cat.CardIDs(wbcatalog.KindObjective)))
		}
		su.ObjectiveDeck = append(su.ObjectiveDeck, *o)
		r.cards[o.ID] = true
	}
	if c.Scenario != "" {
		sc := cat.Scenario(c.Scenario)
		if sc == nil {
			return cerr(c.Pos, "unknown scenario %q%s", c.Scenario, suggest.Hint(c.Scenario, ids(r.cat.Scenarios, func(x *wbcatalog.Scenario) string { return x.ID })))
		}
		su.Cols, su.Rows = sc.Board.Cols, sc.Board.Rows
		su.Terrain = append(su.Terrain, sc.Terrain...)
		su.Markers = append(su.Markers, sc.Markers...)
		for _, z := range sc.Deployment {
			if z.Player == 1 || z.Player == 2 {
				su.Zones[z.Player-1] = append(su.Zones[z.Player-1], z)
			}
		}
		su.Scoring = append(su.Scoring, sc.Scoring...)
		if sc.ActionBoard != "" {
			su.Board = cat.ActionBoard(sc.ActionBoard)
		}
	}
	if b := c.Board; b != nil {
		if b.Cols > 0 {
			su.Cols, su.Rows = b.Cols, b.Rows
		}
		su.Terrain = append(su.Terrain, b.Terrain...)
		su.Markers = append(su.Markers, b.Markers...)
		for _, z := range b.Deployment {
			if z.Player == 1 || z.Player == 2 {
				su.Zones[z.Player-1] = append(su.Zones[z.Player-1], z)
			}
		}
	}
	// The board's tiles (size, terrain, markers, zones) and an inline
	// Action Board are checked when the content loads (schema, checkBoard
	// and checkActionBoard); Compile refuses what still does not fit.
	su.Scoring = append(su.Scoring, c.Scoring...)
	if c.ActionBoard != nil {
		b := *c.ActionBoard
		b.ID, b.Format = "inline", format
		su.Board = &b
	}
	if su.Board == nil {
		su.Board = cat.BoardFor(format)
	}
	if su.Board == nil {
		return cerr(c.Pos, "no Action Board for format %s: give an inline actionBoard", format)
	}
	seen := map[string]bool{}
	for si, name := range r.sides {
		side := c.Sides[name]
		side.Pos = posOr(side.Pos, c.Pos)
		ss := SideSetup{Name: name}
		if side.Deck != "" {
			d := cat.Deck(side.Deck)
			if d == nil {
				return cerr(side.Pos, "unknown deck %q%s", side.Deck, suggest.Hint(side.Deck, ids(r.cat.Decks, func(x *wbcatalog.Deck) string { return x.ID })))
			}
			if d.Format != format {
				return cerr(side.Pos, "deck %s is for %s, the check game is %s", d.ID, d.Format, format)
			}
			ds, err := deckSide(cat, d)
			if err != nil {
				return cerr(side.Pos, "%v", err)
			}
			ss.Vocations = ds.Vocations
			ss.Units = ds.Units
			for _, card := range d.Cards {
				r.cards[card] = true
			}
			for _, u := range ds.Units {
				seen[u.ID] = true
			}
			for _, l := range ds.Leaders {
				r.cards[cat.Leader(l).Skill] = true
			}
			ss.Leaders = ds.Leaders
		}
		leaders := side.Leaders
		if side.Leader != "" {
			leaders = append([]string{side.Leader}, leaders...)
		}
		for _, l := range leaders {
			ld := cat.Leader(l)
			if ld == nil {
				return cerr(side.Pos, "unknown Leader card %q%s", l, suggest.Hint(l, r.cat.CardIDs(wbcatalog.KindLeader)))
			}
			ss.Leaders = append(ss.Leaders, l)
			r.cards[ld.ID] = true
			r.cards[ld.Skill] = true
		}
		for _, v := range side.Vocations {
			if cat.Vocation(v) == nil {
				return cerr(side.Pos, "unknown Vocation card %q%s", v, suggest.Hint(v, r.cat.CardIDs(wbcatalog.KindVocation)))
			}
			ss.Vocations = append(ss.Vocations, v)
			r.cards[v] = true
		}
		if side.Objective != "" {
			o := cat.Objective(side.Objective)
			if o == nil {
				return cerr(side.Pos, "unknown Objective card %q%s", side.Objective, suggest.Hint(side.Objective, r.cat.CardIDs(wbcatalog.KindObjective)))
			}
			r.cards[o.ID] = true
			su.Objectives[si] = o.Scoring
		}
		for _, cu := range side.Units {
			cu.Pos = posOr(cu.Pos, side.Pos)
			if seen[cu.ID] {
				return cerr(cu.Pos, "unit id %q is used twice", cu.ID)
			}
			seen[cu.ID] = true
			u, err := r.unit(&cu)
			if err != nil {
				return err
			}
			ss.Units = append(ss.Units, u)
		}
		su.Sides[si] = ss
	}
	g, err := Compile(cat, su)
	if err != nil {
		return cerr(c.Pos, "%v", err)
	}
	r.g = g
	hand := r.side(c.Hand)
	if hand < 0 {
		return cerr(c.Pos, "hand: no side %q (sides are %s and %s)", c.Hand, r.sides[0], r.sides[1])
	}
	var st Start
	st.Seed, st.Hand = c.Seed, hand
	for si, name := range r.sides {
		for col := range c.Sides[name].Orders {
			if g.Colour(col) < 0 {
				return cerr(posOr(c.Sides[name].Pos, c.Pos), "orders: %q is no faction colour", col)
			}
		}
		st.Orders[si] = c.Sides[name].Orders
	}
	s, _, err := NewState(g, st)
	if err != nil {
		return cerr(c.Pos, "%v", err)
	}
	r.s = s
	if c.Hourglass != "" {
		sp := g.Space(c.Hourglass)
		if sp < 0 {
			return cerr(c.Pos, "hourglass: unknown space %q (spaces: %s)", c.Hourglass, r.spaceList())
		}
		d := Decision{Kind: PlaceHourglass, Side: r.s.toAct, Space: int8(sp)}
		if _, err := r.s.Do(d, nil, nil); err != nil {
			return cerr(c.Pos, "hourglass: %v", err)
		}
	}
	return nil
}

func (r *checkRun) spaceList() string {
	var ids []string
	for i := range r.g.spaces {
		ids = append(ids, r.g.spaces[i].id)
	}
	return strings.Join(ids, ", ")
}

func (r *checkRun) side(name string) int {
	for i, n := range r.sides {
		if n == name {
			return i
		}
	}
	return -1
}

func (r *checkRun) unit(cu *wbcatalog.CheckUnit) (UnitSetup, *ContentError) {
	cat := r.cat
	u := UnitSetup{ID: cu.ID, At: cu.At}
	switch {
	case cu.Card != "" && cu.Profile != nil:
		return u, cerr(cu.Pos, "unit %s: give either card or profile, not both", cu.ID)
	case cu.Card != "":
		ch := cat.Character(cu.Card)
		if ch == nil {
			return u, cerr(cu.Pos, "unit %s: unknown Character card %q%s", cu.ID, cu.Card, suggest.Hint(cu.Card, r.cat.CardIDs(wbcatalog.KindCharacter)))
		}
		u.Card, u.Front, u.Panic, u.HasPanic = ch.ID, ch.Front, ch.Panic, true
		r.cards[ch.ID] = true
	case cu.Profile != nil:
		u.Front = *cu.Profile
		if cu.Panic != nil {
			u.Panic, u.HasPanic = *cu.Panic, true
		}
	default:
		return u, cerr(cu.Pos, "unit %s: give a card or a profile", cu.ID)
	}
	for _, sk := range u.Front.Skills {
		if cat.Skill(sk) == nil {
			return u, cerr(cu.Pos, "unit %s: unknown skill %q%s", cu.ID, sk, suggest.Hint(sk, ids(r.cat.Skills, func(x *wbcatalog.Skill) string { return x.ID })))
		}
		r.cards[sk] = true
	}
	for _, sk := range u.Panic.Skills {
		if cat.Skill(sk) == nil {
			return u, cerr(cu.Pos, "unit %s: unknown skill %q%s", cu.ID, sk, suggest.Hint(sk, ids(r.cat.Skills, func(x *wbcatalog.Skill) string { return x.ID })))
		}
		r.cards[sk] = true
	}
	for _, up := range cu.Upgrades {
		switch cat.KindOf(up) {
		case wbcatalog.KindEquipment:
			u.Equipment = append(u.Equipment, up)
		case wbcatalog.KindFormation:
			f := cat.Formation(up).Bonuses
			u.Formation = &f
		default:
			return u, cerr(cu.Pos, "unit %s: upgrade %q is no Equipment or Formation card", cu.ID, up)
		}
		r.cards[up] = true
	}
	minis := 1
	if u.Formation != nil {
		minis = 2
	}
	if len(cu.At) != 0 && len(cu.At) != minis {
		return u, cerr(cu.Pos, "unit %s has %d miniature(s) but %d tile(s) in at", cu.ID, minis, len(cu.At))
	}
	for k, n := range cu.Tokens {
		switch k {
		case "wound":
			u.Wounds = n
		case "poison":
			u.Poison = n
		case "sacred":
			u.Sacred = n
		case "stress":
			u.Stress = n
		case "break":
			u.Breaks = n
		default:
			return u, cerr(cu.Pos, "unit %s: unknown token %q", cu.ID, k)
		}
	}
	u.Panicked = cu.Panicked
	return u, nil
}

// play runs the script.
func (r *checkRun) play() (*CheckFailure, *ContentError) {
	for i := range r.c.Script {
		st := &r.c.Script[i]
		f, err := r.step(i+1, st)
		if err != nil || f != nil {
			return f, err
		}
	}
	return nil, nil
}

func (r *checkRun) step(n int, st *wbcatalog.CheckStep) (*CheckFailure, *ContentError) {
	fail := func(what, format string, args ...any) *CheckFailure {
		return &CheckFailure{Pos: st.Pos, Step: n, What: what, Msg: fmt.Sprintf(format, args...) + r.trail.Before()}
	}
	// A step's expectation holds after its decision, if it has one.
	expect := func() (*CheckFailure, *ContentError) {
		if st.Expect == nil {
			return nil, nil
		}
		msg, err := r.expect(st.Expect, st.Pos)
		if err != nil {
			return nil, err
		}
		if msg != "" {
			return fail("expect", "%s", msg), nil
		}
		return nil, nil
	}
	if st.Expect != nil && st.Side == "" {
		return expect()
	}
	if st.Side == "" {
		return nil, cerr(st.Pos, "step %d: name the side that decides (side: ...) or give only an expect", n)
	}
	side := r.side(st.Side)
	if side < 0 {
		return nil, cerr(st.Pos, "step %d: unknown side %q (sides are %s and %s)", n, st.Side, r.sides[0], r.sides[1])
	}
	decisions, paths, what, err := r.decisions(side, st)
	if err != nil {
		return nil, err
	}
	dice := &Dice{}
	for _, v := range st.Dice {
		if v < 1 || v > 10 {
			return nil, cerr(st.Pos, "step %d: die %d is not a natural result 1–10", n, v)
		}
		dice.Forced = append(dice.Forced, int8(v))
	}
	start := r.s
	var did, events []string // for the trail
	for i, d := range decisions {
		if (d.Kind == Move || d.Kind == UseSkill) && d.Tile2 == -2 { // a formation move written with one tile
			return nil, cerr(st.Pos, "step %d: a Formation moves with two tiles, e.g. move: [\"C4\", \"D4\"]", n)
		}
		if len(paths[i]) > 0 {
			// The path starts where the miniatures stand now, after
			// the step's earlier decisions.
			if err := r.path(&d, paths[i], st.Pos); err != nil {
				return nil, err
			}
		}
		before := r.s
		ev, err := r.s.Do(d, dice, nil)
		if err == nil {
			did = append(did, d.Format(r.g))
			for j := range ev {
				events = append(events, ev[j].Format(r.g))
			}
			continue
		}
		re, _ := err.(*RuleError)
		if re == nil {
			return fail(what, "%v", err), nil
		}
		if r.s != before {
			return fail(what, "the illegal decision %s changed the state", d.Format(r.g)), nil
		}
		if st.Fails == "" {
			return fail(what, "expected the step to succeed, got %s (%s)", re.Code, re.Msg), nil
		}
		if string(re.Code) != st.Fails {
			return fail(what, "expected fails %s, got %s (%s)", st.Fails, re.Code, re.Msg), nil
		}
		r.s = start // an illegal step leaves the game as it was
		f, cerr := expect()
		r.trail.Add(n, d.Format(r.g), []string{"refused as scripted: " + string(re.Code)})
		return f, cerr
	}
	if st.Fails != "" {
		return fail(what, "expected fails %s, but the step succeeded", st.Fails), nil
	}
	if left := dice.Left(); left > 0 {
		return fail(what, "%d forced dice left unused (the step rolled %d)", left, dice.Used), nil
	}
	f, err := expect()
	r.trail.Add(n, strings.Join(did, ", "), events)
	return f, err
}

// decisions turns a step into engine decisions, with the paths its moves
// give (a path per decision, nil for none), resolved as they are played.
func (r *checkRun) decisions(side int, st *wbcatalog.CheckStep) ([]Decision, []wbcatalog.Paths, string, *ContentError) {
	ds, what, err := r.decisionList(side, st)
	if err != nil {
		return nil, nil, "", err
	}
	paths := make([]wbcatalog.Paths, len(ds))
	k := len(ds) - len(st.Do) // the operations' decisions
	if st.End == nil || *st.End {
		k--
	}
	for i := range st.Do {
		if k+i >= 0 && k+i < len(ds) {
			paths[k+i] = st.Do[i].Path
		}
	}
	return ds, paths, what, nil
}

// path sets the paths of move (or skill move) d from the tiles a check
// game gives, starting where the miniatures stand now.
func (r *checkRun) path(d *Decision, ps wbcatalog.Paths, pos wbcatalog.Pos) *ContentError {
	g := r.g
	v := int(d.Unit)
	if d.Kind == UseSkill {
		ref := r.s.skillRef(v, int(d.Skill))
		if ref == nil || ref.moveMax == 0 {
			return cerr(pos, "path: the skill moves nobody")
		}
		if ref.choose != "" {
			v = int(d.Target)
		}
	} else if d.Kind != Move {
		return cerr(pos, "path: only a move (move, run, or a skill's to) has a path")
	}
	if v < 0 || v >= len(g.units) || !r.s.inPlay(v) {
		return cerr(pos, "path: no Character in play moves")
	}
	minis := int(g.units[v].minis)
	if len(ps) != minis {
		return cerr(pos, "path: %s has %d miniature(s): give %d path(s), e.g. path: [[\"C4\", \"C5\"], [\"D4\"]] for a Formation", g.units[v].id, minis, minis)
	}
	dst := [2]hex.Tile{d.Tile, d.Tile2}
	for i, names := range ps {
		if len(names) == 0 {
			continue // stays (or the engine's path)
		}
		tiles := make([]hex.Tile, len(names))
		for j, name := range names {
			t, ok := g.grid.Parse(name)
			if !ok {
				return cerr(pos, "path: tile %q is not on the %d × %d board", name, g.grid.Cols, g.grid.Rows)
			}
			tiles[j] = t
		}
		if tiles[len(tiles)-1] != dst[i] {
			return cerr(pos, "path: it ends on %s, the move's destination is %s (a path lists the tiles the miniature enters, the destination last)", names[len(names)-1], g.grid.Name(dst[i]))
		}
		p, ok := g.PathOf(r.s.units[v].tiles[i], tiles)
		if !ok {
			return cerr(pos, "path: %s goes from %s one tile at a time, at most %d tiles: %s is not next to the tile before it", g.units[v].id, g.grid.Name(r.s.units[v].tiles[i]), MaxPath, strings.Join(names, ", "))
		}
		d.Path[i] = p
	}
	return nil
}

// decisionList turns a step into engine decisions.
func (r *checkRun) decisionList(side int, st *wbcatalog.CheckStep) ([]Decision, string, *ContentError) {
	g := r.g
	base := Decision{Side: int8(side), Unit: -1, Space: -1, Target: -1, Tile: hex.None, Tile2: hex.None, Colour: -1, Give2: -1, Take: -1, Skill: -1}
	colour := func(name, field string) (int8, *ContentError) {
		c := g.Colour(name)
		if c < 0 {
			return 0, cerr(st.Pos, "%s: %q is no Order colour (colours: %s)", field, name, strings.Join(g.colours, ", "))
		}
		return int8(c), nil
	}
	var out []Decision
	switch {
	case st.Pass:
		d := base
		d.Kind = Pass
		return append(out, d), "pass", nil
	case st.Hourglass != "":
		sp := g.Space(st.Hourglass)
		if sp < 0 {
			return nil, "", cerr(st.Pos, "hourglass: unknown space %q (spaces: %s)", st.Hourglass, r.spaceList())
		}
		d := base
		d.Kind, d.Space = PlaceHourglass, int8(sp)
		return append(out, d), "hourglass " + st.Hourglass, nil
	case st.Swap != nil:
		d := base
		d.Kind, d.Swap = SwapHand, *st.Swap
		return append(out, d), "swap", nil
	case st.Keep != "":
		c, err := colour(st.Keep, "keep")
		if err != nil {
			return nil, "", err
		}
		d := base
		d.Kind, d.Colour = KeepOrder, c
		return append(out, d), "keep " + st.Keep, nil
	case st.Exchange != nil:
		if len(st.Exchange.Give) != 2 {
			return nil, "", cerr(st.Pos, "exchange: give exactly two tokens")
		}
		d := base
		d.Kind = Exchange
		var err *ContentError
		if d.Colour, err = colour(st.Exchange.Give[0], "exchange"); err != nil {
			return nil, "", err
		}
		if d.Give2, err = colour(st.Exchange.Give[1], "exchange"); err != nil {
			return nil, "", err
		}
		if d.Take, err = colour(st.Exchange.Take, "exchange"); err != nil {
			return nil, "", err
		}
		return append(out, d), "exchange", nil
	case st.Deploy != nil:
		u := g.Unit(st.Deploy.Unit)
		if u < 0 {
			return nil, "", cerr(st.Pos, "deploy: unknown unit %q", st.Deploy.Unit)
		}
		d := base
		d.Kind, d.Unit = DeployUnit, int8(u)
		tiles, err := r.tiles(st.Deploy.At, st.Pos)
		if err != nil {
			return nil, "", err
		}
		d.Tile, d.Tile2 = tiles[0], tiles[1]
		return append(out, d), "deploy " + st.Deploy.Unit, nil
	}
	what := "activation"
	u := -1
	if st.Unit != "" {
		u = g.Unit(st.Unit)
		if u < 0 {
			return nil, "", cerr(st.Pos, "unknown unit %q", st.Unit)
		}
		sp := g.Space(st.Space)
		if sp < 0 {
			return nil, "", cerr(st.Pos, "unknown space %q (spaces: %s)", st.Space, r.spaceList())
		}
		d := base
		d.Kind, d.Unit, d.Space = Activate, int8(u), int8(sp)
		for name, n := range st.Pay {
			c, err := colour(name, "pay")
			if err != nil {
				return nil, "", err
			}
			d.Pay[c] = int8(n)
		}
		if st.With != "" {
			w := g.Unit(st.With)
			if w < 0 {
				return nil, "", cerr(st.Pos, "with: unknown unit %q", st.With)
			}
			d.With = int8(w + 1)
		}
		if st.Gain != "" {
			c, err := colour(st.Gain, "gain")
			if err != nil {
				return nil, "", err
			}
			d.Colour = c
		} else if g.spaces[sp].tempo {
			d.Colour = 0
		}
		out = append(out, d)
		what = "activate " + st.Unit + " on " + st.Space
		if st.With != "" {
			what = "activate " + st.Unit + " and " + st.With + " on " + st.Space
		}
	} else if len(st.Do) > 0 || st.End != nil {
		u = int(r.s.act.unit)
		what = "activation in progress"
	} else {
		return nil, "", cerr(st.Pos, "the step decides nothing: give unit and space, do, pass, hourglass, swap, keep, exchange, deploy or expect")
	}
	for _, op := range st.Do {
		d, err := r.op(u, base, &op, st.Pos)
		if err != nil {
			return nil, "", err
		}
		d.Unit = int8(u)
		out = append(out, d)
	}
	if st.End == nil || *st.End {
		d := base
		d.Kind, d.Unit = EndActivation, int8(u)
		out = append(out, d)
	}
	return out, what, nil
}

func (r *checkRun) tiles(ts wbcatalog.Tiles, pos wbcatalog.Pos) ([2]hex.Tile, *ContentError) {
	out := [2]hex.Tile{hex.None, hex.None}
	if len(ts) == 0 || len(ts) > 2 {
		return out, cerr(pos, "expected one tile or two")
	}
	for i, name := range ts {
		t, ok := r.g.grid.Parse(name)
		if !ok {
			return out, cerr(pos, "tile %q is not on the %d × %d board", name, r.g.grid.Cols, r.g.grid.Rows)
		}
		out[i] = t
	}
	return out, nil
}

func (r *checkRun) target(name string, pos wbcatalog.Pos) (int8, *ContentError) {
	t := r.g.Unit(name)
	if t < 0 {
		return -1, cerr(pos, "unknown unit %q", name)
	}
	return int8(t), nil
}

func (r *checkRun) op(u int, base Decision, op *wbcatalog.CheckOp, stepPos wbcatalog.Pos) (Decision, *ContentError) {
	pos := op.Pos
	if pos.File == "" {
		pos = stepPos
	}
	d := base
	var err *ContentError
	switch {
	case len(op.Move) > 0 || len(op.Run) > 0:
		d.Kind = Move
		ts := op.Move
		if len(op.Run) > 0 {
			d.Run, ts = true, op.Run
		}
		var tiles [2]hex.Tile
		if tiles, err = r.tiles(ts, pos); err != nil {
			return d, err
		}
		d.Tile, d.Tile2 = tiles[0], tiles[1]
		if u >= 0 && r.g.units[u].minis == 2 && len(ts) == 1 {
			d.Tile2 = -2
		}
	case op.Shoot != "":
		d.Kind, d.Aim = Shoot, op.Aim
		d.Target, err = r.target(op.Shoot, pos)
	case op.Fight != "":
		d.Kind = Fight
		d.Target, err = r.target(op.Fight, pos)
	case op.Hide:
		d.Kind = Hide
	case op.Skill != "":
		d.Kind = UseSkill
		if u < 0 {
			return d, cerr(pos, "skill %s: no activation in progress", op.Skill)
		}
		d.Skill = -1
		p := r.s.prof(u)
		found := false
		for i, ei := range p.effects {
			if r.g.effects[ei].card == op.Skill {
				d.Skill, found = int8(i), true
				break
			}
		}
		if !found {
			inCard := false
			for _, pr := range []*Profile{&r.g.units[u].front, &r.g.units[u].panic} {
				for _, ei := range pr.effects {
					inCard = inCard || r.g.effects[ei].card == op.Skill
				}
			}
			if !inCard {
				return d, cerr(pos, "unit %s has no skill or Equipment %q", r.g.units[u].id, op.Skill)
			}
			d.Skill = 31 // not on the current profile: the engine refuses it
		}
		if op.Target != "" {
			if d.Target, err = r.target(op.Target, pos); err != nil {
				return d, err
			}
		}
		if len(op.To) > 0 {
			var tiles [2]hex.Tile
			if tiles, err = r.tiles(op.To, pos); err != nil {
				return d, err
			}
			d.Tile, d.Tile2 = tiles[0], tiles[1]
			v := u
			if d.Target >= 0 {
				v = int(d.Target)
			}
			if r.g.units[v].minis == 2 && len(op.To) == 1 {
				d.Tile2 = -2
			}
		}
	default:
		return d, cerr(pos, "an operation is one of move, run, shoot, fight, hide, skill")
	}
	return d, err
}

// expect compares the state with an expectation; it returns "" when all
// holds, else what differs.
func (r *checkRun) expect(e *wbcatalog.CheckExpect, pos wbcatalog.Pos) (string, *ContentError) {
	s := &r.s
	g := r.g
	var diffs checkkit.Diffs
	diff := diffs.Want
	for _, id := range slices.Sorted(maps.Keys(e.Units)) {
		ue := e.Units[id]
		u := g.Unit(id)
		if u < 0 {
			return "", cerr(pos, "expect: unknown unit %q", id)
		}
		v := s.Unit(u)
		checkkit.Opt(&diffs, id+".wounds", ue.Wounds, v.Wounds)
		checkkit.Opt(&diffs, id+".stress", ue.Stress, v.Stress)
		checkkit.Opt(&diffs, id+".breaks", ue.Breaks, v.Breaks)
		checkkit.Opt(&diffs, id+".poison", ue.Poison, v.Poison)
		checkkit.Opt(&diffs, id+".sacred", ue.Sacred, v.Sacred)
		checkkit.Opt(&diffs, id+".removed", ue.Removed, v.Removed)
		checkkit.Opt(&diffs, id+".panicked", ue.Panicked, v.Panicked)
		checkkit.Opt(&diffs, id+".activations", ue.Activations, v.Activations)
		checkkit.Opt(&diffs, id+".cover", ue.Cover, v.Cover)
		checkkit.Opt(&diffs, id+".maintenance", ue.Maintenance, v.Maintenance)
		if len(ue.At) > 0 {
			var got []string
			for _, t := range v.Tiles {
				got = append(got, g.grid.Name(t))
			}
			want := append([]string(nil), ue.At...)
			sort.Strings(want)
			sort.Strings(got)
			diff(id+".at", strings.Join(want, ","), strings.Join(got, ","))
		}
	}
	for _, name := range slices.Sorted(maps.Keys(e.Sides)) {
		se := e.Sides[name]
		si := r.side(name)
		if si < 0 {
			return "", cerr(pos, "expect: unknown side %q", name)
		}
		checkkit.Opt(&diffs, name+".vp", se.VP, s.VP(si))
		checkkit.Opt(&diffs, name+".passed", se.Passed, s.Passed(si))
		if se.Objective != "" {
			got := "none"
			if o := s.Objective(si); o >= 0 {
				got = r.c.Objectives[o]
			}
			diff(name+".objective", se.Objective, got)
		}
		for _, col := range slices.Sorted(maps.Keys(se.Orders)) {
			c := g.Colour(col)
			if c < 0 {
				return "", cerr(pos, "expect: %q is no Order colour", col)
			}
			diff(name+".orders."+col, se.Orders[col], s.Orders(si, c))
		}
	}
	if e.Hand != "" {
		diff("hand", e.Hand, r.sides[s.Hand()])
	}
	if e.Hourglass != "" {
		diff("hourglass", e.Hourglass, r.sides[s.Hourglass()])
	}
	if e.ToAct != "" {
		got := "nobody"
		if s.ToAct() >= 0 {
			got = r.sides[s.ToAct()]
		}
		diff("toAct", e.ToAct, got)
	}
	if e.Turn != 0 {
		diff("turn", e.Turn, s.Turn())
	}
	if e.Phase != "" {
		diff("phase", e.Phase, s.Phase().String())
	}
	if e.Winner != "" {
		got := "none yet"
		switch w := s.Winner(); {
		case w == 2:
			got = "draw"
		case w >= 0:
			got = r.sides[w]
		}
		diff("winner", e.Winner, got)
	}
	for _, id := range slices.Sorted(maps.Keys(e.Spaces)) {
		sp := g.Space(id)
		if sp < 0 {
			return "", cerr(pos, "expect: unknown space %q", id)
		}
		diff("spaces."+id, e.Spaces[id], s.SpaceTaken(sp))
	}
	return diffs.String(), nil
}

// ids lists the ids of a catalog collection, for "did you mean".
func ids[T any](list []T, id func(*T) string) []string {
	out := make([]string, len(list))
	for i := range list {
		out[i] = id(&list[i])
	}
	return out
}
