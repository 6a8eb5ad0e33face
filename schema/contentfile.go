package schema

import (
	"bytes"
	"fmt"
	"io/fs"
	"slices"
	"strings"
	"unicode/utf8"

	"cuelang.org/go/cue/ast"
	"cuelang.org/go/cue/parser"
	"cuelang.org/go/cue/token"

	"wbtool.dev/wbtool/diag"
	"wbtool.dev/wbtool/internal/contentfs"
	"wbtool.dev/wbtool/internal/suggest"
	"wbtool.dev/wbtool/lang"
)

// ContentFile is what every content file of one game must be: CUE text,
// in the game's package, whose top-level fields are the game's sections.
// Every game's loader checks its files with it, so a broken file gets the
// same words whatever the game.
type ContentFile struct {
	// Package is the package clause every file starts with ("warstuff").
	Package string
	// Tree names the game in the wrong-package message, e.g. `this is a
	// Warstuff tree: its game.cue says game: "warstuff"`; empty: no hint.
	Tree string
	// SchemaPrefix is the file-name prefix of the game's embedded schema,
	// whose positions are never shown to designers.
	SchemaPrefix string
}

// Parse checks and parses one content file: not too large, not empty,
// UTF-8 text without NUL bytes, CUE syntax, the game's package. On a
// problem the file is nil and every problem found is returned.
func (c ContentFile) Parse(name string, src []byte) (*ast.File, diag.List) {
	filePos := diag.Pos{File: name, Line: 1, Col: 1}
	problem := func(pos diag.Pos, format string, args ...any) diag.List {
		return diag.List{diag.Errorf(pos, "", format, args...)}
	}
	switch {
	case len(src) > MaxFileSize:
		return nil, problem(filePos, "file is too large (%d bytes, at most %d): is it really a content file?", len(src), MaxFileSize)
	case len(bytes.TrimSpace(src)) == 0:
		return nil, problem(filePos, "file is empty: expected `package %s` followed by content (delete the file if it is not needed)", c.Package)
	case !utf8.Valid(src):
		return nil, problem(invalidUTF8(name, src), "file is not valid UTF-8 text: save it as UTF-8 (this byte is not)")
	case bytes.IndexByte(src, 0) >= 0:
		return nil, problem(filePos, "file contains NUL bytes: expected CUE text, is it a binary file?")
	}
	f, err := parser.ParseFile(name, src, parser.AllErrors)
	if err != nil {
		return nil, SyntaxErrors(name, src, err)
	}
	if f.PackageName() != c.Package {
		pos, got := filePos, "no package clause"
		for _, d := range f.Decls {
			if pkg, ok := d.(*ast.Package); ok {
				pos, got = c.Position(pkg.Pos()), "package "+f.PackageName()
			}
		}
		hint := ""
		if c.Tree != "" {
			hint = " (" + c.Tree + ")"
		}
		return nil, problem(pos, "expected `package %s` at the top of the file%s, found %s", c.Package, hint, got)
	}
	return f, nil
}

// Sections reports every top-level field of f that is not one of
// sections (designers' own definitions and hidden fields aside), with the
// closest section as a hint.
func (c ContentFile) Sections(f *ast.File, sections []string) diag.List {
	var errs diag.List
	for _, d := range f.Decls {
		field, isField := d.(*ast.Field)
		if !isField {
			continue // package, imports, comments; CUE reports the rest
		}
		name, _, err := ast.LabelName(field.Label)
		if err != nil || strings.HasPrefix(name, "#") || strings.HasPrefix(name, "_") {
			continue
		}
		if !slices.Contains(sections, name) {
			errs = append(errs, diag.Errorf(c.Position(field.Label.Pos()), "", "unknown section %q%s: expected one of %s",
				name, Hint(name, sections), strings.Join(sections, ", ")))
		}
	}
	return errs
}

// Position converts a CUE position into a designer's file:line:col, or
// the zero position for the embedded schema and unknown positions.
func (c ContentFile) Position(p token.Pos) diag.Pos {
	if !p.IsValid() || (c.SchemaPrefix != "" && strings.HasPrefix(p.Filename(), c.SchemaPrefix)) {
		return diag.Pos{}
	}
	pp := p.Position() // Line and Column would each look the line up
	return diag.Pos{File: pp.Filename, Line: pp.Line, Col: pp.Column}
}

// DraftText is the schema file that lets a text miss a language in
// draft mode: the missing one gets its visible placeholder.
func (c ContentFile) DraftText() (*ast.File, error) {
	src := fmt.Sprintf("package %s\n#Text: {en: string | *%q, fr: string | *%q}\n", c.Package, MissingEN, MissingFR)
	f, err := parser.ParseFile(c.SchemaPrefix+"draft.cue", src)
	if err != nil {
		return nil, fmt.Errorf("draft schema: %w", err)
	}
	return f, nil
}

// Hint is ` (did you mean "x"?)` for the closest of ids to s, or "".
func Hint(s string, ids []string) string {
	if c := suggest.Closest(s, ids); c != "" {
		return fmt.Sprintf(" (did you mean %q?)", c)
	}
	return ""
}

// invalidUTF8 is the position of the first byte that is not UTF-8.
func invalidUTF8(name string, src []byte) diag.Pos {
	line, col := 1, 1
	for len(src) > 0 {
		r, size := utf8.DecodeRune(src)
		if r == utf8.RuneError && size <= 1 {
			break
		}
		if r == '\n' {
			line, col = line+1, 1
		} else {
			col++
		}
		src = src[size:]
	}
	return diag.Pos{File: name, Line: line, Col: col}
}

// ReadFile reads the file rel of a content tree, at most max bytes; on a
// problem it says what is wrong in the designer's words at shown, the
// name the designer knows the file by, and tooLarge says what to do with
// a file over the limit ("split it into several pages").
func ReadFile(fsys fs.FS, rel, shown string, max int64, tooLarge string) ([]byte, *diag.Diagnostic) {
	src, err := contentfs.ReadFile(fsys, rel, max)
	if err == nil {
		return src, nil
	}
	pos := diag.Pos{File: shown}
	var d diag.Diagnostic
	// contentfs returns its errors as they are, not wrapped.
	switch e := err.(type) {
	case *contentfs.EscapeError:
		if e.Target != "" {
			d = diag.Errorf(pos, "", "file is a symbolic link to %q, outside the content folder: content files must be inside it (copy the file in instead of linking to it)", e.Target)
		} else {
			d = diag.Errorf(pos, "", "path goes through a linked folder outside the content folder: content files must be inside it (copy the folder in instead of linking to it)")
		}
	case *contentfs.NotRegularError:
		d = diag.Errorf(pos, "", "file is %s, not a regular file: content files must be regular files (remove it from the content folder)", e.Kind())
	case *contentfs.TooLargeError:
		pos.Line, pos.Col = 1, 1
		if e.AtLeast {
			d = diag.Errorf(pos, "", "file is too large (more than %d bytes): %s", max, tooLarge)
		} else {
			d = diag.Errorf(pos, "", "file is too large (%d bytes, at most %d): %s", e.Size, max, tooLarge)
		}
	default:
		d = diag.Errorf(pos, "", "cannot read file: %v", err)
	}
	return nil, &d
}

// ReadRulesPage reads the rules page rel of a tree (rules/<lang>/<name>.md,
// the languages of langs): its language, its name and its text, or the
// problem at shown. A file directly in rules/ (a README.md for the
// designers) is no page: all results are zero.
func ReadRulesPage(fsys fs.FS, rel, shown string, langs []lang.Lang) (lng lang.Lang, name string, src []byte, problem *diag.Diagnostic) {
	parts := strings.Split(rel, "/")
	pos := diag.Pos{File: shown}
	if len(parts) == 2 {
		return "", "", nil, nil
	}
	if len(parts) != 3 || !slices.Contains(langs, lang.Lang(parts[1])) {
		where := make([]string, len(langs))
		for i, l := range langs {
			where[i] = "rules/" + string(l) + "/"
		}
		not := ""
		if len(parts) == 3 {
			not = ", not rules/" + parts[1] + "/"
		}
		d := diag.Errorf(pos, "", "a rules page belongs in %s%s", diag.OrList(where), not)
		return "", "", nil, &d
	}
	src, problem = ReadFile(fsys, rel, shown, MaxRulesPageSize, "split it into several pages")
	if problem != nil {
		return "", "", nil, problem
	}
	if src == nil {
		src = []byte{} // an empty page is a page
	}
	if !utf8.Valid(src) {
		d := diag.Errorf(invalidUTF8(shown, src), "", "file is not valid UTF-8 text: save it as UTF-8 (this byte is not)")
		return "", "", nil, &d
	}
	return lang.Lang(parts[1]), strings.TrimSuffix(parts[2], ".md"), src, nil
}
