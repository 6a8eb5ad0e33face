// Package designref is a game's reference for designers: every kind of
// content entry with each of its fields (type, range, default, an example
// and what the schema's comment says), the other definitions the fields
// use (a Warbound effect's triggers, conditions and operations), and the
// pages a game writes itself (card markup, icons). Package schema makes it
// from a game's CUE schema (schema.DesignRef); `wbtool doc` prints its
// pages as wrapped plain text, the site shows them for designers. Plain
// Go: no CUE here.
package designref

import (
	"slices"
	"strings"
)

// Reference is one game's reference for designers.
type Reference struct {
	// Game is the game's name as designers write it: "Warbound".
	Game string
	// Package is the package clause every content file starts with.
	Package string
	// Kinds are the content's collections (characters, scenarios…), in
	// the schema's order.
	Kinds []*Def
	// Types are the definitions the fields use, by name.
	Types []*Def
	// Notes are the pages the game writes itself (markup, icons).
	Notes []Note
}

// Def is a kind of entry or a definition the fields use.
type Def struct {
	// Name is the page's name: "character", "effect".
	Name string
	// Title is the definition as written in the schema: "#Character".
	Title string
	// Collection is the section its entries are written under (kinds
	// only): "characters"; Keyed says each entry has an id
	// (`characters: "my-id": {…}`), otherwise the section is one value.
	Collection string
	Keyed      bool
	// Doc is the schema's comment.
	Doc string
	// Type is the definition's own type when it is not a block of
	// fields: "one of "passive", "active", …".
	Type    string
	Range   string
	Example string
	Fields  []Field
}

// Field is one field of a definition (nested blocks flattened, their path
// joined with dots: "accuracy.near").
type Field struct {
	Path string
	// Presence is "required", "optional" or "has a default".
	Presence string
	Type     string
	Range    string
	Default  string
	Example  string
	Doc      string
	// Refs are the definitions its type names (other pages).
	Refs []string
}

// Note is a page the game writes itself.
type Note struct {
	Name, Title string
	// Text is paragraphs separated by blank lines; a line starting with
	// two spaces is kept as it is (an example, a table row).
	Text string
}

// Page finds a page by name: a kind ("character" or its collection
// "characters"), a definition ("effect", "#Effect") or a note
// ("markup"), case-insensitively.
func (r *Reference) Page(name string) (def *Def, note *Note, ok bool) {
	n := strings.ToLower(strings.TrimPrefix(name, "#"))
	for _, d := range slices.Concat(r.Kinds, r.Types) {
		if d.Name == n || strings.ToLower(d.Collection) == n {
			return d, nil, true
		}
	}
	for i := range r.Notes {
		if r.Notes[i].Name == n {
			return nil, &r.Notes[i], true
		}
	}
	return nil, nil, false
}

// Names lists every page's name: the kinds, the definitions, the notes.
func (r *Reference) Names() []string {
	var out []string
	for _, d := range slices.Concat(r.Kinds, r.Types) {
		out = append(out, d.Name)
	}
	for _, n := range r.Notes {
		out = append(out, n.Name)
	}
	return out
}

// Summary is the first sentence of a definition's comment, without the
// definition's own name at its start ("#Skill is printed on…" → "printed
// on…"), for the index.
func (d *Def) Summary() string {
	s := firstSentence(d.Doc)
	for _, name := range []string{d.Title, d.Collection} {
		for _, p := range []string{" is ", " are ", ": ", " "} {
			if name != "" && strings.HasPrefix(s, name+p) {
				return strings.TrimPrefix(s, name+p)
			}
		}
	}
	return s
}

// Written is how an entry of the kind is written in a content file.
func (d *Def) Written() string {
	switch {
	case d.Collection == "":
		return ""
	case d.Keyed && len(d.Fields) > 0:
		return d.Collection + `: "my-id": {…}`
	case d.Keyed:
		return d.Collection + `: "my-key": …`
	default:
		return d.Collection + ": {…}"
	}
}

func firstSentence(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	for i := 0; i+1 < len(s); i++ {
		if s[i] == '.' && s[i+1] == ' ' && !strings.HasSuffix(s[:i], "e.g") && !strings.HasSuffix(s[:i], "i.e") {
			return s[:i+1]
		}
	}
	return s
}
