package schema

import (
	"testing"
	"testing/fstest"

	"cuelang.org/go/cue/ast"
	"cuelang.org/go/cue/parser"
)

// TestDesignRefDescribe: schema expressions in words, with no regular
// expression shown.
func TestDesignRefDescribe(t *testing.T) {
	g := &refGen{defs: map[string]*ast.Field{}}
	files := fstest.MapFS{"s.cue": {Data: []byte(`package x
#Target: int & >=2 & <=10
#Who: "self" | "enemy"
#Text: {en!: string, fr!: string}
`)}}
	parsed, err := parseWithComments(files)
	if err != nil {
		t.Fatal(err)
	}
	g.read(parsed)
	for _, c := range []struct{ expr, typ, rng, def string }{
		{`int & >=1 & <=8`, "whole number", "1 to 8", ""},
		{`int & >=-5 & <=5 & !=0`, "whole number", "-5 to 5, not 0", ""},
		{`number & >=0 & <=1 | *0.5`, "number", "0 to 1", "0.5"},
		{`bool | *false`, "true or false", "", "false"},
		{`string & !=""`, "text", "not empty", ""},
		{`=~"^[a-z]+$"`, "text of a set form", "", ""},
		{`"passive" | "active"`, `one of "passive", "active"`, "", ""},
		{`#Target`, "whole number (see target)", "2 to 10", ""},
		{`#Who`, `one of "self", "enemy" (see who)`, "", ""},
		{`#Text`, "a block (see text)", "", ""},
		{`[...#Text]`, "list of blocks (see text)", "", ""},
		{`[#Who, ...#Who]`, `list of one of "self", "enemy" (see who), at least 1`, "", ""},
		{`[#Target, #Target]`, "list of exactly 2: whole number (see target) (2 to 10)", "", ""},
		{`int & >=0 | *id`, "whole number", "at least 0", "the same as id"},
	} {
		e, err := parser.ParseExpr("test", c.expr)
		if err != nil {
			t.Fatal(err)
		}
		d := g.describe(e)
		if d.typ != c.typ || d.rng != c.rng || d.def != c.def {
			t.Errorf("%s: %q, %q, default %q; want %q, %q, %q", c.expr, d.typ, d.rng, d.def, c.typ, c.rng, c.def)
		}
	}
}
