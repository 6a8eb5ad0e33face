package schema

import (
	"testing"

	"cuelang.org/go/cue/ast"
	"cuelang.org/go/cue/parser"
)

// TestCacheLifeCycle: what a load uses is kept for the next, what it does
// not use is dropped at its end, and the counts and the reason are the
// last load's.
func TestCacheLifeCycle(t *testing.T) {
	c := NewCache()
	decodes := 0
	decode := func(src []byte) any { decodes++; return string(src) + "!" }

	c.Begin()
	c.PutUnit("a", 1)
	c.PutUnit("b", 2)
	if v := c.Decoded([]byte("img"), decode); v != "img!" {
		t.Errorf("Decoded = %v", v)
	}
	c.Decoded([]byte("img"), decode)
	c.Decoded([]byte("other"), decode)
	c.WholePackage("a.cue uses the package")
	c.End()
	if c.Evaluated != 2 || c.Reused != 0 || !c.Whole || c.Reason() != "a.cue uses the package" {
		t.Errorf("first load: evaluated %d, reused %d, whole %v (%q)", c.Evaluated, c.Reused, c.Whole, c.Reason())
	}
	if decodes != 2 || c.DecodedCount() != 2 {
		t.Errorf("first load: %d decodes, %d kept; want 2, 2 (one per file's bytes)", decodes, c.DecodedCount())
	}

	c.Begin()
	if v, ok := c.Unit("a"); !ok || v != 1 {
		t.Errorf("Unit(a) = %v, %v; want 1, true", v, ok)
	}
	if _, ok := c.Unit("c"); ok {
		t.Error("Unit(c): found a unit never kept")
	}
	c.Decoded([]byte("img"), decode)
	c.End()
	if c.Evaluated != 0 || c.Reused != 1 || c.Whole || c.Reason() != "" {
		t.Errorf("second load: evaluated %d, reused %d, whole %v (%q)", c.Evaluated, c.Reused, c.Whole, c.Reason())
	}
	if decodes != 2 || c.DecodedCount() != 1 {
		t.Errorf("second load: %d decodes, %d kept; want 2, 1 (the unused image dropped)", decodes, c.DecodedCount())
	}

	c.Begin()
	_, okA := c.Unit("a")
	_, okB := c.Unit("b")
	c.End()
	if !okA || okB {
		t.Errorf("third load: a kept %v (want true), b kept %v (want false: the second load did not use it)", okA, okB)
	}
}

// TestCacheSyntaxAndSchema: a parsed file comes back as the parser left
// it, with its positions, and the schema is parsed once per key.
func TestCacheSyntaxAndSchema(t *testing.T) {
	c := NewCache()
	f, err := parser.ParseFile("a.cue", "package x\na: b\n")
	if err != nil {
		t.Fatal(err)
	}
	unresolved := len(f.Unresolved)
	c.Begin()
	c.PutSyntax("k", NewSyntax(f, nil))
	f.Unresolved = nil // as an evaluation resolves the references in place
	parses := 0
	parse := func() ([]*ast.File, error) { parses++; return []*ast.File{f}, nil }
	for range 2 {
		if files, err := c.SchemaFiles("final", parse); err != nil || len(files) != 1 {
			t.Fatalf("SchemaFiles = %v, %v", files, err)
		}
	}
	c.End()
	if parses != 1 {
		t.Errorf("the schema was parsed %d times, want once", parses)
	}
	c.Begin()
	s, ok := c.Syntax("k")
	c.End()
	if !ok || s.File() != f || len(f.Unresolved) != unresolved || unresolved == 0 {
		t.Errorf("Syntax(k) = %v, %d unresolved identifiers; want the file, %d", ok, len(f.Unresolved), unresolved)
	}
	if got := c.ParsedFiles(); len(got) != 1 || got["k"] != f {
		t.Errorf("ParsedFiles = %v", got)
	}
}
