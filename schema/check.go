package schema

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"wbtool.dev/wbtool/catalog"
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
	faction := func(pos catalog.Pos, p, id string) {
		if id != "" && cat.Faction(id) == nil && !l.isDeclared("factions", id) {
			l.errorf(pos, p, "unknown faction %q: expected one of %s", id, l.factionList())
		}
	}
	skill := func(pos catalog.Pos, p, id string) {
		if cat.Skill(id) == nil && !l.isDeclared("skills", id) {
			l.errorf(pos, p, "unknown skill %q: declare it under `skills:` first", id)
		}
	}
	cost := func(pos catalog.Pos, p string, c catalog.Cost) {
		for _, k := range slices.Sorted(maps.Keys(c)) {
			if k != catalog.Colourless {
				faction(pos, p+".cost."+k, k)
			}
		}
	}
	for _, ch := range cat.Characters {
		p := "characters." + quoteLabel(ch.ID)
		faction(ch.Pos, p+".faction", ch.Faction)
		for side, prof := range map[string]*catalog.Profile{"": &ch.Front, ".panic": &ch.Panic} {
			cost(ch.Pos, p+side, prof.Cost)
			if prof.Cost.Total() == 0 {
				l.errorf(ch.Pos, p+side+".cost", "activation cost is empty: a Character costs at least one Order token (R-ACTV-1)")
			}
			for _, s := range prof.Skills {
				skill(ch.Pos, p+side+".skills", s)
			}
		}
	}
	for _, ld := range cat.Leaders {
		p := "leaders." + quoteLabel(ld.ID)
		faction(ld.Pos, p+".faction", ld.Faction)
		skill(ld.Pos, p+".skill", ld.Skill)
		for _, side := range []struct {
			name string
			s    catalog.LeaderSide
		}{{"exploration", ld.Exploration}, {"confrontation", ld.Confrontation}} {
			for i, period := range side.s.Orders {
				for _, f := range slices.Sorted(maps.Keys(period)) {
					faction(ld.Pos, fmt.Sprintf("%s.%s.orders[%d]", p, side.name, i), f)
				}
			}
		}
	}
	for _, e := range cat.Equipment {
		faction(e.Pos, "equipment."+quoteLabel(e.ID)+".faction", e.Faction)
	}
	for _, v := range cat.Vocations {
		faction(v.Pos, "vocations."+quoteLabel(v.ID)+".faction", v.Faction)
	}
	for _, r := range cat.References {
		p := "references." + quoteLabel(r.ID)
		faction(r.Pos, p+".faction", r.Faction)
		for _, s := range r.Skills {
			skill(r.Pos, p+".skills", s)
		}
	}
	for i := range cat.ActionBoards {
		l.checkActionBoard(&cat.ActionBoards[i])
	}
	for i := range cat.Scenarios {
		l.checkScenario(&cat.Scenarios[i])
	}
	for i := range cat.Decks {
		d := &cat.Decks[i]
		if l.usesBrokenCard(d) {
			continue // its card's own errors are reported; legality would only add noise
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
func (l *loader) usesBrokenCard(d *catalog.Deck) bool {
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

func (l *loader) factionList() string {
	var ids []string
	for _, f := range l.cat.Factions {
		ids = append(ids, fmt.Sprintf("%q", f.ID))
	}
	if len(ids) == 0 {
		return "none is declared (add one under `factions:`)"
	}
	return strings.Join(ids, ", ")
}

func (l *loader) checkActionBoard(b *catalog.ActionBoard) {
	p := "actionBoards." + quoteLabel(b.ID)
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
		if s.Has(catalog.ActAim) && !s.Has(catalog.ActShoot) {
			l.errorf(s.Pos, sp+".actions", "Aim only comes together with Shoot on one space (R-ACT-4)")
		}
		if b.Format == catalog.Exploration && s.Has(catalog.ActHide) {
			l.errorf(s.Pos, sp+".actions", "Exploration has no hiding: Hide spaces belong to Confrontation boards (R-HIDE-5)")
		}
	}
}

func (l *loader) checkScenario(s *catalog.Scenario) {
	p := "scenarios." + quoteLabel(s.ID)
	inside := func(pos catalog.Pos, what, tile string) {
		t, err := catalog.ParseTile(tile)
		if err != nil {
			l.errorf(pos, p, "%s: %v", what, err)
			return
		}
		if !t.Inside(s.Board.Cols, s.Board.Rows) {
			l.errorf(pos, p, "%s %s is outside the board (%d columns A-%s, %d rows)", what, tile, s.Board.Cols, catalog.ColumnName(s.Board.Cols-1), s.Board.Rows)
		}
	}
	for _, t := range s.Terrain {
		inside(t.Pos, "terrain tile", t.At)
	}
	markers := map[string]bool{}
	for _, m := range s.Markers {
		inside(m.Pos, "marker "+m.ID, m.At)
		if markers[m.ID] {
			l.errorf(m.Pos, p+".markers", "marker id %q is used twice", m.ID)
		}
		markers[m.ID] = true
		markers[m.Kind] = true
	}
	for _, z := range s.Deployment {
		inside(z.Pos, "deployment zone corner", z.From)
		inside(z.Pos, "deployment zone corner", z.To)
	}
	if len(s.Deployment) == 2 && s.Deployment[0].Player == s.Deployment[1].Player {
		l.errorf(s.Pos, p+".deployment", "both deployment zones are for player %d: give one to player 1 and one to player 2", s.Deployment[0].Player)
	}
	for _, sc := range s.Scoring {
		if sc.Marker != "" && !markers[sc.Marker] {
			l.errorf(sc.Pos, p+".scoring", "scoring refers to marker %q, which the scenario does not place", sc.Marker)
		}
	}
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
