package diag

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"wbtool.dev/wbtool/internal/termsafe"
)

// TestFprintColor: without colour Fprint is Print, byte for byte; with
// it, only SGR codes are added, around text made safe first, and they
// reach the terminal past the filter.
func TestFprintColor(t *testing.T) {
	l := List{
		Errorf(Pos{File: "content/a\x1b[2J.cue", Line: 3, Col: 2}, "x", "bad \x1b]0;title\x07 value"),
		Warnf(Pos{File: "content/b.cue", Line: 1, Col: 1}, "", "shrunk"),
	}
	var plain, text bytes.Buffer
	l.Fprint(&plain, false)
	l.Print(&text)
	if plain.String() != text.String() {
		t.Errorf("Fprint without colour:\n%q\nPrint:\n%q", plain.String(), text.String())
	}
	var raw bytes.Buffer
	filtered := termsafe.NewWriter(&raw)
	l.Fprint(filtered, true)
	filtered.Flush()
	want := "\x1b[1;31mcontent/a\\x1b[2J.cue:3:2\x1b[0m: x: bad \\x1b]0;title\\x07 value\n" +
		"content/b.cue:1:1: \x1b[1;33mwarning:\x1b[0m shrunk\n"
	if raw.String() != want {
		t.Errorf("coloured:\n%q\nwant:\n%q", raw.String(), want)
	}
	noSGR := strings.NewReplacer(sgrRed, "", sgrYellow, "", sgrReset, "").Replace(raw.String())
	if noSGR != text.String() {
		t.Errorf("colour changed the text:\n%q\n%q", noSGR, text.String())
	}
}

// TestReportJSON: every string is the text's (made safe), the rule is
// found at the end of a message, and the counts agree.
func TestReportJSON(t *testing.T) {
	l := List{
		Errorf(Pos{File: "content/d.cue", Line: 3, Col: 8}, `decks."x"`, "not legal: only Formation cards may be (R-DECK-2)"),
		{Pos: Pos{File: "content/s.cue", Line: 2, Col: 1}, Severity: Warning, Msg: "odd \u202e text", Rule: "R-CARD-1", Stage: "load"},
	}.InStage("checks")
	var b bytes.Buffer
	if err := (Report{Diagnostics: l}).Write(&b, FormatJSON); err != nil {
		t.Fatal(err)
	}
	var doc jsonReport
	if err := json.Unmarshal(b.Bytes(), &doc); err != nil {
		t.Fatal(err)
	}
	if doc.OK || doc.Errors != 1 || doc.Warnings != 1 || doc.Files != 2 || doc.Summary != "1 error and 1 warning in 2 files" {
		t.Errorf("counts: %+v", doc)
	}
	d0, d1 := doc.Diagnostics[0], doc.Diagnostics[1]
	if d0.Rule != "R-DECK-2" || d0.Stage != "checks" || d0.Path != `decks."x"` || d0.Column != 8 {
		t.Errorf("first: %+v", d0)
	}
	if d1.Rule != "R-CARD-1" || d1.Stage != "load" || d1.Message != `odd \u202e text` || d1.Severity != "warning" {
		t.Errorf("second: %+v", d1)
	}
	if strings.ContainsRune(b.String(), '\u202e') {
		t.Errorf("the document holds a control character: %q", b.String())
	}
}

func TestRuleAtEnd(t *testing.T) {
	for msg, want := range map[string]string{
		"only Formation cards may be (R-DECK-2)": "R-DECK-2",
		"two (R-TURN-7) here":                    "",
		"expected (a number)":                    "",
		"(R-)":                                   "",
		"no rule":                                "",
		"lower (R-deck-2)":                       "",
	} {
		if got := ruleAtEnd(msg); got != want {
			t.Errorf("ruleAtEnd(%q) = %q, want %q", msg, got, want)
		}
	}
}

func TestFileURI(t *testing.T) {
	for file, want := range map[string]string{
		"content/cards/a.cue":    "content/cards/a.cue",
		"my cards/a b.cue":       "my%20cards/a%20b.cue",
		"c:/x.cue":               "./c:/x.cue",
		"":                       ".",
		"content/50%/é.cue":      "content/50%25/%C3%A9.cue",
		"../content/cards/a.cue": "../content/cards/a.cue",
	} {
		if got := fileURI(file); got != want {
			t.Errorf("fileURI(%q) = %q, want %q", file, got, want)
		}
	}
}

func TestSameReportIgnoresStage(t *testing.T) {
	p := Pos{File: "a.cue", Line: 1, Col: 1}
	l := List{Errorf(p, "", "x")}.InStage("layout")
	l = append(l, List{Errorf(p, "", "x")}.InStage("site")...)
	if got := l.Sorted(); len(got) != 1 {
		t.Errorf("Sorted kept %d copies of one report found by two stages", len(got))
	}
}
