package wbschema

import (
	"bytes"
	"encoding/json"
	"maps"

	"cuelang.org/go/cue"

	"wbtool.dev/wbtool/games/warbound/wbcatalog"
	"wbtool.dev/wbtool/lang"
)

// readNumber records the number written on card id (`number: 7`), with
// its position, in the catalog (wbcatalog.Catalog.Numbers).
func (l *loader) readNumber(id string, e entity, at []string) {
	var n struct {
		Number int `json:"number"`
	}
	switch {
	case e.raw != nil:
		if !bytes.Contains(e.raw, []byte(`"number"`)) || json.Unmarshal(e.raw, &n) != nil {
			return
		}
	default:
		v := e.v
		if !v.Exists() {
			v = l.full.LookupPath(cue.MakePath(cue.Str(at[0]), cue.Str(at[1])))
		}
		x, err := v.LookupPath(cue.MakePath(cue.Str("number"))).Int64()
		if err != nil {
			return
		}
		n.Number = int(x)
	}
	if n.Number <= 0 {
		return
	}
	if l.cat.Numbers == nil {
		l.cat.Numbers = map[string]wbcatalog.CardNo{}
	}
	l.cat.Numbers[id] = wbcatalog.CardNo{N: n.Number, Pos: l.exactPos(append(at[:len(at):len(at)], "number"))}
}

// joinNumbers adds the numbers of one decoded entity's catalog to l's.
func (l *loader) joinNumbers(from map[string]wbcatalog.CardNo) {
	if len(from) == 0 {
		return
	}
	if l.cat.Numbers == nil {
		l.cat.Numbers = map[string]wbcatalog.CardNo{}
	}
	maps.Copy(l.cat.Numbers, from)
}

// checkNumbers reports two cards of a kind written with one number (one
// error, at the second in catalog order: which of them was printed first
// only the designer knows), and, in a kind whose cards have numbers, a card
// without one (a warning: it takes the next free number, which another
// new card sorting before it would take instead).
func (l *loader) checkNumbers() {
	cat := l.cat
	if len(cat.Numbers) == 0 {
		return
	}
	for _, k := range wbcatalog.Kinds {
		ids := cat.CardIDs(k)
		by := map[int]string{}
		written := false
		for _, id := range ids {
			n, ok := cat.Numbers[id]
			if !ok {
				continue
			}
			written = true
			if first, dup := by[n.N]; dup {
				l.errorf(n.Pos, k.Collection()+"."+quoteLabel(id)+".number", "%s and %s both have number %d (%s, also at %s): keep it on the card already printed and give the other the next free number, %d", first, id, n.N, wbcatalog.NumberLabel(k, n.N), cat.Numbers[first].Pos, l.nextNumber(k))
				continue
			}
			by[n.N] = id
		}
		if !written {
			continue
		}
		nums := cat.Numbered(k)
		for _, id := range ids {
			if _, ok := cat.Numbers[id]; ok {
				continue
			}
			var pos wbcatalog.Pos
			if d := l.declared[k.Collection()+"."+id]; len(d) > 0 {
				pos = d[0].pos
			}
			l.warnf(pos, k.Collection()+"."+quoteLabel(id), "no number yet: it prints as %s, after the highest; write `number: %d` in it so that it keeps this number when other cards are added", wbcatalog.NumberLabel(k, nums[id]), nums[id])
		}
	}
}

// nextNumber is the number after the highest written in kind k.
func (l *loader) nextNumber(k wbcatalog.Kind) int {
	last := 0
	for _, id := range l.cat.CardIDs(k) {
		if n, ok := l.cat.Numbers[id]; ok {
			last = max(last, n.N)
		}
	}
	return last + 1
}

// checkNames warns at both cards when two cards of one kind share a name
// in one language (issue 36 item 8): players could not tell them apart in
// the card list, search, the deck builder or a deck's list. It is an
// error under --strict.
func (l *loader) checkNames() {
	cat := l.cat
	for _, k := range wbcatalog.Kinds {
		ids := cat.CardIDs(k)
		items := make([]lang.Named, len(ids))
		for i, id := range ids {
			name, _ := cat.CardName(id)
			items[i] = lang.Named{ID: id, Name: name}
		}
		coll := k.Collection()
		at := func(id string, lg lang.Lang) (wbcatalog.Pos, string) {
			var pos wbcatalog.Pos
			if d := l.declared[coll+"."+id]; len(d) > 0 {
				pos = d[0].pos
			}
			path := []string{coll, id, "name", string(lg)}
			return l.fieldPos(pos, path), displayPath(path)
		}
		for _, s := range lang.SameNames(items) {
			posA, pathA := at(items[s.First].ID, s.Lang)
			posB, pathB := at(items[s.Second].ID, s.Lang)
			first, second := s.Say(items, coll, "the card list, search, the deck builder or a deck's list", posA.String(), posB.String())
			l.warnf(posA, pathA, "%s", first)
			l.warnf(posB, pathB, "%s", second)
		}
	}
}
