package wsschema

import (
	"bytes"
	"encoding/json"
	"io/fs"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"testing/fstest"

	"cuelang.org/go/cue/ast"

	"wbtool.dev/wbtool/games/warstuff/wscatalog"
	"wbtool.dev/wbtool/lang"
	"wbtool.dev/wbtool/schema"
)

// The fast path for profiles' costs (issue 35 item 4). In the whole
// package evaluation most of CUE's time goes into each profile's cost
// comprehensions (#Build in cue/profiles.cue: parts, labels, the checks
// against the tables). The fast path evaluates the package with a lean
// #Profile, the profile's plain fields without the cost, then computes
// every profile's parts and cost in Go from the same tables, as CUE
// evaluated them (content may add entries), and checks what #Build
// checks. It only ever says "valid, here is the data": any error of the
// lean evaluation, any profile the Go code doubts (an unknown id, a rule
// twice, a cost out of the limits, traits or smaller, cost or parts
// written by the designer), in draft mode a table's text left to a
// placeholder (leanDrafts), and the package is evaluated with the full
// schema as before, so every diagnostic and draft text is CUE's. CUE stays the
// reference: TestFastCostEqualsCUE compares the catalogs both ways on the
// starter, a generated tree and mutants.

// fastProfiles turns the fast path on; tests turn it off to compare.
// fastLoads counts the loads it gave (tests check it was taken);
// fullLoads the evaluations with the full schema (tests check a refused
// load is CUE's own).
var (
	fastProfiles = true
	fastLoads    atomic.Int64
	fullLoads    atomic.Int64
)

// leanProfile replaces #Profile in the lean schema: the fields of #Build
// a profile may give, closed, with the base's default; no cost, no parts,
// and Large Target's base of 2 set in Go (fastCosts). Quality and range
// are checked in Go against their tables' keys (#Quality, #Range): no
// disjunction to evaluate per profile.
const leanProfile = `#Profile: {
	id:       #ID
	name!:    #Text
	quality!: int
	ranged?:  #LeanWeapon
	variable?: [#LeanWeapon, #LeanWeapon]
	melee: [...#AttackRuleID]
	powers: [...#PowerID]
	rules: [...#GeneralID]
	base: *1 | 2
}

#LeanWeapon: {
	range!: int | "flame"
	rules: [...#AttackRuleID]
}
`

const fullProfile = "#Profile: #Build & {_bounded: true}"

// leanSchemaFS is the schema with the lean #Profile; nil when
// profiles.cue no longer declares #Profile as fullProfile (the fast path
// is then off: TestLeanSchemaBuilt fails).
var leanSchemaFS = func() fs.FS {
	src, err := fs.ReadFile(schemaFS, "cue/profiles.cue")
	if err != nil || bytes.Count(src, []byte(fullProfile)) != 1 {
		return nil
	}
	m := fstest.MapFS{}
	entries, err := fs.ReadDir(schemaFS, "cue")
	if err != nil {
		return nil
	}
	for _, e := range entries {
		b, err := fs.ReadFile(schemaFS, "cue/"+e.Name())
		if err != nil {
			return nil
		}
		if e.Name() == "profiles.cue" {
			b = bytes.Replace(b, []byte(fullProfile), []byte(leanProfile), 1)
		}
		m["cue/"+e.Name()] = &fstest.MapFile{Data: b}
	}
	return m
}()

// costTables are the tables the cost is computed from (WS-BUILD-4 to 8).
type costTables struct {
	Quality map[string]int `json:"quality"`
	Range   map[string]struct {
		Cost int       `json:"cost"`
		Name enOnlyTxt `json:"name"`
	} `json:"range"`
	Attack map[string]struct {
		Cost       int       `json:"cost"`
		Name       enOnlyTxt `json:"name"`
		RangedOnly bool      `json:"rangedOnly"`
		Template   bool      `json:"template"`
	} `json:"attack"`
	Variable struct {
		Cost int `json:"cost"`
	} `json:"variable"`
	Psyker struct {
		First int `json:"first"`
		More  int `json:"more"`
	} `json:"psyker"`
	Power   map[string]json.RawMessage `json:"power"`
	General map[string]struct {
		Cost int       `json:"cost"`
		Name enOnlyTxt `json:"name"`
	} `json:"general"`
	Exclusive [][]string `json:"exclusive"`
}

type enOnlyTxt struct {
	EN string `json:"en"`
}

// fastCosts adds each profile's parts and cost to doc, computed in Go
// as #Build computes them; false when a profile is not certainly valid
// (the full schema must say why).
//
// declared says whether the content gives a field ("profiles.id.base").
func fastCosts(doc rawDoc, declared func(path string) bool) bool {
	var t costTables
	var lim struct {
		Figure struct {
			Min int `json:"min"`
			Max int `json:"max"`
		} `json:"figure"`
	}
	if json.Unmarshal(doc.Top["tables"], &t) != nil || json.Unmarshal(doc.Top["limits"], &lim) != nil {
		return false
	}
	for id, raw := range doc.Sections["profiles"] {
		var p wscatalog.Profile
		if json.Unmarshal(raw, &p) != nil {
			return false
		}
		parts, ok := t.parts(p)
		if !ok {
			return false
		}
		sum := 0
		for _, x := range parts {
			sum += x.Points
		}
		if sum < lim.Figure.Min || sum > lim.Figure.Max {
			return false
		}
		var m map[string]json.RawMessage
		if json.Unmarshal(raw, &m) != nil {
			return false
		}
		if slices.Contains(p.Rules, "large_target") && p.Base != 2 {
			if declared("profiles." + id + ".base") {
				return false // CUE says base: 2 (#Build)
			}
			m["base"] = json.RawMessage("2")
		}
		m["parts"], _ = json.Marshal(parts)
		m["cost"] = json.RawMessage(strconv.Itoa(sum))
		out, err := json.Marshal(m)
		if err != nil {
			return false
		}
		doc.Sections["profiles"][id] = out
	}
	return true
}

// weapon is a weapon's range key, label, cost and parts; false when
// #Weapon would refuse it.
func (t *costTables) weapon(w wscatalog.Weapon) (key, label string, cost int, parts []wscatalog.CostPart, ok bool) {
	s := w.Range
	r, known := t.Range[s]
	if !known || !slices.Contains([]string{"9", "18", "27", "flame"}, s) || !unique(w.Rules) {
		return "", "", 0, nil, false
	}
	labels := []string{r.Name.EN}
	cost = r.Cost
	for _, id := range w.Rules {
		a, known := t.Attack[id]
		if !known || id == "variable" || (s == "flame" && !a.Template) {
			return "", "", 0, nil, false
		}
		parts = append(parts, part("attack", id, a.Name.EN, a.Cost))
		labels = append(labels, a.Name.EN)
		cost += a.Cost
	}
	return s, strings.Join(labels, " + "), cost, parts, true
}

// parts are the profile's cost parts in the order of WS-BUILD-2.
func (t *costTables) parts(p wscatalog.Profile) ([]wscatalog.CostPart, bool) {
	q := strconv.Itoa(p.Quality)
	qp, known := t.Quality[q]
	if !known || p.Quality < 2 || p.Quality > 6 || (p.Ranged != nil && p.Variable != nil) || !unique(p.Melee) || !unique(p.Rules) || !unique(p.Powers) {
		return nil, false
	}
	parts := []wscatalog.CostPart{part("quality", q, "quality "+q+"+", qp)}
	if p.Ranged != nil {
		key, _, _, rules, ok := t.weapon(*p.Ranged)
		if !ok {
			return nil, false
		}
		r := t.Range[key]
		parts = append(parts, part("range", key, "range "+r.Name.EN, r.Cost))
		parts = append(parts, rules...)
	}
	if p.Variable != nil {
		if len(p.Variable) != 2 {
			return nil, false
		}
		_, l0, c0, _, ok0 := t.weapon(p.Variable[0])
		_, l1, c1, _, ok1 := t.weapon(p.Variable[1])
		if !ok0 || !ok1 {
			return nil, false
		}
		label := "Variable weapon (" + l0 + " " + strconv.Itoa(c0) + " or " + l1 + " " + strconv.Itoa(c1) + ", dearer + " + strconv.Itoa(t.Variable.Cost) + ")"
		parts = append(parts, part("variable", "variable", label, max(c0, c1)+t.Variable.Cost))
	}
	for _, id := range p.Melee {
		a, known := t.Attack[id]
		if !known || id == "variable" || a.RangedOnly {
			return nil, false
		}
		parts = append(parts, part("melee", id, a.Name.EN+" (melee)", a.Cost))
	}
	for _, id := range p.Powers {
		if _, known := t.Power[id]; !known {
			return nil, false
		}
	}
	if n := len(p.Powers); n > 0 {
		label := "Psyker (1 power)"
		if n > 1 {
			label = "Psyker (" + strconv.Itoa(n) + " powers)"
		}
		parts = append(parts, part("psyker", "psyker", label, t.Psyker.First+t.Psyker.More*(n-1)))
	}
	for _, id := range p.Rules {
		g, known := t.General[id]
		if !known {
			return nil, false
		}
		parts = append(parts, part("general", id, g.Name.EN, g.Cost))
	}
	for _, group := range t.Exclusive {
		have := 0
		for _, r := range group {
			if slices.Contains(p.Rules, r) {
				have++
			}
		}
		if have > 1 {
			return nil, false
		}
	}
	return parts, true
}

// unique reports whether no id appears twice.
func unique(ids []string) bool {
	for i, id := range ids {
		if slices.Contains(ids[i+1:], id) {
			return false
		}
	}
	return true
}

// leanFiles are the lean schema's files in place of the schema's (the
// first n of files, the draft texts' file last of them in draft mode), or
// nil when the fast path is off.
func leanFiles(files []*ast.File, n int, draft bool) []*ast.File {
	if !fastProfiles || leanSchemaFS == nil {
		return nil
	}
	if draft {
		n-- // the draft texts' file stays
	}
	lean, err := parseLean()
	if err != nil || len(lean) != n {
		return nil
	}
	return append(lean, files[n:]...)
}

// leanDrafts reports whether the draft texts of a lean evaluation are the
// full schema's: none of them is in the tables, whose names the full
// schema copies into the profiles' parts (each copy another placeholder
// it would list).
func leanDrafts(drafts []lang.MissingText) bool {
	for _, d := range drafts {
		if d.Path == "tables" || strings.HasPrefix(d.Path, "tables.") {
			return false
		}
	}
	return true
}

// parseLean parses the lean schema.
func parseLean() ([]*ast.File, error) {
	return schema.ParseSchema(leanSchemaFS, "cue", schemaPrefix)
}

func part(kind, id, label string, points int) wscatalog.CostPart {
	return wscatalog.CostPart{Kind: kind, ID: id, Label: label, Points: points}
}
