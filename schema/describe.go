package schema

import (
	"fmt"
	"strings"
)

var typeWords = map[string]string{
	"int":    "a whole number",
	"float":  "a number",
	"number": "a number",
	"string": "a text in quotes",
	"bool":   "true or false",
	"struct": "a block { ... }",
	"list":   "a list [ ... ]",
	"null":   "null",
}

func typeWord(t string) string {
	if w, ok := typeWords[t]; ok {
		return w
	}
	return t
}

// DescribeTypeConflict phrases a type mismatch; the concrete side is the
// designer's value, the other side the schema's expectation (both games).
func DescribeTypeConflict(a, b, ta, tb string) string {
	if isConcrete(b) && !isConcrete(a) {
		a, b, ta, tb = b, a, tb, ta
	}
	return fmt.Sprintf("wrong type: found %s (%s), expected %s", a, typeWord(ta), typeWord(tb))
}

func isConcrete(s string) bool {
	if s == "" {
		return false
	}
	switch s[0] {
	case '"', '[', '-', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9':
		return true
	}
	return s == "true" || s == "false" || s == "null"
}

// VersionBound is the constraint every game's schema puts on the
// content's version (Warbound's set version, the others' game.cue
// `version`), as CUE's messages quote it.
const VersionBound = `=~"^[0-9A-Za-z][0-9A-Za-z._+-]{0,23}$"`

// DescribeVersion says why value (as CUE quotes it) is not a version.
func DescribeVersion(value string) string {
	return fmt.Sprintf("%s is not a version: use letters, digits and . _ + - only (no spaces), at most 24 characters, e.g. \"0.3\" or \"2026-w12\"", value)
}

// NotAVersion is DescribeVersion of the value of CUE's message msg when
// msg says a value is out of VersionBound.
func NotAVersion(msg string) (string, bool) {
	v, ok := strings.CutPrefix(msg, "invalid value ")
	if !ok {
		return "", false
	}
	v, ok = strings.CutSuffix(v, " (out of bound "+VersionBound+")")
	if !ok {
		return "", false
	}
	return DescribeVersion(v), true
}
