package convicted

import (
	"wbtool.dev/wbtool/games/convicted/cvcatalog"
	"wbtool.dev/wbtool/internal/budget"
	"wbtool.dev/wbtool/pipeline/ruleset"
)

// The Convicted's incremental rebuilds (ruleset.Incremental, for watch
// and serve). Its items are its check games: a check game plays the
// engine made from the whole catalog (heroes, buildings, fortifications,
// the stages, the player table, the rules' Decisions…) from its own
// source, so its key is both, positions included, the other check games
// and the draft list aside. An edit of a check game replays that one; an
// edit of anything the engine reads (a hero) replays them all. The site,
// data, sheets and exports are made whole at each change (the session
// writes only the files whose bytes changed); the content's key lets a
// save that changes nothing replay nothing.

// Brief is the summary of a watch report.
func (c *Content) Brief() string { return c.Summary() }

// Key hashes the whole content: the catalog (check games' sources and
// positions included) and the load's warnings.
func (c *Content) Key(salt string) string {
	return budget.Key("convicted", salt, portable{Catalog: c.Catalog, Problems: c.Problems})
}

// ChangedSince is the changes since prev, as `wbtool diff` tells them:
// "oracle: name (en): The [-Oracle-] {+Seer+}".
func (c *Content) ChangedSince(prev ruleset.Content, max int) []string {
	return ruleset.ChangedLines(prev, c, max)
}

// Incrementally is the content with its check games taken from m when
// their keys did not change.
func (c *Content) Incrementally(m ruleset.Memo) ruleset.Content {
	return &incremental{Content: c, m: m}
}

// incremental is The Convicted's content rebuilt through a memo.
type incremental struct {
	*Content
	m ruleset.Memo
}

// Checks plays the check games whose key changed (all of them against
// an empty memo) and reuses the others' reports.
func (c *incremental) Checks(keep func(id string) bool) ruleset.CheckReport {
	ids, src := ruleset.KeptItems(c.Catalog.Checks, func(g *cvcatalog.Check) string { return g.ID }, keep)
	engine := *c.Catalog // what the engine reads: the catalog but its check games and draft list
	engine.Checks, engine.Draft = nil, nil
	shared, err := budget.Marshal(&engine)
	if err != nil {
		shared = []byte("unkeyed: " + err.Error())
	}
	salt := c.m.Salt()
	key := func(id string) string {
		return budget.Key("check", salt, struct {
			Engine []byte
			Source *cvcatalog.Check
		}{shared, src[id]})
	}
	play := func(id string) ruleset.CheckReport {
		return c.Content.Checks(func(x string) bool { return x == id })
	}
	return ruleset.MemoChecks(c.m, ids, key, play, false)
}

var _ ruleset.Incremental = (*Content)(nil)
