package wbschema

import (
	"errors"
	"strings"
	"testing"
	"testing/fstest"

	"wbtool.dev/wbtool/schema"
)

// boardBase is the smallest content a scenario loads with: an Action
// Board for its format.
const boardBase = `package warbound

actionBoards: exploration: {
	name: {en: "Board", fr: "Plateau"}
	format: "exploration"
	turns: 2
	periods: [2]
	spaces: [{id: "move", period: 1, actions: ["move"]}]
}
`

// loadBoards loads boardBase and content/b.cue (the package clause, a
// blank line, then src: src's first line is line 3) and returns every
// diagnostic.
func loadBoards(t *testing.T, src string) []string {
	t.Helper()
	fsys := fstest.MapFS{
		"base.cue": {Data: []byte(boardBase)},
		"b.cue":    {Data: []byte("package warbound\n\n" + src)},
	}
	_, err := Load(fsys, Options{Root: "content"})
	if err == nil {
		return nil
	}
	var list schema.Errors
	if !errors.As(err, &list) {
		t.Fatalf("Load = %T %v, want Errors", err, err)
	}
	var out []string
	for _, d := range list {
		out = append(out, d.String())
	}
	return out
}

// scenarioSrc is a scenario "s" with the given terrain, markers and
// deployment lists, one a line: terrain on line 8, markers on line 9,
// deployment on line 10, scoring on line 11.
func scenarioSrc(terrain, markers, deployment, scoring string) string {
	return `scenarios: s: {
	name: {en: "S", fr: "S"}
	format: "exploration"
	text: {en: "S", fr: "S"}
	board: {cols: 8, rows: 16}
	terrain: [` + terrain + `]
	markers: [` + markers + `]
	deployment: [` + deployment + `]
	scoring: [` + scoring + `]
}
`
}

// checkSrc is a check game "c" with the given fields, one a line after
// `checks: c: {` and `hand` (alone in b.cue, the first field is on line 5).
func checkSrc(fields ...string) string {
	return "checks: c: {\n\thand: \"red\"\n\t" + strings.Join(fields, "\n\t") + `
	sides: {red: {}, blue: {}}
	script: []
}
`
}

const okZones = `{player: 1, from: "A1", to: "H2"}, {player: 2, from: "A15", to: "H16"}`

// TestBoardChecks: scenarios and check games' inline boards get the same
// board checks, each reported at the offending field.
func TestBoardChecks(t *testing.T) {
	tests := []struct {
		name string
		src  string
		want []string
	}{
		{
			name: "valid scenario and check board",
			src: scenarioSrc(`{at: "C5"}, {at: "D5", blocksMove: false}`, `{id: "m1", kind: "scan", at: "C6"}, {id: "m2", kind: "scan", at: "C6"}`,
				`{player: 1, from: "A1", to: "H2"}, {player: 2, from: "A3", to: "H4"}`, `{kind: "control-marker", vp: 1, marker: "scan"}`) +
				checkSrc(`board: {terrain: [{at: "C5"}], markers: [{id: "m", kind: "scan", at: "C6"}], deployment: [{player: 1, from: "A1", to: "H2"}, {player: 1, from: "A2", to: "B2"}, {player: 2, from: "A3", to: "H4"}]}`,
					`scoring: [{kind: "control-marker", vp: 1, marker: "m"}]`),
		},
		{
			name: "scenario: duplicate marker ids",
			src:  scenarioSrc(``, `{id: "m", kind: "scan", at: "C6"},`+"\n\t\t"+`{id: "m", kind: "scan", at: "F11"}`, okZones, ``),
			want: []string{`content/b.cue:10:4: scenarios.s.markers[1].id: marker id "m" is used twice: here and at line 9; give each marker its own id`},
		},
		{
			name: "scenario: overlapping zones",
			src:  scenarioSrc(``, ``, `{player: 1, from: "A1", to: "H3"}, {player: 2, from: "C3", to: "D16"}`, ``),
			want: []string{`content/b.cue:10:50: scenarios.s.deployment[1]: player 2's deployment zone C3–D16 overlaps player 1's zone A1–H3 (at line 10, column 15) on C3–D3: a tile belongs to one zone at most`},
		},
		{
			name: "scenario: reversed zones",
			src:  scenarioSrc(``, ``, `{player: 1, from: "H2", to: "A1"}, {player: 2, from: "A16", to: "H15"}`, ``),
			want: []string{
				`content/b.cue:10:27: scenarios.s.deployment[0].from: deployment zone H2–A1 is reversed: from is its top-left corner and to its bottom-right (write from: "A1", to: "H2")`,
				`content/b.cue:10:62: scenarios.s.deployment[1].from: deployment zone A16–H15 is reversed: from is its top-left corner and to its bottom-right (write from: "A15", to: "H16")`,
			},
		},
		{
			name: "scenario: contradictory terrain",
			src:  scenarioSrc(`{at: "C5", blocksSight: false},`+"\n\t\t"+`{at: "C5", blocksMove: false}`, ``, okZones, ``),
			want: []string{`content/b.cue:9:4: scenarios.s.terrain[1]: tile C5 is listed twice in terrain: as blocking sight only here and as blocking movement only at line 8; list each tile once`},
		},
		{
			name: "scenario: the same terrain twice",
			src:  scenarioSrc(`{at: "C5"}, {at: "C5"}`, ``, okZones, ``),
			want: []string{`content/b.cue:8:25: scenarios.s.terrain[1]: tile C5 is listed twice in terrain: here and at line 8, column 13 (both blocking movement and sight); list each tile once`},
		},
		{
			name: "check board: duplicate marker ids",
			src:  checkSrc(`board: markers: [{id: "m", kind: "scan", at: "C6"}, {id: "m", kind: "scan", at: "F11"}]`),
			want: []string{`content/b.cue:5:55: checks.c.board.markers[1].id: marker id "m" is used twice: here and at line 5, column 20; give each marker its own id`},
		},
		{
			name: "check board: overlapping zones",
			src:  checkSrc(`board: deployment: [{player: 1, from: "A1", to: "H3"}, {player: 2, from: "C3", to: "D16"}]`),
			want: []string{`content/b.cue:5:57: checks.c.board.deployment[1]: player 2's deployment zone C3–D16 overlaps player 1's zone A1–H3 (at line 5, column 22) on C3–D3: a tile belongs to one zone at most`},
		},
		{
			name: "check board: reversed zones",
			src:  checkSrc(`board: deployment: [{player: 1, from: "A2", to: "H1"}]`),
			want: []string{`content/b.cue:5:34: checks.c.board.deployment[0].from: deployment zone A2–H1 is reversed: from is its top-left corner and to its bottom-right (write from: "A1", to: "H2")`},
		},
		{
			name: "check board: contradictory terrain",
			src:  checkSrc(`board: terrain: [`, `	{at: "C5", blocksMove: true, blocksSight: true},`, `	{at: "C5", blocksMove: false, blocksSight: false},`, `]`),
			want: []string{`content/b.cue:7:4: checks.c.board.terrain[1]: tile C5 is listed twice in terrain: as blocking nothing here and as blocking movement and sight at line 6; list each tile once`},
		},
		{
			name: "check board: tiles outside its own size",
			src:  checkSrc(`board: {cols: 4, rows: 4, terrain: [{at: "E1"}], markers: [{id: "m", kind: "scan", at: "A5"}], deployment: [{player: 1, from: "A1", to: "E1"}]}`),
			want: []string{
				`content/b.cue:5:38: checks.c.board: terrain tile E1 is outside the board (4 columns A-D, 4 rows)`,
				`content/b.cue:5:61: checks.c.board: marker m A5 is outside the board (4 columns A-D, 4 rows)`,
				`content/b.cue:5:110: checks.c.board: deployment zone corner E1 is outside the board (4 columns A-D, 4 rows)`,
			},
		},
		{
			name: "check board added to a scenario",
			src: scenarioSrc(`{at: "C5"}`, `{id: "m", kind: "scan", at: "C6"}`, okZones, ``) +
				checkSrc(`scenario: "s"`,
					`board: {terrain: [{at: "C5", blocksSight: false}], markers: [{id: "m", kind: "scan", at: "F11"}], deployment: [{player: 2, from: "A2", to: "B2"}]}`,
					`scoring: [{kind: "control-marker", vp: 1, marker: "relay"}]`),
			want: []string{
				`content/b.cue:16:21: checks.c.board.terrain[0]: tile C5 is listed twice in terrain: as blocking movement only here and as blocking movement and sight in scenario "s" at line 8; list each tile once`,
				`content/b.cue:16:64: checks.c.board.markers[0].id: marker id "m" is used twice: here and in scenario "s" at line 9; give each marker its own id`,
				`content/b.cue:16:113: checks.c.board.deployment[0]: player 2's deployment zone A2–B2 overlaps player 1's zone A1–H2 (in scenario "s" at line 10) on A2–B2: a tile belongs to one zone at most`,
				`content/b.cue:17:12: checks.c.scoring: scoring refers to marker "relay", which the check game's board (with scenario "s") does not place`,
			},
		},
		{
			name: "check board smaller than its scenario",
			src:  scenarioSrc(`{at: "C5"}, {at: "G12"}`, ``, okZones, ``) + checkSrc(`scenario: "s"`, `board: {cols: 4, rows: 4}`),
			want: []string{`content/b.cue:16:10: checks.c.board: the board (4 columns A-D, 4 rows) is smaller than scenario "s", which it adds to: the scenario's terrain tile C5 (content/b.cue:8:12) falls outside`},
		},
		{
			// A Hide space in Exploration is let through inline: check
			// games pin the engine's refusal of it (R-HIDE-5).
			name: "inline action board",
			src:  checkSrc(`actionBoard: {turns: 3, periods: [1, 1], spaces: [{id: "a", period: 3, actions: ["aim"]}, {id: "b", period: 1, actions: ["hide"]}]}`),
			want: []string{
				`content/b.cue:5:2: checks.c.actionBoard.periods: the Periods cover 2 turns but the board has 3 turns: periods lists the number of turns in each Period`,
				`content/b.cue:5:52: checks.c.actionBoard.spaces.a.actions: Aim only comes together with Shoot on one space (R-ACT-4)`,
				`content/b.cue:5:52: checks.c.actionBoard.spaces.a.period: space "a" is in Period 3, but the board has only 2 Periods`,
			},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := loadBoards(t, tc.src)
			if strings.Join(got, "\n") != strings.Join(tc.want, "\n") {
				t.Errorf("diagnostics:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(tc.want, "\n"))
			}
		})
	}
}

// A content interface string under a key wbtool does not have is an error
// with a suggestion, not silently ignored.
func TestUnknownInterfaceString(t *testing.T) {
	cat, err := Load(fstest.MapFS{
		"i18n/strings.cue": {Data: []byte("package warbound\n\nstrings: \"stat.atack\": {en: \"Hit\", fr: \"Coup\"}\n")},
	}, Options{Root: "content"})
	if err != nil {
		t.Fatal(err)
	}
	got := cat.Warnings.Text()
	if !strings.Contains(got, `content/i18n/strings.cue:3:10: warning: strings."stat.atack": unknown interface string "stat.atack"`) ||
		!strings.Contains(got, `did you mean "stat.attack"?`) {
		t.Fatalf("warnings: %s", got)
	}
}
