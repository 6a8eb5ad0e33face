package changes

import (
	"encoding/json"
	"regexp"
	"strconv"
	"strings"
)

// EveryFieldChanged is a report of a change to every field of every
// entity of cs (Texts collections aside): from cs to a version where each
// value differs (a word longer, a number plus one, yes for no, a list of
// words with one more, a text in both languages), then from a version
// without the values made of several values (objects, lists of objects)
// to cs and back, so that such values come and go whole. The games'
// tests read it to check that the errata say every field in players'
// words.
func EveryFieldChanged(cs []Collection) (*Report, error) {
	alter := func(f func(any) any) ([]Collection, error) {
		out := make([]Collection, len(cs))
		for i, c := range cs {
			out[i] = c
			if c.Texts {
				continue
			}
			out[i].Items = make([]Item, len(c.Items))
			for j, it := range c.Items {
				var v any
				if err := json.Unmarshal(it.JSON, &v); err != nil {
					return nil, err
				}
				b, err := json.Marshal(f(v))
				if err != nil {
					return nil, err
				}
				it.JSON = b
				out[i].Items[j] = it
			}
		}
		return out, nil
	}
	changed, err := alter(func(v any) any { return mutate(v, true) })
	if err != nil {
		return nil, err
	}
	hollow, err := alter(func(v any) any { return mutate(v, false) })
	if err != nil {
		return nil, err
	}
	r := Compare(cs, changed)
	for _, o := range []*Report{Compare(hollow, cs), Compare(cs, hollow)} {
		r.Changes = append(r.Changes, o.Changes...)
	}
	return r, nil
}

// mutate is v with every value changed (leaves true), or with the values
// made of several values left out of its objects (leaves false); the ids
// stay, so entities are matched.
func mutate(v any, leaves bool) any {
	switch x := v.(type) {
	case map[string]any:
		out := map[string]any{}
		for k, e := range x {
			if k == "id" {
				out[k] = e
				continue
			}
			if _, ok := isText(e); !ok && !leaves && composite(e) {
				continue
			}
			out[k] = mutate(e, leaves)
		}
		return out
	case []any:
		if s, ok := strs(x); ok && leaves {
			return append(x[:len(x):len(x)], "more"+strconv.Itoa(len(s)))
		}
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = mutate(e, leaves)
		}
		return out
	case string:
		if leaves {
			return x + "x"
		}
	case float64:
		if leaves {
			return x + 1
		}
	case bool:
		if leaves {
			return !x
		}
	}
	return v
}

// composite reports whether v is made of several values: an object or a
// list of objects.
func composite(v any) bool {
	switch x := v.(type) {
	case map[string]any:
		return true
	case []any:
		_, ok := strs(x)
		return !ok && len(x) > 0
	}
	return false
}

// RawInErrata lists what an errata page's HTML shows that is not in
// players' words: a value as JSON (a brace, a list of objects, a quoted
// key; "[1]" is a die's face and 2" a distance in a text), a yes-or-no as true or false, or a field's path
// (with a dot or a bracket) as its label. The games' tests read their
// pages with it.
func RawInErrata(page string) []string {
	var bad []string
	for _, ul := range between(page, `<ul class="change-fields">`, `</ul>`) {
		for _, li := range strings.Split(ul, "<li>") {
			text := tags.ReplaceAllString(li, "")
			switch {
			case strings.ContainsAny(text, "{}"), strings.Contains(text, "[{"), strings.Contains(text, "&#34;:"), strings.Contains(text, ":&#34;"),
				strings.Contains(" "+text+" ", " true "), strings.Contains(" "+text+" ", " false "):
				bad = append(bad, text)
			}
		}
		for _, label := range between(ul, `<span class="change-field">`, `</span>`) {
			if strings.ContainsAny(label, ".[]") {
				bad = append(bad, "label "+label)
			}
		}
	}
	return bad
}

var tags = regexp.MustCompile(`<[^>]*>`)

// between lists the texts of s between start and end.
func between(s, start, end string) []string {
	var out []string
	for {
		_, rest, ok := strings.Cut(s, start)
		if !ok {
			return out
		}
		in, after, ok := strings.Cut(rest, end)
		if !ok {
			return out
		}
		out = append(out, in)
		s = after
	}
}
