package wbschema

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"wbtool.dev/wbtool/games/warbound/wbcatalog"
	"wbtool.dev/wbtool/internal/suggest"
)

// checkDuplicates reports an id declared in two places, and a card id used
// by two card kinds (card ids share one namespace). CUE's own conflicts
// inside a duplicated entity are dropped: they only restate the duplicate.
func (l *loader) checkDuplicates() {
	var dups []string
	defer func() {
		if len(dups) == 0 {
			return
		}
		kept := l.errs[:0]
		for _, d := range l.errs {
			drop := false
			for _, p := range dups {
				if strings.HasPrefix(d.Path, p+".") && strings.HasPrefix(d.Msg, "conflicting values") {
					drop = true
				}
			}
			if !drop {
				kept = append(kept, d)
			}
		}
		l.errs = kept
	}()
	for _, key := range slices.Sorted(maps.Keys(l.declared)) {
		decls := l.declared[key]
		if len(decls) < 2 {
			continue
		}
		coll, id, _ := strings.Cut(key, ".")
		dups = append(dups, coll+"."+quoteLabel(id))
		for i, d := range decls {
			if i == 0 {
				continue
			}
			l.errorf(d.pos, key, "%s is already declared at %s: ids must be unique (rename one of them)", key, decls[0].pos)
		}
	}
	cardAt := map[string]string{} // id -> collection
	for _, c := range collections {
		if !c.card {
			continue
		}
		for _, key := range slices.Sorted(maps.Keys(l.declared)) {
			decls := l.declared[key]
			coll, id, _ := strings.Cut(key, ".")
			if coll != c.name {
				continue
			}
			if prev, ok := cardAt[id]; ok && prev != coll {
				l.errorf(decls[0].pos, key, "card id %q is also used by %s.%s: card ids must be unique across all card kinds", id, prev, id)
				continue
			}
			cardAt[id] = coll
		}
	}
}

// checkReferences checks everything the schema cannot: that ids refer to
// existing entities, that boards and tiles agree, and that decks are legal.
func (l *loader) checkReferences() {
	cat := l.cat
	var factionIDs, skillIDs []string
	for _, f := range cat.Factions {
		factionIDs = append(factionIDs, f.ID)
	}
	for _, s := range cat.Skills {
		skillIDs = append(skillIDs, s.ID)
	}
	// Each problem is reported at the field to edit (the entity's
	// position when the field has none, e.g. a value from a default).
	faction := func(entity wbcatalog.Pos, at []string, id string) {
		if id != "" && cat.Faction(id) == nil && !l.isDeclared("factions", id) {
			l.errorf(l.fieldPos(entity, at), displayPath(at), "unknown faction %q%s", id, l.factionChoices(factionIDs, id))
		}
	}
	skill := func(entity wbcatalog.Pos, at []string, id string) {
		if cat.Skill(id) == nil && !l.isDeclared("skills", id) {
			l.errorf(l.fieldPos(entity, at), displayPath(at), "unknown skill %q: declare it under `skills:` first%s", id, suggest.Hint(id, skillIDs))
		}
	}
	cost := func(entity wbcatalog.Pos, at []string, c wbcatalog.Cost) {
		for _, k := range slices.Sorted(maps.Keys(c)) {
			if k != wbcatalog.Colourless {
				faction(entity, append(at[:len(at):len(at)], "cost", k), k)
			}
		}
	}
	for _, ch := range cat.Characters {
		base := []string{"characters", ch.ID}
		faction(ch.Pos, append(base[:2:2], "faction"), ch.Faction)
		for _, side := range []struct {
			at   []string
			prof *wbcatalog.Profile
		}{{base, &ch.Front}, {append(base[:2:2], "panic"), &ch.Panic}} {
			cost(ch.Pos, side.at, side.prof.Cost)
			if side.prof.Cost.Total() == 0 {
				at := append(side.at[:len(side.at):len(side.at)], "cost")
				l.errorf(l.fieldPos(ch.Pos, at), displayPath(at), "activation cost is empty: a Character costs at least one Order token (R-ACTV-1)")
			}
			for i, s := range side.prof.Skills {
				skill(ch.Pos, append(side.at[:len(side.at):len(side.at)], "skills", strconv.Itoa(i)), s)
			}
		}
	}
	for _, ld := range cat.Leaders {
		faction(ld.Pos, []string{"leaders", ld.ID, "faction"}, ld.Faction)
		skill(ld.Pos, []string{"leaders", ld.ID, "skill"}, ld.Skill)
		for _, side := range []struct {
			name string
			s    wbcatalog.LeaderSide
		}{{"exploration", ld.Exploration}, {"confrontation", ld.Confrontation}} {
			for i, period := range side.s.Orders {
				for _, f := range slices.Sorted(maps.Keys(period)) {
					faction(ld.Pos, []string{"leaders", ld.ID, side.name, "orders", strconv.Itoa(i), f}, f)
				}
			}
		}
	}
	for _, e := range cat.Equipment {
		faction(e.Pos, []string{"equipment", e.ID, "faction"}, e.Faction)
	}
	for _, v := range cat.Vocations {
		faction(v.Pos, []string{"vocations", v.ID, "faction"}, v.Faction)
	}
	for _, r := range cat.References {
		faction(r.Pos, []string{"references", r.ID, "faction"}, r.Faction)
		for i, s := range r.Skills {
			skill(r.Pos, []string{"references", r.ID, "skills", strconv.Itoa(i)}, s)
		}
	}
	// Interface strings override the built-in table: a key it does not
	// have is never shown (a warning: keys renamed by a new wbtool must
	// not break a designer's build).
	labelKeys := wbcatalog.LabelKeys()
	for _, st := range cat.Strings {
		if _, ok := wbcatalog.BuiltinLabel(st.ID); !ok {
			at := []string{"strings", st.ID}
			l.warnf(l.fieldPos(st.Pos, at), displayPath(at), "unknown interface string %q: wbtool shows no text under this key, so this one never prints%s", st.ID, suggest.Hint(st.ID, labelKeys))
		}
	}
	for i := range cat.ActionBoards {
		b := &cat.ActionBoards[i]
		l.checkActionBoard(b, "actionBoards."+quoteLabel(b.ID), false)
	}
	for i := range cat.Scenarios {
		l.checkScenario(&cat.Scenarios[i])
	}
	for i := range cat.Checks {
		l.checkCheckGame(&cat.Checks[i])
	}
	for i := range cat.Decks {
		d := &cat.Decks[i]
		if l.usesBrokenCard(d) {
			continue // its card's own errors are reported; legality would only add noise
		}
		d.CardPos = make([]wbcatalog.Pos, len(d.Cards))
		for j := range d.Cards {
			d.CardPos[j] = l.exactPos([]string{"decks", d.ID, "cards", strconv.Itoa(j)})
		}
		for _, pr := range cat.CheckDeck(d) {
			l.errorf(pr.Pos, "decks."+quoteLabel(d.ID), "deck is not legal: %s (%s)", pr.Msg.EN, pr.Rule)
		}
	}
}

// isDeclared reports whether content declares collection.id, decoded or
// not: an entity with errors of its own is not also "unknown".
func (l *loader) isDeclared(collection, id string) bool {
	return len(l.declared[collection+"."+id]) > 0
}

// usesBrokenCard reports whether a deck names a card that is declared but
// failed validation.
func (l *loader) usesBrokenCard(d *wbcatalog.Deck) bool {
	ids := append([]string(nil), d.Cards...)
	for _, a := range d.Attachments {
		ids = append(ids, a.Upgrade, a.To)
	}
	for _, id := range ids {
		if l.cat.KindOf(id) != "" {
			continue
		}
		for _, c := range collections {
			if c.card && l.isDeclared(c.name, id) {
				return true
			}
		}
	}
	return false
}

// fieldPos is the position of the content field at path, or the
// entity's position when the field is not written in a file.
func (l *loader) fieldPos(entity wbcatalog.Pos, at []string) wbcatalog.Pos {
	if p := l.exactPos(at); p.File != "" {
		return p
	}
	return entity
}

// noFaction ends a message about a faction on a tree that declares none.
const noFaction = ": no faction is declared yet: add one under `factions:`"

// factionList is the declared factions, quoted, comma-separated; "" when
// none is declared.
func (l *loader) factionList() string {
	var ids []string
	for _, f := range l.cat.Factions {
		ids = append(ids, fmt.Sprintf("%q", f.ID))
	}
	return strings.Join(ids, ", ")
}

// factionChoices ends the message of an unknown faction id: the factions
// to choose from with a "did you mean", or that none is declared yet.
func (l *loader) factionChoices(ids []string, id string) string {
	list := l.factionList()
	if list == "" {
		return noFaction
	}
	return ": expected one of " + list + suggest.Hint(id, ids)
}

// checkActionBoard checks an Action Board, named (under actionBoards) or
// inline in a check game (inline is true); p is its content path.
func (l *loader) checkActionBoard(b *wbcatalog.ActionBoard, p string, inline bool) {
	sum := 0
	for _, n := range b.Periods {
		sum += n
	}
	if sum != b.Turns {
		l.errorf(b.Pos, p+".periods", "the Periods cover %d turns but the board has %d turns: periods lists the number of turns in each Period", sum, b.Turns)
	}
	seen := map[string]bool{}
	for _, s := range b.Spaces {
		sp := p + ".spaces." + quoteLabel(s.ID)
		if seen[s.ID] {
			l.errorf(s.Pos, sp, "space id %q is used twice on this board", s.ID)
		}
		seen[s.ID] = true
		if s.Period > len(b.Periods) {
			l.errorf(s.Pos, sp+".period", "space %q is in Period %d, but the board has only %d Periods", s.ID, s.Period, len(b.Periods))
		}
		if s.Has(wbcatalog.ActAim) && !s.Has(wbcatalog.ActShoot) {
			l.errorf(s.Pos, sp+".actions", "Aim only comes together with Shoot on one space (R-ACT-4)")
		}
		// A check game may show a Hide space in Exploration: it is how
		// the engine's own refusal (R-HIDE-5) is pinned.
		if b.Format == wbcatalog.Exploration && s.Has(wbcatalog.ActHide) && !inline {
			l.errorf(s.Pos, sp+".actions", "Exploration has no hiding: Hide spaces belong to Confrontation boards (R-HIDE-5)")
		}
	}
}

func (l *loader) checkScenario(s *wbcatalog.Scenario) {
	p := "scenarios." + quoteLabel(s.ID)
	b := &board{pos: s.Pos, path: p, cols: s.Board.Cols, rows: s.Board.Rows}
	b.add(&boardSource{path: p, at: []string{"scenarios", s.ID}}, s.Terrain, s.Markers, s.Deployment)
	markers := l.checkBoard(b)
	if len(s.Deployment) == 2 && s.Deployment[0].Player == s.Deployment[1].Player {
		l.errorf(s.Pos, p+".deployment", "both deployment zones are for player %d: give one to player 1 and one to player 2", s.Deployment[0].Player)
	}
	l.checkScoringMarkers(s.Scoring, p, "the scenario", markers)
	for _, id := range s.Objectives {
		o := l.cat.Objective(id)
		switch {
		case o == nil:
			l.errorf(s.Pos, p+".objectives", "unknown Objective card %q", id)
		case o.Format != s.Format:
			l.errorf(s.Pos, p+".objectives", "Objective card %q is for %s, but the scenario is %s", id, o.Format, s.Format)
		}
	}
	if s.ActionBoard != "" {
		b := l.cat.ActionBoard(s.ActionBoard)
		switch {
		case b == nil:
			l.errorf(s.Pos, p+".actionBoard", "unknown action board %q", s.ActionBoard)
		case b.Format != s.Format:
			l.errorf(s.Pos, p+".actionBoard", "action board %q is for %s, but the scenario is %s", b.ID, b.Format, s.Format)
		}
	} else if l.cat.BoardFor(s.Format) == nil {
		l.errorf(s.Pos, p, "no action board for format %s: add one under `actionBoards:`", s.Format)
	}
}

// checkCheckGame gives a check game's inline boards the checks of their
// named kinds: its board (with the scenario it adds to) every scenario
// check, its actionBoard every Action Board check. The engine's check
// runner merges the board the same way (games/warbound/wbengine/check.go,
// setup): the inline size replaces the scenario's, the inline terrain,
// markers and zones are added to the scenario's.
func (l *loader) checkCheckGame(c *wbcatalog.CheckGame) {
	p := "checks." + quoteLabel(c.ID)
	var base *wbcatalog.Scenario
	if c.Scenario != "" {
		base = l.cat.Scenario(c.Scenario) // nil: the runner reports it
	}
	markers := map[string]bool{}
	if c.Board != nil {
		bp := p + ".board"
		b := &board{pos: c.Board.Pos, path: bp, cols: c.Board.Cols, rows: c.Board.Rows}
		if base != nil {
			b.add(&boardSource{
				path: "scenarios." + quoteLabel(base.ID), at: []string{"scenarios", base.ID},
				from: fmt.Sprintf("scenario %q", base.ID),
			}, base.Terrain, base.Markers, base.Deployment)
		}
		b.add(&boardSource{path: bp, at: []string{"checks", c.ID, "board"}}, c.Board.Terrain, c.Board.Markers, c.Board.Deployment)
		if pos := l.exactPos([]string{"checks", c.ID, "board", "cols"}); pos.File != "" {
			b.pos = pos
		}
		markers = l.checkBoard(b)
	} else if base != nil {
		for _, m := range base.Markers {
			markers[m.ID], markers[m.Kind] = true, true
		}
	}
	noun := "the check game's board"
	if base != nil {
		noun = fmt.Sprintf("the check game's board (with scenario %q)", base.ID)
	}
	l.checkScoringMarkers(c.Scoring, p, noun, markers)
	if c.ActionBoard != nil {
		b := *c.ActionBoard
		b.Format = c.Format
		if b.Format == "" {
			b.Format = wbcatalog.Exploration
		}
		l.checkActionBoard(&b, p+".actionBoard", true)
	}
}

// checkScoringMarkers reports scoring rules that name a marker (id or
// kind) the board does not place.
func (l *loader) checkScoringMarkers(scoring []wbcatalog.Scoring, p, noun string, markers map[string]bool) {
	for _, sc := range scoring {
		if sc.Marker != "" && !markers[sc.Marker] {
			l.errorf(sc.Pos, p+".scoring", "scoring refers to marker %q, which %s does not place", sc.Marker, noun)
		}
	}
}

// A board is the tiles of one game as content gives them: a scenario's,
// or a check game's inline board together with the scenario it adds to.
// Every board goes through checkBoard, so scenarios and check games share
// one set of rules.
type board struct {
	pos        wbcatalog.Pos // where the board (its size) is given
	path       string        // display path of the board
	cols, rows int
	terrain    []placed[wbcatalog.Terrain]
	markers    []placed[wbcatalog.Marker]
	zones      []placed[wbcatalog.Zone]
}

// A boardSource is one content value holding terrain, markers and
// deployment lists: the board checked, or the scenario a check game's
// board adds to, whose own problems are reported with it.
type boardSource struct {
	path string   // display path, e.g. checks.x.board
	at   []string // raw path segments, for positions
	from string   // empty for the board checked; `scenario "x"` for a base
}

// placed is one entry of a board list with its source and index.
type placed[T any] struct {
	v   T
	src *boardSource
	i   int
}

func (b *board) add(src *boardSource, terrain []wbcatalog.Terrain, markers []wbcatalog.Marker, zones []wbcatalog.Zone) {
	for i, t := range terrain {
		b.terrain = append(b.terrain, placed[wbcatalog.Terrain]{t, src, i})
	}
	for i, m := range markers {
		b.markers = append(b.markers, placed[wbcatalog.Marker]{m, src, i})
	}
	for i, z := range zones {
		b.zones = append(b.zones, placed[wbcatalog.Zone]{z, src, i})
	}
}

// size says the board's size as the messages do: "8 columns A-H, 16 rows".
func (b *board) size() string {
	return fmt.Sprintf("%d columns A-%s, %d rows", b.cols, wbcatalog.ColumnName(b.cols-1), b.rows)
}

// own reports whether the entry belongs to the board checked (and not to
// the scenario it adds to, which is checked on its own).
func (e placed[T]) own() bool { return e.src.from == "" }

// path is the display path of the entry or of one of its fields.
func (e placed[T]) path(list string, field ...string) string {
	p := fmt.Sprintf("%s.%s[%d]", e.src.path, list, e.i)
	for _, f := range field {
		p += "." + quoteLabel(f)
	}
	return p
}

// entryPos is the position of a field of a list entry (of the entry when
// field is empty or not written out), or fallback.
func (l *loader) entryPos(src *boardSource, list string, i int, field string, fallback wbcatalog.Pos) wbcatalog.Pos {
	at := append(append([]string(nil), src.at...), list, strconv.Itoa(i))
	if field != "" {
		if pos := l.exactPos(append(at, field)); pos.File != "" {
			return pos
		}
	}
	if pos := l.exactPos(at); pos.File != "" {
		return pos
	}
	return fallback
}

// checkBoard runs every board check: tiles on the board, each terrain tile
// listed once, unique marker ids, deployment zones written corner to
// corner and apart from the other player's. Problems of a check game's
// base scenario are the scenario's and are not reported again; an inline
// entry that clashes with one of the scenario's is. It returns the marker
// ids and kinds the board places.
func (l *loader) checkBoard(b *board) map[string]bool {
	// Tiles outside the board. A base scenario's entries only fall
	// outside when the check game's board is smaller: said once, at the
	// board's size.
	baseOutside := "" // the first base entry outside, in words
	inside := func(pos wbcatalog.Pos, own bool, from, what, tile string) (wbcatalog.Tile, bool) {
		t, err := wbcatalog.ParseTile(tile)
		if err != nil {
			if own {
				l.errorf(pos, b.path, "%s: %v", what, err)
			}
			return t, false
		}
		if !t.Inside(b.cols, b.rows) {
			switch {
			case own:
				l.errorf(pos, b.path, "%s %s is outside the board (%s)", what, tile, b.size())
			case baseOutside == "":
				baseOutside = fmt.Sprintf("the board (%s) is smaller than %s, which it adds to: the scenario's %s %s (%s) falls outside", b.size(), from, what, tile, pos)
			}
			return t, false
		}
		return t, true
	}

	terrainAt := map[wbcatalog.Tile]placed[wbcatalog.Terrain]{}
	for _, e := range b.terrain {
		pos := l.entryPos(e.src, "terrain", e.i, "at", e.v.Pos)
		t, ok := inside(e.v.Pos, e.own(), e.src.from, "terrain tile", e.v.At)
		if !ok {
			continue
		}
		prev, dup := terrainAt[t]
		if !dup {
			terrainAt[t] = e
			continue
		}
		if !e.own() {
			continue
		}
		there := seeAlso(pos, l.entryPos(prev.src, "terrain", prev.i, "at", prev.v.Pos), prev.src.from)
		if k, pk := terrainKind(e.v), terrainKind(prev.v); k != pk {
			l.errorf(pos, e.path("terrain"), "tile %s is listed twice in terrain: as %s here and as %s %s; list each tile once", e.v.At, k, pk, there)
		} else {
			l.errorf(pos, e.path("terrain"), "tile %s is listed twice in terrain: here and %s (both %s); list each tile once", e.v.At, there, k)
		}
	}

	markers := map[string]bool{}
	markerID := map[string]placed[wbcatalog.Marker]{}
	for _, e := range b.markers {
		m := e.v
		inside(m.Pos, e.own(), e.src.from, "marker "+m.ID, m.At)
		markers[m.Kind] = true
		pos := l.entryPos(e.src, "markers", e.i, "id", m.Pos)
		if prev, dup := markerID[m.ID]; dup {
			if e.own() {
				there := seeAlso(pos, l.entryPos(prev.src, "markers", prev.i, "id", prev.v.Pos), prev.src.from)
				l.errorf(pos, e.path("markers", "id"), "marker id %q is used twice: here and %s; give each marker its own id", m.ID, there)
			}
			continue
		}
		markerID[m.ID] = e
		markers[m.ID] = true
	}

	type rect struct {
		placed[wbcatalog.Zone]
		c1, r1, c2, r2 int
	}
	var zones []rect
	for _, e := range b.zones {
		z := e.v
		from, ok1 := inside(z.Pos, e.own(), e.src.from, "deployment zone corner", z.From)
		to, ok2 := inside(z.Pos, e.own(), e.src.from, "deployment zone corner", z.To)
		if !ok1 || !ok2 {
			continue
		}
		r := rect{e, min(from.Col, to.Col), min(from.Row, to.Row), max(from.Col, to.Col), max(from.Row, to.Row)}
		if e.own() && (from.Col > to.Col || from.Row > to.Row) {
			topLeft, bottomRight := wbcatalog.Tile{Col: r.c1, Row: r.r1}, wbcatalog.Tile{Col: r.c2, Row: r.r2}
			l.errorf(l.entryPos(e.src, "deployment", e.i, "from", z.Pos), e.path("deployment", "from"),
				"deployment zone %s–%s is reversed: from is its top-left corner and to its bottom-right (write from: %q, to: %q)",
				z.From, z.To, topLeft, bottomRight)
		}
		for _, o := range zones {
			if !e.own() || o.v.Player == z.Player {
				continue
			}
			c1, r1, c2, r2 := max(o.c1, r.c1), max(o.r1, r.r1), min(o.c2, r.c2), min(o.r2, r.r2)
			if c1 > c2 || r1 > r2 {
				continue
			}
			pos := l.entryPos(e.src, "deployment", e.i, "", z.Pos)
			there := seeAlso(pos, l.entryPos(o.src, "deployment", o.i, "", o.v.Pos), o.src.from)
			l.errorf(pos, e.path("deployment"),
				"player %d's deployment zone %s–%s overlaps player %d's zone %s–%s (%s) on %s: a tile belongs to one zone at most",
				z.Player, z.From, z.To, o.v.Player, o.v.From, o.v.To, there, tileSpan(c1, r1, c2, r2))
		}
		zones = append(zones, r)
	}
	if baseOutside != "" {
		l.errorf(b.pos, b.path, "%s", baseOutside)
	}
	return markers
}

// terrainKind says in words what a terrain tile does.
func terrainKind(t wbcatalog.Terrain) string {
	switch {
	case t.BlocksMove && t.BlocksSight:
		return "blocking movement and sight"
	case t.BlocksMove:
		return "blocking movement only"
	case t.BlocksSight:
		return "blocking sight only"
	}
	return "blocking nothing"
}

// seeAlso names where another entry is, seen from here: "at line 8" in the
// same file (with the column on the same line), "at FILE:8" in another, "in scenario "x" at FILE:8" for an
// entry of the scenario a check game's board adds to.
func seeAlso(here, there wbcatalog.Pos, from string) string {
	where := fmt.Sprintf("line %d", there.Line)
	if there.Line == here.Line {
		where += fmt.Sprintf(", column %d", there.Col)
	}
	if there.File != here.File {
		where = fmt.Sprintf("%s:%d", there.File, there.Line)
	}
	if from != "" {
		return "in " + from + " at " + where
	}
	return "at " + where
}

// tileSpan names the tiles of a rectangle: "C5", or "A2–H3".
func tileSpan(c1, r1, c2, r2 int) string {
	a, b := wbcatalog.Tile{Col: c1, Row: r1}, wbcatalog.Tile{Col: c2, Row: r2}
	if a == b {
		return a.String()
	}
	return a.String() + "–" + b.String()
}
