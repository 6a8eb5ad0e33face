package unbound

import (
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
	return budget.Key("unbound", salt, c.Catalog)
}

// ChangedSince is the changes since prev, as `wbtool diff` tells them:
// "unit ash-seer: added", "shoot: text (fr) … → …".
func (c *Content) ChangedSince(prev ruleset.Content, max int) []string {
	return ruleset.ChangedLines(prev, c, max)
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
	ids, src := ruleset.KeptItems(c.Catalog.Checks, func(g *ubcatalog.Check) string { return g.ID }, keep)
	shared := protocol(c.Catalog)
	salt := c.m.Salt()
	key := func(id string) string {
		return budget.Key("check", salt, struct {
			Protocol []byte
			Source   *ubcatalog.Check
		}{shared, src[id]})
	}
	play := func(id string) ruleset.CheckReport {
		return c.Content.Checks(func(x string) bool { return x == id })
	}
	return ruleset.MemoChecks(c.m, ids, key, play, false)
}
