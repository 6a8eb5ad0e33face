package schema

import (
	"cuelang.org/go/cue/format"
	"cuelang.org/go/cue/parser"

	"wbtool.dev/wbtool/diag"
)

// Format formats one content file as `cue fmt` does (comments kept). A
// file that does not parse is left as it is: its syntax errors come back
// in the designer's words (SyntaxErrors), name being how positions name
// the file.
func Format(name string, src []byte) ([]byte, diag.List) {
	f, err := parser.ParseFile(name, src, parser.ParseComments)
	if err != nil {
		return nil, SyntaxErrors(name, src, err)
	}
	out, err := format.Node(f)
	if err != nil {
		return nil, diag.List{{Pos: diag.Pos{File: name, Line: 1, Col: 1}, Msg: "cannot format this file: " + describeSyntax(err.Error())}}
	}
	return out, nil
}
