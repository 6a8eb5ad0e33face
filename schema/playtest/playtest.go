// Package playtest reads playtest logs: the games people played, written
// in CUE beside the content, for `wbtool balance --playtests` to set
// beside the bots' results (balance.Playtest). A log is checked like
// content: every mistake is reported, in the designer's words, at its
// file:line:col.
//
//	package playtests
//
//	playtests: "2026-11-20-club-1": {
//		date:     "2026-11-20"
//		players:  ["Ana", "Ben"]
//		decks:    ["raiders-strike", "clans-vigil"] // in seat order
//		scenario: "salvage-field"
//		content:  "f23c1214c1f41659" // the content version played
//		winner:   "raiders-strike"   // or "draw"
//		score:    [12, 7]            // optional
//		notes:    "Raiders rushed the salvage." // optional
//	}
package playtest

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"cuelang.org/go/cue"
	"cuelang.org/go/cue/cuecontext"
	cueerrors "cuelang.org/go/cue/errors"
	"cuelang.org/go/cue/parser"
	"cuelang.org/go/cue/token"

	"wbtool.dev/wbtool/balance"
	"wbtool.dev/wbtool/diag"
	"wbtool.dev/wbtool/internal/termsafe"
	"wbtool.dev/wbtool/schema"
)

// File is a log file's name (as the designer gave it) and bytes.
type File struct {
	Name string
	Data []byte
}

// fields are a playtest's fields, the required first.
var (
	required = []string{"date", "players", "decks", "scenario", "content", "winner"}
	optional = []string{"score", "notes"}
)

// MaxPlaytests bounds the playtests of all the files read.
const MaxPlaytests = 100_000

// Load reads the playtests of the files, in file order then written
// order. Every problem of every file is in the list, with its position;
// the playtests are returned only when there is none.
func Load(files []File) ([]balance.Playtest, diag.List) {
	var out []balance.Playtest
	var problems diag.List
	seen := map[string]diag.Pos{}
	ctx := cuecontext.New()
	for _, f := range files {
		ast, err := parser.ParseFile(f.Name, f.Data, parser.ParseComments)
		if err != nil {
			problems = append(problems, schema.SyntaxErrors(f.Name, f.Data, err)...)
			continue
		}
		if ast.PackageName() == "" {
			problems = append(problems, diag.Errorf(diag.Pos{File: f.Name, Line: 1, Col: 1}, "", "not a playtest log: a playtest log starts with a `package` line followed by `playtests: \"ID\": {...}`"))
			continue
		}
		v := ctx.BuildFile(ast)
		if err := v.Validate(cue.Concrete(true)); err != nil {
			for _, e := range cueerrors.Errors(err) {
				problems = append(problems, cueProblem(e, f.Name))
			}
			continue
		}
		top, err := v.Fields()
		if err != nil {
			problems = append(problems, diag.Errorf(diag.Pos{File: f.Name, Line: 1, Col: 1}, "", "expected `playtests: \"ID\": {...}`"))
			continue
		}
		found := false
		for top.Next() {
			label := top.Selector().Unquoted()
			if label != "playtests" {
				problems = append(problems, diag.Errorf(pos(top.Value(), f.Name), label, "unknown field %q: a playtest log holds `playtests: \"ID\": {...}` only", label))
				continue
			}
			found = true
			entries, err := top.Value().Fields()
			if err != nil {
				problems = append(problems, diag.Errorf(pos(top.Value(), f.Name), label, "expected playtests by id: `playtests: \"2026-11-20-club\": {...}`"))
				continue
			}
			for entries.Next() {
				id := entries.Selector().Unquoted()
				p, ds := entry(id, entries.Value(), f.Name)
				if at, dup := seen[id]; dup {
					ds = append(ds, diag.Errorf(pos(entries.Value(), f.Name), "playtests."+id, "playtest %q is also at %s: give each playtest its own id", id, at))
				}
				seen[id] = pos(entries.Value(), f.Name)
				problems = append(problems, ds...)
				if len(ds) == 0 {
					out = append(out, p)
				}
				if len(seen) > MaxPlaytests {
					return nil, append(problems, diag.Errorf(pos(entries.Value(), f.Name), "", "more than %d playtests", MaxPlaytests))
				}
			}
		}
		if !found {
			problems = append(problems, diag.Errorf(diag.Pos{File: f.Name, Line: 1, Col: 1}, "", "no playtests: expected `playtests: \"ID\": {date: ..., players: [...], decks: [A, B], scenario: ..., content: ..., winner: ...}`"))
		}
	}
	if len(problems) > 0 {
		return nil, problems
	}
	return out, nil
}

// entry reads one playtest.
func entry(id string, v cue.Value, file string) (balance.Playtest, diag.List) {
	p := balance.Playtest{ID: id}
	var ds diag.List
	path := "playtests." + id
	at := pos(v, file)
	bad := func(w cue.Value, field, format string, args ...any) {
		ds = append(ds, diag.Errorf(pos(w, file), path+"."+field, "playtest %s: %s: %s", id, field, fmt.Sprintf(format, args...)))
	}
	if !termsafe.Safe(id) || id == "" {
		ds = append(ds, diag.Errorf(at, path, "playtest id %q: expected a name without control characters", id))
	}
	it, err := v.Fields()
	if err != nil {
		return p, append(ds, diag.Errorf(at, path, "playtest %s: expected {date: ..., players: [...], decks: [A, B], scenario: ..., content: ..., winner: ...}", id))
	}
	have := map[string]bool{}
	for it.Next() {
		name, w := it.Selector().Unquoted(), it.Value()
		have[name] = true
		switch name {
		case "date":
			s, ok := str(w)
			if _, err := time.Parse(time.DateOnly, s); !ok || err != nil {
				bad(w, name, "expected a date as YYYY-MM-DD, e.g. \"2026-11-20\"")
			}
			p.Date = s
		case "players":
			p.Players = strs(w)
			if len(p.Players) == 0 || slices.Contains(p.Players, "") {
				bad(w, name, "expected the players' names, e.g. [\"Ana\", \"Ben\"]")
			}
		case "decks":
			d := strs(w)
			if len(d) != 2 || d[0] == "" || d[1] == "" || d[0] == d[1] {
				bad(w, name, "expected two different decks in seat order, e.g. [\"raiders-strike\", \"clans-vigil\"]")
				break
			}
			p.Decks = [2]string{d[0], d[1]}
		case "scenario", "content", "winner", "notes":
			s, ok := str(w)
			if !ok || s == "" && name != "notes" || !termsafe.Safe(s) && name != "notes" {
				bad(w, name, "expected a name in quotes")
			}
			switch name {
			case "scenario":
				p.Scenario = s
			case "content":
				p.Content = s
			case "winner":
				p.Winner = s
			case "notes":
				p.Notes = s
			}
		case "score":
			var sc [2]int
			ok := false
			if l, err := w.List(); err == nil {
				n := 0
				ok = true
				for l.Next() {
					x, err := l.Value().Int64()
					if n >= 2 || err != nil || x < 0 || x > 1<<20 {
						ok = false
						break
					}
					sc[n] = int(x)
					n++
				}
				ok = ok && n == 2
			}
			if !ok {
				bad(w, name, "expected each side's score, two whole numbers from 0, e.g. [12, 7]")
			}
			p.Score = &sc
		default:
			bad(w, name, "unknown field: expected %s", strings.Join(append(slices.Clone(required), optional...), ", "))
		}
	}
	var missing []string
	for _, f := range required {
		if !have[f] {
			missing = append(missing, f)
		}
	}
	if len(missing) > 0 {
		ds = append(ds, diag.Errorf(at, path, "playtest %s: no %s", id, strings.Join(missing, ", ")))
	}
	if have["winner"] && have["decks"] && p.Decks[0] != "" && p.Winner != p.Decks[0] && p.Winner != p.Decks[1] && p.Winner != balance.Draw {
		w := v.LookupPath(cue.MakePath(cue.Str("winner")))
		bad(w, "winner", "%q is neither of its decks (%s, %s) nor %q", p.Winner, p.Decks[0], p.Decks[1], balance.Draw)
	}
	return p, ds
}

// cueProblem is an evaluation error of a log in the designer's words,
// where it is written.
func cueProblem(e cueerrors.Error, file string) diag.Diagnostic {
	p := e.Position()
	for _, q := range e.InputPositions() {
		if !p.IsValid() || q.IsValid() && q.Filename() == file && p.Filename() != file {
			p = q
		}
	}
	format, args := e.Msg()
	msg := fmt.Sprintf(format, args...)
	path := strings.Join(e.Path(), ".")
	if strings.HasPrefix(msg, "incomplete value") {
		msg = "expected a value, not a type: write it, e.g. \"salvage-field\""
	}
	return diag.Errorf(posOf(p, file), path, "%s", msg)
}

// str is a concrete string value.
func str(v cue.Value) (string, bool) {
	s, err := v.String()
	return s, err == nil
}

// strs is a list of strings ("" for an element that is none, nil for no
// list).
func strs(v cue.Value) []string {
	l, err := v.List()
	if err != nil {
		return nil
	}
	out := []string{}
	for l.Next() {
		s, ok := str(l.Value())
		if !ok || !termsafe.Safe(s) {
			s = ""
		}
		out = append(out, s)
	}
	return out
}

// pos is where a value is written (the file's start when CUE knows not).
func pos(v cue.Value, file string) diag.Pos {
	return posOf(v.Pos(), file)
}

func posOf(p token.Pos, file string) diag.Pos {
	if !p.IsValid() {
		return diag.Pos{File: file, Line: 1, Col: 1}
	}
	return diag.Pos{File: file, Line: p.Line(), Col: p.Column()}
}
