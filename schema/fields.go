package schema

import (
	"fmt"
	"regexp"
	"sort"
	"strings"

	"cuelang.org/go/cue"
	"cuelang.org/go/cue/errors"

	"wbtool.dev/wbtool/diag"
	"wbtool.dev/wbtool/internal/suggest"
)

// The mistakes every game's loader words the same way: a misspelt field
// and a value of the wrong type.

// Entities is the schema of a section's entities (the pattern of
// `units: [ID=#ID]: #Unit`), which finds their misspelt fields. CUE
// reports a misspelt field as an error of the entity, and stops at the
// entity's first error: beside another mistake, the misspelling would go
// unreported.
type Entities struct {
	probe    cue.Value // an entity of the section with no field of its own
	declared map[string]bool
	allowed  []string
}

// probeID is the id of the probe entity: a word every id pattern of the
// games accepts (lower-case letters and dashes).
const probeID = "wbtool-probe"

// EntitiesOf is the schema of section's entities; one with no declared
// field (a section of plain values, a pattern the probe's id does not
// match) finds no misspelling.
func EntitiesOf(section cue.Value) *Entities {
	probe := section.LookupPath(cue.MakePath(cue.AnyString))
	if !probe.Exists() {
		// a pattern narrower than any string (an id's regular
		// expression): an entity of a new id
		at := cue.MakePath(cue.Str(probeID))
		probe = section.FillPath(at, struct{}{}).LookupPath(at)
	}
	s := &Entities{probe: probe, declared: map[string]bool{}}
	known, err := probe.Fields(cue.Optional(true))
	for err == nil && known.Next() {
		if sel := known.Selector(); sel.LabelType() == cue.StringLabel {
			s.declared[sel.Unquoted()] = true
			s.allowed = append(s.allowed, sel.Unquoted())
		}
	}
	sort.Strings(s.allowed)
	return s
}

// Allowed are the fields an entity may have, sorted.
func (s *Entities) Allowed() []string { return s.allowed }

// Unknown are the fields of entity the schema does not allow. Each field
// it does not declare is put alone in an empty entity, where CUE says
// whether it is allowed (a schema with `...` allows it).
func (s *Entities) Unknown(entity cue.Value) []string {
	if len(s.declared) == 0 {
		return nil
	}
	var unknown []string
	fields, err := entity.Fields(cue.Optional(true))
	for err == nil && fields.Next() {
		sel := fields.Selector()
		if sel.LabelType() != cue.StringLabel || s.declared[sel.Unquoted()] {
			continue
		}
		if notAllowed(s.probe.FillPath(cue.MakePath(sel), fields.Value()).Validate()) {
			unknown = append(unknown, sel.Unquoted())
		}
	}
	return unknown
}

// notAllowed reports whether err says a field is not allowed.
func notAllowed(err error) bool {
	for _, e := range errors.Errors(err) {
		if format, _ := e.Msg(); format == "field not allowed" {
			return true
		}
	}
	return false
}

// UnknownField words a field the schema does not allow: with the closest
// field it allows (did you mean), and where to check (hint).
func UnknownField(name string, allowed []string, hint string) string {
	if s := suggest.Closest(name, allowed); s != "" {
		return fmt.Sprintf("unknown field %q (did you mean %q?): %s", name, s, hint)
	}
	return fmt.Sprintf("unknown field %q: %s", name, hint)
}

// Misspelt are the paths of the fields UnknownFields found, which the
// loader reported: CUE's own errors at or under them (the fields of a
// misspelt block) would say the same mistake again.
type Misspelt map[string]bool

// Covers reports whether segs is at or under a misspelt field.
func (m Misspelt) Covers(segs []string) bool {
	for n := len(segs); n > 0; n-- {
		if m[strings.Join(segs[:n], ".")] {
			return true
		}
	}
	return false
}

// A Misspelling is a field of an entity its schema does not allow, with
// its message.
type Misspelling struct {
	Path []string
	Msg  string
}

// Find is the misspelt fields of entity, at the path at, each worded with
// the closest field the schema allows and hint (where to check); it adds
// them to m.
func (m *Misspelt) Find(s *Entities, entity cue.Value, at []string, hint string) []Misspelling {
	var found []Misspelling
	for _, f := range s.Unknown(entity) {
		path := append(at[:len(at):len(at)], f)
		if *m == nil {
			*m = Misspelt{}
		}
		(*m)[strings.Join(path, ".")] = true
		found = append(found, Misspelling{Path: path, Msg: UnknownField(f, s.Allowed(), hint)})
	}
	return found
}

var (
	suggested       = regexp.MustCompile(`^unknown field "[^"]+" \(did you mean "([^"]+)"\?\)`)
	missingRequired = regexp.MustCompile(`^missing (?:required )?field "([^"]+)"`)
)

// OneMistake drops the error of a missing field when a misspelt field
// beside it is reported with that field's name (did you mean): one
// mistake, one error, at the misspelling.
func OneMistake(list diag.List) diag.List {
	parent := func(p string) string {
		if i := strings.LastIndex(p, "."); i >= 0 {
			return p[:i]
		}
		return ""
	}
	misspelt := map[string]bool{} // the paths of the fields a misspelling names
	for _, d := range list {
		if m := suggested.FindStringSubmatch(d.Msg); m != nil {
			misspelt[parent(d.Path)+"."+m[1]] = true
		}
	}
	if len(misspelt) == 0 {
		return list
	}
	out := make(diag.List, 0, len(list))
	for _, d := range list {
		if m := missingRequired.FindStringSubmatch(d.Msg); m != nil && misspelt[d.Path] {
			continue
		}
		out = append(out, d)
	}
	return out
}

var typeConflict = regexp.MustCompile(`^conflicting values (.+) and (.+) \(mismatched types (\w+) and (\w+)\)$`)

// TypeConflict words CUE's message of a value of the wrong type ("wrong
// type: found "five" (a text in quotes), expected a whole number"); false
// for another message.
func TypeConflict(msg string) (string, bool) {
	m := typeConflict.FindStringSubmatch(msg)
	if m == nil {
		return "", false
	}
	return DescribeTypeConflict(m[1], m[2], m[3], m[4]), true
}
