package wbschema

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"cuelang.org/go/cue"
	"cuelang.org/go/cue/errors"

	"wbtool.dev/wbtool/games/warbound/wbcatalog"
	"wbtool.dev/wbtool/internal/suggest"
	"wbtool.dev/wbtool/schema"
)

// addCUEErrors turns CUE evaluation errors into designer-facing
// diagnostics. The alternatives of a failed disjunction are folded into one
// "expected one of" message.
func (l *loader) addCUEErrors(err error) {
	if err == nil {
		return
	}
	list := errors.Errors(err)
	start := len(l.errs)
	defer func() { l.errs = append(l.errs[:start], withoutKnockOns(l.errs[start:])...) }()
	// Group disjunction alternatives by path.
	alternatives := map[string][]string{}
	found := map[string]string{}
	disjunction := map[string]bool{}
	for _, e := range list {
		format, args := e.Msg()
		p := strings.Join(e.Path(), ".")
		if strings.Contains(format, "errors in empty disjunction") {
			disjunction[p] = true
			continue
		}
		if format == "conflicting values %s and %s" && len(args) == 2 {
			a, b := fmt.Sprint(args[0]), fmt.Sprint(args[1])
			alternatives[p] = append(alternatives[p], a)
			found[p] = b
		}
	}
	for _, e := range list {
		format, args := e.Msg()
		segs := e.Path()
		p := strings.Join(segs, ".")
		if strings.Contains(format, "errors in empty disjunction") {
			continue
		}
		pos := l.errorPos(e, segs)
		if disjunction[p] && format == "conflicting values %s and %s" {
			alts := alternatives[p]
			if len(alts) == 0 {
				continue
			}
			l.errs = append(l.errs, schema.Diagnostic{Pos: pos, Path: displayPath(segs),
				Msg: fmt.Sprintf("found %s, expected one of %s", found[p], strings.Join(sortedUnique(alts), ", "))})
			delete(alternatives, p)
			continue
		}
		l.errs = append(l.errs, schema.Diagnostic{Pos: pos, Path: displayPath(segs), Msg: l.describe(segs, format, args)})
	}
}

const tooMany = "one entry too many: this list takes fewer entries (remove this one)"

var lastIndex = regexp.MustCompile(`\[[0-9]+\]$`)

// withoutKnockOns leaves out the knock-on errors of one entity's
// validation (see withoutFalseTooMany), and a computed value CUE cannot
// work out because the value it is computed from is wrong (an id in
// capitals leaves its name group missing): the designer never wrote it.
func withoutKnockOns(ds []schema.Diagnostic) []schema.Diagnostic {
	ds = withoutFalseTooMany(ds)
	var out []schema.Diagnostic
	for _, d := range ds {
		if strings.HasPrefix(d.Msg, "missing value for ") && slices.ContainsFunc(ds, func(o schema.Diagnostic) bool {
			return o.Pos == d.Pos && !strings.HasPrefix(o.Msg, "missing value for ")
		}) {
			continue
		}
		out = append(out, d)
	}
	return out
}

// withoutFalseTooMany leaves out the "one entry too many" CUE reports at
// every entry of a list when one entry is wrong (a tile "Z99"): the
// entry's own error says what to change.
func withoutFalseTooMany(ds []schema.Diagnostic) []schema.Diagnostic {
	var out []schema.Diagnostic
	for _, d := range ds {
		if d.Msg == tooMany {
			list := lastIndex.ReplaceAllString(d.Path, "")
			if slices.ContainsFunc(ds, func(o schema.Diagnostic) bool {
				return o.Msg != tooMany && strings.HasPrefix(o.Path, list+"[")
			}) {
				continue
			}
		}
		out = append(out, d)
	}
	return out
}

func sortedUnique(s []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, x := range s {
		if !seen[x] {
			seen[x] = true
			out = append(out, x)
		}
	}
	// CUE lists the alternatives in reverse; alphabetical is stable and
	// easy to scan.
	slices.Sort(out)
	return out
}

// errorPos picks the position a designer needs: the first position in a
// content file, else the nearest existing content value on the error's
// path (a missing required field has only a schema position).
func (l *loader) errorPos(e errors.Error, segs []string) wbcatalog.Pos {
	for _, p := range errors.Positions(e) {
		if pos := l.position(p); pos.File != "" {
			return pos
		}
	}
	return l.dataPos(segs)
}

func unquote(s string) string {
	if strings.HasPrefix(s, `"`) {
		if u, err := strconv.Unquote(s); err == nil {
			return u
		}
	}
	return s
}

func displayPath(segs []string) string {
	var b strings.Builder
	for i, s := range segs {
		s = unquote(s)
		if _, err := strconv.Atoi(s); err == nil && i > 0 {
			b.WriteString("[" + s + "]")
			continue
		}
		if i > 0 {
			b.WriteByte('.')
		}
		b.WriteString(quoteLabel(s))
	}
	return b.String()
}

// describe rewrites one CUE error message for designers.
func (l *loader) describe(segs []string, format string, args []any) string {
	str := make([]string, len(args))
	for i, a := range args {
		str[i] = fmt.Sprint(a)
	}
	field := ""
	if len(segs) > 0 {
		field = unquote(segs[len(segs)-1])
	}
	switch format {
	case "field is required but not present":
		switch field {
		case "en":
			return "missing English text: add `en: \"...\"` (or build with --draft)"
		case "fr":
			return "missing French text: add `fr: \"...\"` (or build with --draft)"
		}
		return fmt.Sprintf("missing required field %q%s", field, l.expectedFor(segs))
	case "field not allowed":
		if _, err := strconv.Atoi(field); err == nil && l.isList(segs[:len(segs)-1]) {
			// an element past the end of a list of fixed length
			return tooMany
		}
		return unknownFieldMsg(field, l.siblingFields(segs))
	case "invalid value %v (out of bound %s)":
		if len(str) == 2 {
			return describeBound(str[0], str[1])
		}
	case "conflicting values %s and %s (mismatched types %s and %s)":
		if len(str) == 4 {
			return schema.DescribeTypeConflict(str[0], str[1], str[2], str[3])
		}
	case "conflicting values %s and %s":
		if len(str) == 2 {
			return fmt.Sprintf("conflicting values %s and %s: a value is given twice with different contents", str[0], str[1])
		}
	}
	if strings.HasPrefix(format, "error in call to") {
		// a builtin of the schema (list.*, strings.*) is no designer's word
		return "this value is worked out from the fields near it, and one of them is wrong: check them"
	}
	if strings.HasPrefix(format, "incomplete value") {
		return fmt.Sprintf("missing value for %q%s", field, l.expectedFor(segs))
	}
	msg := fmt.Sprintf(format, args...)
	if strings.HasPrefix(msg, "reference ") && strings.HasSuffix(msg, " not found") {
		return msg + ": to write a text, put it in quotes; a content file may not use another file's values"
	}
	return msg
}

// isList reports whether the content's value at path is a list (the
// content alone: with the schema, a list too long is an error).
func (l *loader) isList(segs []string) bool {
	if len(segs) == 0 || l.shared == nil {
		return false
	}
	var sels []cue.Selector
	for _, s := range segs {
		s = unquote(s)
		if i, err := strconv.Atoi(s); err == nil {
			sels = append(sels, cue.Index(i))
			continue
		}
		sels = append(sels, cue.Str(s))
	}
	return l.dataValue().LookupPath(cue.MakePath(sels...)).IncompleteKind() == cue.ListKind
}

// expectedFor describes what the schema expects at path, if it can.
func (l *loader) expectedFor(segs []string) string {
	var sels []cue.Selector
	for _, s := range segs {
		s = unquote(s)
		if i, err := strconv.Atoi(s); err == nil {
			sels = append(sels, cue.Index(i))
			continue
		}
		sels = append(sels, cue.Str(s))
	}
	v := l.full.LookupPath(cue.MakePath(sels...))
	if !v.Exists() {
		return ""
	}
	if d := describeConstraint(fmt.Sprint(v)); d != "" {
		return ": expected " + d
	}
	return ""
}

func unknownFieldMsg(field string, allowed []string) string {
	hint := ""
	if s := suggest.Closest(field, allowed); s != "" {
		hint = fmt.Sprintf(" (did you mean %q?)", s)
	}
	return fmt.Sprintf("unknown field %q%s: this field is not part of the schema", field, hint)
}

// fieldNames lists the fields of v, optional ones included.
func fieldNames(v cue.Value) []string {
	it, err := v.Fields(cue.Optional(true))
	if err != nil {
		return nil
	}
	var out []string
	for it.Next() {
		// hidden fields and definitions (a check game's) are not
		// designers' fields; Unquoted panics on them
		if sel := it.Selector(); sel.LabelType() == cue.StringLabel && sel.ConstraintType() < cue.PatternConstraint {
			out = append(out, sel.Unquoted())
		}
	}
	return out
}

// siblingFields lists the fields (optional ones included) of the value that
// holds path's last element.
func (l *loader) siblingFields(segs []string) []string {
	if len(segs) < 2 {
		return nil
	}
	var sels []cue.Selector
	for _, s := range segs[:len(segs)-1] {
		sels = append(sels, cue.Str(unquote(s)))
	}
	return fieldNames(l.full.LookupPath(cue.MakePath(sels...)))
}

var (
	idRegexp   = regexp.MustCompile(`^=~"\^\[a-z0-9\]\+`)
	tileRegexp = regexp.MustCompile(`^=~"\^\[A-P\]`)
	boundRe    = regexp.MustCompile(`^(>=|<=|>|<)(-?[0-9]+)$`)
)

func describeBound(value, bound string) string {
	switch {
	case bound == `!=""`:
		return "text must not be empty"
	case idRegexp.MatchString(bound):
		return fmt.Sprintf("%s is not a valid id: use lower-case letters, digits and single dashes, e.g. \"ork-edo-drummer\"", value)
	case tileRegexp.MatchString(bound):
		return fmt.Sprintf("%s is not a tile: expected a column letter A-P and a row 1-16, e.g. \"C3\"", value)
	case bound == schema.VersionBound:
		return schema.DescribeVersion(value)
	case strings.HasPrefix(bound, `=~"^#`):
		return fmt.Sprintf("%s is not a colour: expected \"#rrggbb\", e.g. \"#e8701a\"", value)
	case strings.Contains(bound, `(png|PNG|jpg`):
		return fmt.Sprintf("%s cannot be used as art: art must be a .png or .jpg file, named from the content folder (e.g. \"art/copp.png\")", value)
	case strings.HasPrefix(bound, `=~"^R-`):
		return fmt.Sprintf("%s is not a rule number: expected one such as \"R-DECK-1\"", value)
	case strings.HasPrefix(bound, `=~"^[a-z][a-z0-9-]*$"`):
		return fmt.Sprintf("%s is not a valid name: use lower-case letters, digits and dashes, starting with a letter, e.g. \"red\"", value)
	case strings.HasPrefix(bound, "=~"):
		// a regular expression is no designer's language
		return fmt.Sprintf("%s is not written as this field expects: see the field's examples in the rules", value)
	}
	if m := boundRe.FindStringSubmatch(bound); m != nil {
		words := map[string]string{">=": "at least", "<=": "at most", ">": "more than", "<": "less than"}
		return fmt.Sprintf("%s is out of range: it must be %s %s", value, words[m[1]], m[2])
	}
	return fmt.Sprintf("invalid value %s (must be %s)", value, bound)
}

// describeConstraint renders a few common schema constraints in words.
func describeConstraint(s string) string {
	s = strings.TrimSpace(s)
	switch s {
	case "int":
		return "a whole number"
	case "string":
		return "a text in quotes"
	case "bool":
		return "true or false"
	}
	if strings.HasPrefix(s, "{") {
		return "a block { ... }"
	}
	if strings.HasPrefix(s, "[") {
		return "a list [ ... ]"
	}
	var lo, hi string
	isInt := false
	for _, part := range strings.Split(s, "&") {
		part = strings.TrimSpace(part)
		switch {
		case part == "int":
			isInt = true
		case strings.HasPrefix(part, ">="):
			lo = part[2:]
		case strings.HasPrefix(part, "<="):
			hi = part[2:]
		case idRegexp.MatchString(part):
			return "an id such as \"ork-edo-drummer\""
		case tileRegexp.MatchString(part):
			return "a tile such as \"C3\""
		}
	}
	if isInt && lo != "" && hi != "" {
		return fmt.Sprintf("a whole number from %s to %s", lo, hi)
	}
	if strings.Contains(s, "|") && strings.Contains(s, `"`) {
		return "one of " + strings.Join(strings.Split(s, " | "), ", ")
	}
	return ""
}
