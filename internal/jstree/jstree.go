// Package jstree reads and writes JSON values as trees of plain Go values
// (map[string]any, []any, string, float64, bool, nil: what
// encoding/json decodes into an any, and what syscall/js converts to and
// from JavaScript). The site's checker module (site/deckwasm) passes its
// data, decks, bands and verdicts as such trees instead of through
// encoding/json, which brings reflect with it; the games' checkers
// convert their types to and from trees (tested equal to encoding/json).
// Standard library only.
package jstree

import "strconv"

// Reader reads a tree, keeping the first mismatch (a value of the wrong
// kind) as Err; a missing value reads as the zero value, as
// encoding/json leaves a missing field.
type Reader struct {
	Err error
}

type mismatch struct{ what, want string }

func (e mismatch) Error() string { return "jstree: " + e.what + ": expected " + e.want }

func (r *Reader) fail(what, want string) {
	if r.Err == nil {
		r.Err = mismatch{what, want}
	}
}

// Obj is t's members (nil for a missing value).
func (r *Reader) Obj(t any, what string) map[string]any {
	switch v := t.(type) {
	case nil:
		return nil
	case map[string]any:
		return v
	}
	r.fail(what, "an object")
	return nil
}

// List is t's elements (nil for a missing value).
func (r *Reader) List(t any, what string) []any {
	switch v := t.(type) {
	case nil:
		return nil
	case []any:
		return v
	}
	r.fail(what, "a list")
	return nil
}

// Str is t as a string ("" for a missing value).
func (r *Reader) Str(t any, what string) string {
	switch v := t.(type) {
	case nil:
		return ""
	case string:
		return v
	}
	r.fail(what, "a string")
	return ""
}

// Int is t as an int (0 for a missing value).
func (r *Reader) Int(t any, what string) int {
	switch v := t.(type) {
	case nil:
		return 0
	case float64:
		if n := int(v); float64(n) == v {
			return n
		}
	case int:
		return v
	}
	r.fail(what, "an integer")
	return 0
}

// Strings is t as a list of strings (nil for a missing value).
func (r *Reader) Strings(t any, what string) []string {
	l := r.List(t, what)
	if l == nil {
		return nil
	}
	out := make([]string, len(l))
	for i, e := range l {
		out[i] = r.Str(e, what+"["+strconv.Itoa(i)+"]")
	}
	return out
}

// Ints is t as a map of ints (nil for a missing value).
func (r *Reader) Ints(t any, what string) map[string]int {
	o := r.Obj(t, what)
	if o == nil {
		return nil
	}
	out := make(map[string]int, len(o))
	for k, v := range o {
		out[k] = r.Int(v, what+"."+k)
	}
	return out
}

// IntsList is t as a list of maps of ints (nil for a missing value).
func (r *Reader) IntsList(t any, what string) []map[string]int {
	l := r.List(t, what)
	if l == nil {
		return nil
	}
	out := make([]map[string]int, len(l))
	for i, e := range l {
		out[i] = r.Ints(e, what+"["+strconv.Itoa(i)+"]")
	}
	return out
}

// FromStrings is ss as a tree (nil stays nil, as encoding/json writes
// null).
func FromStrings(ss []string) any {
	if ss == nil {
		return nil
	}
	out := make([]any, len(ss))
	for i, s := range ss {
		out[i] = s
	}
	return out
}

// FromInts is m as a tree (nil stays nil).
func FromInts(m map[string]int) any {
	if m == nil {
		return nil
	}
	out := make(map[string]any, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}

// FromIntsList is l as a tree (nil stays nil).
func FromIntsList(l []map[string]int) any {
	if l == nil {
		return nil
	}
	out := make([]any, len(l))
	for i, m := range l {
		out[i] = FromInts(m)
	}
	return out
}

// Nullable is l, or an untyped nil for a nil list (encoding/json's null
// for a nil slice).
func Nullable(l []any) any {
	if l == nil {
		return nil
	}
	return l
}
