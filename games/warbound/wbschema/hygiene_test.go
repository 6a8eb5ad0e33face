package wbschema

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"wbtool.dev/wbtool/games/warbound/wbcatalog"
	"wbtool.dev/wbtool/games/warbound/wbgen"
	"wbtool.dev/wbtool/schema"
)

func loadWith(t *testing.T, name, src string) (*wbcatalog.Catalog, schema.Errors) {
	t.Helper()
	files := wbgen.Tree(wbgen.Options{Characters: 2})
	files[name] = []byte(src)
	cat, err := Load(mapFS(files), Options{Root: "content"})
	if err == nil {
		return cat, nil
	}
	var list schema.Errors
	if !errors.As(err, &list) {
		t.Fatalf("Load = %v, want Errors", err)
	}
	return nil, list
}

// A check game's id is an id like any other: one with escape sequences is
// a positioned load error, and the diagnostic prints it escaped.
func TestCheckIDIsAnID(t *testing.T) {
	_, errs := loadWith(t, "scenarios/checks/evil.cue", "package warbound\n\n"+
		`checks: "x\u001b]0;pwned\u0007\r999 passed, 0 failed": {`+"\n"+
		"\thand: \"red\"\n\tsides: red: {}\n\tscript: []\n}\n")
	if len(errs) == 0 {
		t.Fatal("a check id with control characters loaded")
	}
	var lines []string
	for _, d := range errs {
		lines = append(lines, d.String())
	}
	all := strings.Join(lines, "\n")
	if !strings.Contains(all, "content/scenarios/checks/evil.cue:3:") {
		t.Errorf("no position in the check's file:\n%s", all)
	}
	if strings.ContainsAny(all, "\x1b\x07\r") {
		t.Errorf("diagnostics print control characters: %q", all)
	}
	t.Log(all)
}

func TestDiagnosticStringEscapes(t *testing.T) {
	d := schema.Diagnostic{Pos: wbcatalog.Pos{File: "content/a\x1b[2J.cue", Line: 1, Col: 2}, Path: `checks."a\rb"`, Msg: "bad \u202eid\n999 passed"}
	want := `content/a\x1b[2J.cue:1:2: checks."a\rb": bad \u202eid\x0a999 passed`
	if got := d.String(); got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
}

const skillSrc = `package warbound

skills: "steady-aim": {
	name: {en: "Steady aim", fr: %s}
	active: true
	text: {
		en: "Before a :shoot:, remove 1 Stress from this Character."
		fr: %s
	}
}
`

// Every content string is NFC after Load: a decomposed é (e + U+0301)
// reaches the PDF and the site composed.
func TestLoadNormalisesToNFC(t *testing.T) {
	files := wbgen.Tree(wbgen.Options{Characters: 2})
	files["cards/nfd.cue"] = []byte(fmt.Sprintf(skillSrc, `"Vise\u0301e pose\u0301e"`, "\"Avant un :shoot:, retirez 1 Stress de ce Personnage (de\u0301compose\u0301).\""))
	files["rules/fr/01-nfd.md"] = []byte("# Re\u0300gles\n\nUne e\u0301preuve.\n")
	cat, err := Load(mapFS(files), Options{Root: "content"})
	if err != nil {
		t.Fatal(err)
	}
	var s *wbcatalog.Skill
	for i := range cat.Skills {
		if cat.Skills[i].ID == "steady-aim" {
			s = &cat.Skills[i]
		}
	}
	if s == nil {
		t.Fatal("no skill steady-aim")
	}
	if s.Name.FR != "Visée posée" || !strings.Contains(s.Text.FR, "(décomposé)") {
		t.Errorf("skill texts not NFC: %q, %q", s.Name.FR, s.Text.FR)
	}
	found := false
	for _, p := range cat.Rules {
		if strings.HasSuffix(p.Path, "01-nfd.md") {
			found = true
			if string(p.Source) != "# Règles\n\nUne épreuve.\n" {
				t.Errorf("rules page not NFC: %q", p.Source)
			}
		}
	}
	if !found {
		t.Error("rules page not loaded")
	}
}

// Characters XML 1.0 forbids are load errors at the string's place, named
// as U+XXXX.
func TestLoadRejectsXMLIllegalCharacters(t *testing.T) {
	_, errs := loadWith(t, "cards/ctl.cue", fmt.Sprintf(skillSrc, `"Visée\u0007 posée"`, `"Avant un :shoot:\uffff."`))
	var got []string
	for _, d := range errs {
		got = append(got, d.String())
	}
	want := []string{
		`content/cards/ctl.cue:4:27: skills."steady-aim".name.fr: the text contains U+0007, an invisible control character that SVG card images and web pages cannot hold: delete it (a line break or a tab is fine)`,
		`content/cards/ctl.cue:8:3: skills."steady-aim".text.fr: the text contains U+FFFF, which is not a character (SVG card images and web pages cannot hold it): delete it`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("errors:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}

	files := wbgen.Tree(wbgen.Options{Characters: 2})
	files["rules/en/01-bad.md"] = []byte("# Rules\n\nA bell \x07 and\nanother é\x1b[2J.\n")
	_, err := Load(mapFS(files), Options{Root: "content"})
	var list schema.Errors
	if !errors.As(err, &list) || len(list) != 1 {
		t.Fatalf("Load = %v, want one error", err)
	}
	if want := "content/rules/en/01-bad.md:3:8: the text contains U+0007, an invisible control character that SVG card images and web pages cannot hold: delete it (a line break or a tab is fine) (2 such characters in the file)"; list[0].String() != want {
		t.Errorf("error:\n%s\nwant:\n%s", list[0], want)
	}
}
