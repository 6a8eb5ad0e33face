package wsschema

import (
	"fmt"
	"regexp"
	"strings"

	"wbtool.dev/wbtool/diag"
	"wbtool.dev/wbtool/internal/suggest"
	"wbtool.dev/wbtool/schema"
)

var requiredMissing = regexp.MustCompile(`required field missing: ([A-Za-z0-9_]+)`)

// builtinCause rewrites the failure of a builtin of the schema (list.Sum,
// list.Concat, strings.Join: how a cost or a label is computed) as what
// the designer must change: a missing field is named (cause is its path
// below the entity); otherwise the computation is named in the game's
// terms, never by the builtin.
func builtinCause(full string) (msg string, cause []string) {
	if m := requiredMissing.FindStringSubmatch(full); m != nil {
		return "field is required but not present", []string{m[1]}
	}
	return cannotCompute, nil
}

const cannotCompute = "this entry's cost and label cannot be worked out from its fields: check each of them against the rules (WS-BUILD-2)"

// entity is the section and id that path is in.
func entity(path string) string {
	parts := strings.SplitN(path, ".", 3)
	return strings.Join(parts[:min(2, len(parts))], ".")
}

var (
	unknownField = regexp.MustCompile(`^unknown field "([^"]+)": (.*)$`)
	missingField = regexp.MustCompile(`^missing field "([^"]+)": add it$`)
)

// oneMistake reports each mistake once. A cost that cannot be computed
// is left out when its entity has an error of its own (the cause). A misspelt field: an unknown field next to a
// missing required one it is close to is the same mistake, reported at
// the misspelling with the field's right name; the missing field's error
// goes.
func oneMistake(errs diag.List) diag.List {
	parent := func(p string) string {
		if i := strings.LastIndex(p, "."); i >= 0 {
			return p[:i]
		}
		return ""
	}
	missing := map[string][]string{} // parent path → missing fields
	other := map[string]bool{}       // entities with an error of their own
	for _, d := range errs {
		if d.Msg != cannotCompute {
			other[entity(d.Path)] = true
		}
		if m := missingField.FindStringSubmatch(d.Msg); m != nil {
			missing[parent(d.Path)] = append(missing[parent(d.Path)], m[1])
		}
	}
	drop := map[string]bool{}
	out := make(diag.List, 0, len(errs))
	for _, d := range errs {
		if m := unknownField.FindStringSubmatch(d.Msg); m != nil {
			if s := suggest.Closest(m[1], missing[parent(d.Path)]); s != "" {
				d.Msg = fmt.Sprintf("unknown field %q (did you mean %q?): %s", m[1], s, m[2])
				drop[parent(d.Path)+"."+s] = true
			}
		}
		out = append(out, d)
	}
	kept := out[:0]
	for _, d := range out {
		if drop[d.Path] && missingField.MatchString(d.Msg) || d.Msg == cannotCompute && other[entity(d.Path)] {
			continue
		}
		kept = append(kept, d)
	}
	return kept
}

var regexpBound = regexp.MustCompile(`^invalid value "(.*)" \(out of bound =~(".*")\)$`)

// describeRegexp rewrites a value that does not match one of the
// schema's regular expressions in the game's terms; the expression
// itself is never shown.
func describeRegexp(msg string) (string, bool) {
	if v, ok := schema.NotAVersion(msg); ok {
		return v, true
	}
	m := regexpBound.FindStringSubmatch(msg)
	if m == nil {
		return "", false
	}
	value, re := m[1], m[2]
	switch {
	case strings.Contains(re, "(_[a-z0-9]+)"):
		hint := ""
		if fixed := strings.ToLower(strings.NewReplacer("-", "_", " ", "_").Replace(value)); fixed != value {
			hint = fmt.Sprintf(" (did you mean %q?)", fixed)
		}
		return fmt.Sprintf("%q is not a rule id%s: rule ids are lower-case words joined by `_`, e.g. \"large_target\"", value, hint), true
	case strings.Contains(re, "WS-"):
		return fmt.Sprintf("%q is not a rule reference: expected a rule number such as \"WS-BUILD-1\", or \"rule:large_target\", or \"power:healing\"", value), true
	}
	return fmt.Sprintf("%q is not a valid id: use lower-case letters, digits and single dashes, e.g. \"storm-seer\"", value), true
}
