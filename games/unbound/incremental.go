package unbound

import (
	"crypto/sha256"
	"encoding/hex"

	"wbtool.dev/wbtool/changes"
	"wbtool.dev/wbtool/games/unbound/ubcatalog"
	"wbtool.dev/wbtool/internal/budget"
	"wbtool.dev/wbtool/pipeline/ruleset"
)

// 40k Unbound's incremental rebuilds (ruleset.Incremental, for watch and
// serve). Its items are its check games: a check game reads its own
// source and the protocol's data (the orders, units, armies, scenarios
// and special rules: ubcheck builds its table from them), so its key is
// both, positions included. A save that touches only the rules pages,
// the glossary or another check game replays no check game but the ones
// it touched; a change to an order replays them all (each reads the
// order table). The site, data, sheets and exports are made whole at
// each change (the session writes only the files whose bytes changed);
// the content's key lets a save that changes nothing replay nothing.

// Brief is the summary of a watch report.
func (c *Content) Brief() string { return c.Summary() }

// Key hashes the whole catalog, positions, rules pages and check games'
// sources included.
func (c *Content) Key(salt string) string {
	return keyOf("unbound", salt, c.Catalog)
}

// ChangedSince is the changes since prev, as `wbtool diff` tells them:
// "unit ash-seer: added", "shoot: text (fr) … → …".
func (c *Content) ChangedSince(prev ruleset.Content, max int) []string {
	p, ok := prev.(*Content)
	if !ok {
		return nil
	}
	a, err := comparable(p.Catalog)
	if err != nil {
		return []string{"changes: " + err.Error()}
	}
	b, err := comparable(c.Catalog)
	if err != nil {
		return []string{"changes: " + err.Error()}
	}
	return changes.Compare(a, b).Lines(max)
}

// Incrementally is the content with its check games taken from m when
// their keys did not change.
func (c *Content) Incrementally(m ruleset.Memo) ruleset.Content {
	return &incremental{Content: c, m: m}
}

// incremental is 40k Unbound content rebuilt through a memo.
type incremental struct {
	*Content
	m ruleset.Memo
}

// protocol encodes what every check game reads of the catalog besides
// its own source.
func protocol(cat *ubcatalog.Catalog) []byte {
	b, _ := budget.Marshal(struct {
		Orders       []ubcatalog.Order
		Units        []ubcatalog.Unit
		Armies       []ubcatalog.Army
		Scenarios    []ubcatalog.Scenario
		SpecialRules []ubcatalog.SpecialRule
	}{cat.Orders, cat.Units, cat.Armies, cat.Scenarios, cat.SpecialRules})
	return b
}

// Checks plays the check games whose key changed (all of them against an
// empty memo) and reuses the others' reports.
func (c *incremental) Checks(keep func(id string) bool) ruleset.CheckReport {
	src := map[string]*ubcatalog.Check{}
	var ids []string
	for i := range c.Catalog.Checks {
		g := &c.Catalog.Checks[i]
		if keep == nil || keep(g.ID) {
			src[g.ID] = g
			ids = append(ids, g.ID)
		}
	}
	shared := protocol(c.Catalog)
	salt := c.m.Salt()
	key := func(id string, _ []string) string {
		return keyOf("check", salt, struct {
			Protocol []byte
			Source   *ubcatalog.Check
		}{shared, src[id]})
	}
	runs := c.m.Checks(ids, key, func(todo []string) []ruleset.CheckRun {
		out := make([]ruleset.CheckRun, len(todo))
		for i, id := range todo {
			out[i] = ruleset.CheckRun{ID: id, Result: c.Content.Checks(func(x string) bool { return x == id })}
		}
		return out
	})
	var rep ruleset.CheckReport
	for _, r := range runs {
		one := r.Result.(ruleset.CheckReport)
		rep.Passed += one.Passed
		rep.Failed += one.Failed
		rep.Diagnostics = append(rep.Diagnostics, one.Diagnostics...)
	}
	return rep
}

// keyOf is the key of v (plain data: budget.Marshal, which reads every
// exported field, positions and sources included) for what, with salt.
func keyOf(what, salt string, v any) string {
	b, err := budget.Marshal(v)
	if err != nil {
		b = []byte("unkeyed: " + err.Error()) // plain data always encodes: the tests see it
	}
	h := sha256.New()
	h.Write([]byte(what + "\x00" + salt + "\x00"))
	h.Write(b)
	return hex.EncodeToString(h.Sum(nil))
}
