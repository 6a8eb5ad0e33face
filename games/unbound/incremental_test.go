package unbound

import (
	"slices"
	"strings"
	"testing"

	"wbtool.dev/wbtool/games/unbound/ubcatalog"
	"wbtool.dev/wbtool/pipeline/ruleset"
)

// memo is a ruleset.Memo that keeps check runs by key, as watch's does,
// and counts the games played.
type memo struct {
	ruleset.Memo
	runs   map[string]ruleset.CheckRun
	played []string
}

func (m *memo) Salt() string { return "test" }

func (m *memo) Checks(ids []string, key func(id string, reads []string) string, play func(ids []string) []ruleset.CheckRun) []ruleset.CheckRun {
	var todo []string
	for _, id := range ids {
		if _, ok := m.runs[key(id, nil)]; !ok {
			todo = append(todo, id)
		}
	}
	m.played = append(m.played, todo...)
	for _, r := range play(todo) {
		m.runs[key(r.ID, nil)] = r
	}
	out := make([]ruleset.CheckRun, len(ids))
	for i, id := range ids {
		out[i] = m.runs[key(id, nil)]
	}
	return out
}

// TestIncrementalChecks: a rebuild replays the check games whose source
// or protocol data changed and no other, with the verdict of a full
// run; the content's key changes with any edit, and ChangedSince says
// what changed.
func TestIncrementalChecks(t *testing.T) {
	c := starterContent(t)
	m := &memo{runs: map[string]ruleset.CheckRun{}}
	full := c.Checks(nil)
	if got := c.Incrementally(m).Checks(nil); got.Passed != full.Passed || got.Failed != full.Failed || len(m.played) != len(c.Catalog.Checks) {
		t.Fatalf("first rebuild: %+v after %d played, want %+v after %d", got, len(m.played), full, len(c.Catalog.Checks))
	}
	edit := func(change func(cat *ubcatalog.Catalog)) *Content {
		cat := *c.Catalog
		cat.Pages = slices.Clone(cat.Pages)
		cat.Checks = slices.Clone(cat.Checks)
		cat.Units = slices.Clone(cat.Units)
		change(&cat)
		return &Content{Catalog: &cat}
	}
	for _, tt := range []struct {
		what   string
		change func(cat *ubcatalog.Catalog)
		played int
		line   string
	}{
		{"nothing", func(*ubcatalog.Catalog) {}, 0, ""},
		{"a rules page", func(cat *ubcatalog.Catalog) { cat.Pages[0].Body += "\nMore.\n" }, 0, "0-scope.md: text"},
		{"one check game", func(cat *ubcatalog.Catalog) { cat.Checks[0].Pos.Line++ }, 1, ""},
		{"a unit", func(cat *ubcatalog.Catalog) { cat.Units[0].Name.EN += "s" }, len(c.Catalog.Checks), cat0Unit(c) + ": name (en)"},
	} {
		m.played = nil
		e := edit(tt.change)
		rep := e.Incrementally(m).Checks(nil)
		if len(m.played) != tt.played || rep.Passed+rep.Failed != len(c.Catalog.Checks) {
			t.Errorf("%s: %d played (%d passed, %d failed), want %d played of %d", tt.what, len(m.played), rep.Passed, rep.Failed, tt.played, len(c.Catalog.Checks))
		}
		if same := e.Key("s") == c.Key("s"); same != (tt.what == "nothing") {
			t.Errorf("%s: key unchanged %v", tt.what, same)
		}
		lines := strings.Join(e.ChangedSince(c, 10), "\n")
		if tt.line != "" && !strings.Contains(lines, tt.line) {
			t.Errorf("%s: changed lines %q lack %q", tt.what, lines, tt.line)
		}
	}
}

func cat0Unit(c *Content) string { return c.Catalog.Units[0].ID }
