package schema

import "fmt"

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
