package schema

import (
	"errors"
	"strings"
	"testing"

	"wbtool.dev/wbtool/catalog"
	"wbtool.dev/wbtool/internal/gen"
)

func loadWith(t *testing.T, name, src string) (*catalog.Catalog, Errors) {
	t.Helper()
	files := gen.Tree(gen.Options{Characters: 2})
	files[name] = []byte(src)
	cat, err := Load(mapFS(files), Options{Root: "content"})
	if err == nil {
		return cat, nil
	}
	var list Errors
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
	d := Diagnostic{Pos: catalog.Pos{File: "content/a\x1b[2J.cue", Line: 1, Col: 2}, Path: `checks."a\rb"`, Msg: "bad \u202eid\n999 passed"}
	want := `content/a\x1b[2J.cue:1:2: checks."a\rb": bad \u202eid\x0a999 passed`
	if got := d.String(); got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
}
