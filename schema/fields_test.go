package schema

import (
	"slices"
	"strings"
	"testing"

	"cuelang.org/go/cue"
	"cuelang.org/go/cue/cuecontext"

	"wbtool.dev/wbtool/diag"
)

// TestEntitiesUnknown: the misspelt fields of an entity are found whatever
// its section's pattern and whatever else is wrong with the entity (CUE
// stops at its first error); a schema with `...` has none.
func TestEntitiesUnknown(t *testing.T) {
	for _, tc := range []struct {
		name, src   string
		unknown     []string
		suggestions string
	}{
		{"any id", `#Unit: {name!: string, type?: "a" | "b", size: int}
units: [ID=string]: #Unit & {id: ID}
units: x: {name: "x", tpye: "a", size: "five"}`, []string{"tpye"}, "type"},
		{"an id pattern", `#ID: =~"^[a-z][a-z0-9-]*$"
#Unit: {name!: string, type?: "a" | "b", size: int}
units: [ID=#ID]: #Unit & {id: ID}
units: "warden-line": {name: "x", tpye: "a", size: "five"}`, []string{"tpye"}, "type"},
		{"nothing misspelt", `#Unit: {name!: string, size: int}
units: [string]: #Unit
units: x: {name: "x", size: "five"}`, nil, ""},
		{"an open schema", `#Unit: {name!: string, ...}
units: [string]: #Unit
units: x: {name: "x", tpye: "a"}`, nil, ""},
		{"no schema", `units: x: {name: "x"}`, nil, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			v := cuecontext.New().CompileString(tc.src)
			sec := v.LookupPath(cue.ParsePath("units"))
			it, err := sec.Fields()
			if err != nil || !it.Next() {
				t.Fatalf("no entity: %v", err)
			}
			s := EntitiesOf(sec)
			got := s.Unknown(it.Value())
			if !slices.Equal(got, tc.unknown) {
				t.Errorf("Unknown = %q, want %q", got, tc.unknown)
			}
			for _, f := range got {
				if msg := UnknownField(f, s.Allowed(), "hint"); msg != `unknown field "tpye" (did you mean "`+tc.suggestions+`"?): hint` {
					t.Errorf("UnknownField = %q", msg)
				}
			}
		})
	}
}

func TestMisspeltCovers(t *testing.T) {
	m := Misspelt{"heroes.oracle.stroy": true}
	for segs, want := range map[string]bool{"heroes.oracle.stroy": true, "heroes.oracle.stroy.en": true, "heroes.oracle": false, "heroes.oracle.story": false} {
		if got := m.Covers(strings.Split(segs, ".")); got != want {
			t.Errorf("Covers(%s) = %v, want %v", segs, got, want)
		}
	}
}

func TestTypeConflict(t *testing.T) {
	for msg, want := range map[string]string{
		`conflicting values "five" and int (mismatched types string and int)`: `wrong type: found "five" (a text in quotes), expected a whole number`,
		`conflicting values int and "five" (mismatched types int and string)`: `wrong type: found "five" (a text in quotes), expected a whole number`,
		`conflicting values "a" and "b"`:                                      "",
	} {
		got, ok := TypeConflict(msg)
		if got != want || ok != (want != "") {
			t.Errorf("TypeConflict(%q) = %q, %v; want %q", msg, got, ok, want)
		}
	}
}

// TestOneMistake: a missing field that a misspelling beside it names is
// the same mistake; another missing field stays.
func TestOneMistake(t *testing.T) {
	list := diag.List{
		{Path: `characters."a".speed`, Msg: `missing required field "speed"`},
		{Path: `characters."a".sped`, Msg: `unknown field "sped" (did you mean "speed"?): hint`},
		{Path: `characters."a".run`, Msg: `missing required field "run"`},
		{Path: `units.b.name`, Msg: `missing field "name": add it`},
		{Path: `units.c.nmae`, Msg: `unknown field "nmae" (did you mean "name"?): hint`},
	}
	var got []string
	for _, d := range OneMistake(list) {
		got = append(got, d.Path)
	}
	if want := []string{`characters."a".sped`, `characters."a".run`, `units.b.name`, `units.c.nmae`}; !slices.Equal(got, want) {
		t.Errorf("OneMistake kept %q, want %q", got, want)
	}
}
