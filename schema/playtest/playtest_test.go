package playtest_test

import (
	"strings"
	"testing"

	"wbtool.dev/wbtool/balance"
	"wbtool.dev/wbtool/schema/playtest"
)

const good = `package playtests

playtests: "club-1": {
	date:     "2026-11-20"
	players:  ["Ana", "Ben"]
	decks:    ["raiders-strike", "clans-vigil"]
	scenario: "salvage-field"
	content:  "f23c1214c1f41659"
	winner:   "raiders-strike"
	score:    [12, 7]
	notes:    "Raiders rushed the salvage."
}
playtests: "club-2": {
	date:     "2026-11-21"
	players:  ["Ana", "Ben"]
	decks:    ["clans-vigil", "raiders-strike"]
	scenario: "salvage-field"
	content:  "f23c1214c1f41659"
	winner:   "draw"
}
`

func TestLoadGood(t *testing.T) {
	ps, problems := playtest.Load([]playtest.File{{Name: "playtests/club.cue", Data: []byte(good)}})
	if len(problems) > 0 {
		t.Fatal(problems)
	}
	if len(ps) != 2 || ps[0].ID != "club-1" || ps[0].Decks != [2]string{"raiders-strike", "clans-vigil"} || *ps[0].Score != [2]int{12, 7} ||
		ps[1].Winner != balance.Draw || ps[1].Score != nil || ps[0].Notes != "Raiders rushed the salvage." {
		t.Errorf("%+v", ps)
	}
}

// TestLoadBad is the bad-input corpus: each mistake reported, every one,
// at its file:line:col, in the designer's words.
func TestLoadBad(t *testing.T) {
	entry := func(fields string) string {
		return "package playtests\n\nplaytests: \"p\": {\n" + fields + "}\n"
	}
	const base = "\tdate: \"2026-11-20\"\n\tplayers: [\"Ana\"]\n\tdecks: [\"a\", \"b\"]\n\tscenario: \"s\"\n\tcontent: \"c\"\n"
	for _, tc := range []struct {
		name, src string
		want      []string
	}{
		{"syntax", "package playtests\n\nplaytests: \"p\": {\n\tdate: \"2026\n}\n", []string{"x.cue:4:8: syntax error"}},
		{"not cue", "date,winner\n2026-11-20,a\n", []string{"x.cue:1:1: not a playtest log: a playtest log starts with a `package` line"}},
		{"no playtests", "package playtests\n", []string{"x.cue:1:1: no playtests: expected `playtests:"}},
		{"other field", "package playtests\n\nplaytest: {}\n", []string{"x.cue:3:1: playtest: unknown field \"playtest\": a playtest log holds `playtests: \"ID\": {...}` only", "x.cue:1:1: no playtests"}},
		{"missing", entry("\tdate: \"2026-11-20\"\n"), []string{"x.cue:3:12: playtests.p: playtest p: no players, decks, scenario, content, winner"}},
		{"bad date", entry(strings.Replace(base, "2026-11-20", "2026-02-30", 1) + "\twinner: \"a\"\n"), []string{"x.cue:4:2: playtests.p.date: playtest p: date: expected a date as YYYY-MM-DD"}},
		{"one deck", entry(strings.Replace(base, `["a", "b"]`, `["a"]`, 1) + "\twinner: \"a\"\n"), []string{"x.cue:6:2: playtests.p.decks: playtest p: decks: expected two different decks in seat order"}},
		{"same deck", entry(strings.Replace(base, `["a", "b"]`, `["a", "a"]`, 1) + "\twinner: \"a\"\n"), []string{"x.cue:6:2: playtests.p.decks: playtest p: decks: expected two different decks"}},
		{"winner", entry(base + "\twinner: \"c\"\n"), []string{"x.cue:9:2: playtests.p.winner: playtest p: winner: \"c\" is neither of its decks (a, b) nor \"draw\""}},
		{"score", entry(base + "\twinner: \"a\"\n\tscore: [3, -1]\n"), []string{"x.cue:10:2: playtests.p.score: playtest p: score: expected each side's score, two whole numbers from 0"}},
		{"unknown", entry(base + "\twinner: \"a\"\n\tturns: 5\n"), []string{"x.cue:10:2: playtests.p.turns: playtest p: turns: unknown field: expected date, players, decks, scenario, content, winner, score, notes"}},
		{"no players", entry(strings.Replace(base, `["Ana"]`, `[]`, 1) + "\twinner: \"a\"\n"), []string{"x.cue:5:2: playtests.p.players: playtest p: players: expected the players' names"}},
		{"not concrete", entry(strings.Replace(base, `"s"`, `string`, 1) + "\twinner: \"a\"\n"), []string{"x.cue:7:12: playtests.p.scenario: expected a value, not a type"}},
		{"conflict", entry(base+"\twinner: \"a\"\n") + "playtests: p: winner: \"b\"\n", []string{"x.cue:"}},
		{"every mistake", entry(strings.Replace(base, "2026-11-20", "20/11/2026", 1) + "\twinner: \"z\"\n\tscore: 3\n"), []string{
			"x.cue:4:2: playtests.p.date: playtest p: date:", "x.cue:10:2: playtests.p.score: playtest p: score:", "x.cue:9:2: playtests.p.winner: playtest p: winner:"}},
	} {
		ps, problems := playtest.Load([]playtest.File{{Name: "x.cue", Data: []byte(tc.src)}})
		if ps != nil || len(problems) != len(tc.want) {
			t.Errorf("%s: %d playtests, %d problems, want none and %d:\n%s", tc.name, len(ps), len(problems), len(tc.want), problems)
			continue
		}
		for i, w := range tc.want {
			if got := problems[i].String(); !strings.HasPrefix(got, w) {
				t.Errorf("%s: problem %d:\n got %s\nwant %s…", tc.name, i+1, got, w)
			}
		}
	}
	// The same id in two files is one mistake, at the second.
	_, problems := playtest.Load([]playtest.File{{Name: "a.cue", Data: []byte(good)}, {Name: "b.cue", Data: []byte(good)}})
	if len(problems) != 2 || !strings.HasPrefix(problems[0].String(), `b.cue:3:12: playtests.club-1: playtest "club-1" is also at a.cue:3:12`) {
		t.Errorf("duplicate ids: %s", problems)
	}
}
