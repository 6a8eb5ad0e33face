package wbschema

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/big"
	"math/rand/v2"
	"reflect"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"cuelang.org/go/cue/ast"
	"cuelang.org/go/cue/literal"
	"cuelang.org/go/cue/parser"

	"wbtool.dev/wbtool/schema"
)

// The adversarial table of the plain-data fast path (fast.go): content
// forms chosen for the CUE semantics a compiler of the schema may get
// subtly wrong (number and string forms, labels, duplicates, null and
// empty values, struct disjunctions, defaults, fixed lists, presence
// markers, bounds and regexps at their edges, draft mode, check games).
// For each case, the file alone is checked by the fast path and
// evaluated by CUE as a unit (evalUnit): the fast path must never say
// valid when CUE says invalid, and when both say valid the decoded
// entities must be identical. Then the content is loaded whole, file by
// file and with the fast path off (loadWays): same catalog, same
// diagnostics.

// advChar is a valid Character; advSkill a valid Skill whose effect's
// operation is OP; advCheck a valid check game; advLeader a Leader.
const (
	advChar = `characters: x: {
	name: {en: "X", fr: "X"}
	faction: "raiders"
	attack: 5
	speed: 3
	run: 2
	cost: {raiders: 1}
	health: 3
	panic: {attack: 6, speed: 3, run: 2, cost: {raiders: 1}, health: 3}
}
`
	advSkill  = `skills: s: {name: {en: "S", fr: "S"}, text: {en: "T", fr: "T"}, effect: {trigger: "passive", do: [OP]}}` + "\n"
	advCheck  = `checks: c: {hand: "red", sides: {red: {units: [{id: "u", profile: {}, at: "A1"}]}}, script: []}` + "\n"
	advLeader = `leaders: l: {name: {en: "L", fr: "L"}, faction: "raiders", skill: "s", exploration: orders: [{raiders: 5}, {raiders: 6}], confrontation: orders: [{raiders: 3}, {raiders: 4}, {raiders: 4}]}` + "\n"
	advForm   = `formations: f: {name: {en: "F", fr: "F"}, text: {en: "T", fr: "T"}}` + "\n"
	advEquip  = `equipment: e: {name: {en: "E", fr: "E"}, text: {en: "T", fr: "T"}}` + "\n"
)

// sub replaces the first old of s with new (the case must change s).
func sub(s string, pairs ...string) string {
	for i := 0; i < len(pairs); i += 2 {
		if !strings.Contains(s, pairs[i]) {
			panic(fmt.Sprintf("%q not in %q", pairs[i], s))
		}
		s = strings.Replace(s, pairs[i], pairs[i+1], 1)
	}
	return s
}

func charWith(pairs ...string) string { return sub(advChar, pairs...) }
func skillOp(op string) string        { return sub(advSkill, "OP", op) }
func checkWith(pairs ...string) string {
	return sub(advCheck, pairs...)
}

// charAdd adds fields to the Character.
func charAdd(fields string) string { return charWith("health: 3\n", "health: 3\n"+fields+"\n") }

type advCase struct {
	name  string
	src   string            // a.cue, after the package clause (unless it has one)
	more  map[string]string // other files of the tree, if any
	draft bool
	cue   int // CUE's verdict on a.cue alone: 1 valid, -1 invalid, 0 not asserted
	// perFile: loaded file by file, not as a whole package
	perFile bool
}

var advCases = []advCase{
	// The bases.
	{name: "base character", src: advChar, cue: 1},
	{name: "base skill", src: skillOp(`{flag: "protector"}`), cue: 1},
	{name: "base check", src: advCheck, cue: 1},
	{name: "base leader", src: advLeader, cue: 1},
	{name: "base formation", src: advForm, cue: 1},
	{name: "base equipment", src: advEquip, cue: 1},

	// Numbers.
	{name: "float for int", src: charWith("attack: 5", "attack: 5.0"), cue: -1},
	{name: "exponent for int", src: charWith("attack: 5", "attack: 5e0"), cue: -1},
	{name: "exponent int-valued", src: charWith("attack: 5", "attack: 1e1"), cue: -1},
	{name: "hex int", src: charWith("attack: 5", "attack: 0x5"), cue: 1},
	{name: "octal int", src: charWith("attack: 5", "attack: 0o5"), cue: 1},
	{name: "binary int", src: charWith("attack: 5", "attack: 0b101"), cue: 1},
	{name: "underscore int", src: charWith("health: 3", "health: 1_0"), cue: 1},
	{name: "underscore int out of range", src: charWith("health: 3", "health: 1_3"), cue: -1},
	{name: "multiplier int", src: charWith("health: 3", "health: 1K"), cue: -1},
	{name: "leading zero int", src: charWith("attack: 5", "attack: 05")},
	{name: "minus zero int at >=0", src: charWith("run: 2", "run: -0"), cue: 1},
	{name: "minus zero int at >=1", src: charWith("speed: 3", "speed: -0"), cue: -1},
	{name: "minus int", src: charWith("run: 2", "run: -1"), cue: -1},
	{name: "double minus", src: charWith("run: 2", "run: --1")},
	{name: "plus int", src: charWith("run: 2", "run: +1"), cue: 1},
	{name: "parenthesised int", src: charWith("run: 2", "run: (1)"), cue: 1},
	{name: "int expression", src: charWith("run: 2", "run: 1+1"), cue: 1},
	{name: "trailing dot float", src: charWith("attack: 5", "attack: 5."), cue: -1},
	{name: "leading dot float", src: charAdd(`art: {file: "a.png", focus: {x: .5, y: 0.5}}`), cue: 1},
	{name: "trailing dot float in number", src: charAdd(`art: {file: "a.png", focus: {x: 1., y: 0.5}}`), cue: 1},
	{name: "huge int", src: charWith("attack: 5", "attack: 99999999999999999999999"), cue: -1},
	{name: "huge int unbounded above", src: checkWith("script: []", "seed: 99999999999999999999999, script: []"), cue: -1}, // valid for CUE, too large to decode
	{name: "max int64", src: checkWith("script: []", "seed: 9223372036854775807, script: []"), cue: 1},
	{name: "min int64 below bound", src: checkWith("script: []", "seed: -9223372036854775808, script: []"), cue: -1},
	{name: "int for number", src: charAdd(`art: {file: "a.png", focus: {x: 1, y: 0}}`), cue: 1},
	{name: "float with trailing zeros", src: charAdd(`art: {file: "a.png", focus: {x: 0.500, y: 0.50}}`), cue: 1},
	{name: "float equal to the default", src: charAdd(`art: {file: "a.png", focus: {x: 0.5, y: 0.5}}`), cue: 1},
	{name: "minus zero float", src: charAdd(`art: {file: "a.png", focus: {x: -0.0, y: 0.0}}`), cue: 1},
	{name: "minus zero int in number", src: charAdd(`art: {file: "a.png", focus: {x: -0, y: 0}}`), cue: 1},
	{name: "float just above 1", src: charAdd(`art: {file: "a.png", focus: {x: 1.0000000000000000000000001}}`), cue: -1},
	{name: "float just below 0", src: charAdd(`art: {file: "a.png", focus: {x: -0.0000000000000000000000001}}`), cue: -1},
	{name: "float with many digits", src: charAdd(`art: {file: "a.png", focus: {x: 0.50000000000000005551115123125782702118158340454101562500001}}`), cue: 1},
	{name: "float exponent in number", src: charAdd(`art: {file: "a.png", focus: {x: 5e-1}}`), cue: 1},
	{name: "float leading zeros", src: charAdd(`art: {file: "a.png", focus: {x: 00.5}}`)},
	{name: "float 1.0 at <=1", src: charAdd(`art: {file: "a.png", focus: {x: 1.0, y: 0.0}}`), cue: 1},
	{name: "bound edge 10 at <=10", src: charWith("attack: 5", "attack: 10"), cue: 1},
	{name: "bound edge 11 at <=10", src: charWith("attack: 5", "attack: 11"), cue: -1},
	{name: "bound edge 2 at >=2", src: charWith("attack: 5", "attack: 2"), cue: 1},
	{name: "bound edge 1 at >=2", src: charWith("attack: 5", "attack: 1"), cue: -1},
	{name: "cost any 6", src: charWith("cost: {raiders: 1}", "cost: {raiders: 6, any: 6}"), cue: 1},
	{name: "cost any 7", src: charWith("cost: {raiders: 1}", "cost: {any: 7}"), cue: -1},
	{name: "cost pattern 7", src: charWith("cost: {raiders: 1}", "cost: {raiders: 7}"), cue: -1},
	{name: "tokens n 0 (!=0)", src: skillOp(`{tokens: {token: "stress", n: 0, who: "self"}}`), cue: -1},
	{name: "tokens n -0 (!=0)", src: skillOp(`{tokens: {token: "stress", n: -0, who: "self"}}`), cue: -1},
	{name: "tokens n 0.0 (!=0)", src: skillOp(`{tokens: {token: "stress", n: 0.0, who: "self"}}`), cue: -1},
	{name: "tokens n -5", src: skillOp(`{tokens: {token: "stress", n: -5, who: "self"}}`), cue: 1},
	{name: "tokens n -6", src: skillOp(`{tokens: {token: "stress", n: -6, who: "self"}}`), cue: -1},
	{name: "modify add -5", src: skillOp(`{modify: {stat: "speed", add: -5}}`), cue: 1},
	{name: "modify add 6", src: skillOp(`{modify: {stat: "speed", add: 6}}`), cue: -1},
	{name: "zone player 1.0", src: `scenarios: s: {name: {en: "S", fr: "S"}, format: "exploration", text: {en: "T", fr: "T"}, board: {cols: 8, rows: 16}, deployment: [{player: 1.0, from: "A1", to: "B2"}, {player: 2, from: "A1", to: "B2"}], scoring: []}`, cue: -1},
	{name: "zone player 3", src: `scenarios: s: {name: {en: "S", fr: "S"}, format: "exploration", text: {en: "T", fr: "T"}, board: {cols: 8, rows: 16}, deployment: [{player: 3, from: "A1", to: "B2"}, {player: 2, from: "A1", to: "B2"}], scoring: []}`, cue: -1},
	{name: "scenario valid", src: `scenarios: s: {name: {en: "S", fr: "S"}, format: "exploration", text: {en: "T", fr: "T"}, board: {cols: 8, rows: 16}, deployment: [{player: 1, from: "A1", to: "B2"}, {player: 2, from: "A1", to: "B2"}], scoring: []}`, cue: 1},

	// Strings.
	{name: "multi-line string", src: charWith(`en: "X"`, "en: \"\"\"\n\t\tline one\n\t\t  line two\n\t\t\"\"\""), cue: 1},
	{name: "multi-line string empty", src: charWith(`en: "X"`, "en: \"\"\"\n\t\t\"\"\""), cue: -1},
	{name: "multi-line string bad indent", src: charWith(`en: "X"`, "en: \"\"\"\n\tline\n\t\t\"\"\"")},
	{name: "multi-line string with escapes", src: charWith(`en: "X"`, "en: \"\"\"\n\t\ta\\tb \\\"c\\\" \\u00e9\n\t\t\"\"\""), cue: 1},
	{name: "multi-line string with quotes", src: charWith(`en: "X"`, "en: \"\"\"\n\t\tsay \"hi\" \"\"\n\t\t\"\"\""), cue: 1},
	{name: "raw string", src: charWith(`en: "X"`, `en: #"a\nb"#`), cue: 1},
	{name: "raw multi-line string", src: charWith(`en: "X"`, "en: #\"\"\"\n\t\ta\\nb\n\t\t\"\"\"#"), cue: 1},
	{name: "escapes", src: charWith(`en: "X"`, `en: "tab\there \"q\" back\\slash \u00e9\U0001F600"`), cue: 1},
	{name: "escaped NUL", src: charWith(`en: "X"`, `en: "a\u0000b"`), cue: -1},
	{name: "escaped line separator", src: charWith(`en: "X"`, `en: "a\u2028b"`), cue: 1},
	{name: "escaped slash", src: charWith(`en: "X"`, `en: "a\/b"`)},
	{name: "hex escape", src: charWith(`en: "X"`, `en: "\x41"`)},
	{name: "hex escape invalid UTF-8", src: charWith(`en: "X"`, `en: "\xff"`)},
	{name: "octal escape", src: charWith(`en: "X"`, `en: "\101"`)},
	{name: "surrogate pair escape", src: charWith(`en: "X"`, `en: "\ud83d\ude00"`)},
	{name: "lone surrogate escape", src: charWith(`en: "X"`, `en: "\ud800"`)},
	{name: "escaped empty string", src: charWith(`en: "X"`, `en: "\u0000"`), cue: -1},
	{name: "empty string (!=\"\")", src: charWith(`en: "X"`, `en: ""`), cue: -1},
	{name: "interpolation", src: charWith(`en: "X"`, `en: "a\(1)b"`), cue: 1},
	{name: "bytes for string", src: charWith(`en: "X"`, `en: 'X'`), cue: -1},
	{name: "escape making an id", src: charWith(`faction: "raiders"`, `faction: "r\u0061iders"`), cue: 1},
	{name: "escape making a bad id", src: charWith(`faction: "raiders"`, `faction: "r\u0041iders"`), cue: -1},
	{name: "raw string id", src: charWith(`faction: "raiders"`, `faction: #"raiders"#`), cue: 1},
	{name: "id with newline", src: charWith(`faction: "raiders"`, `faction: "raiders\n"`), cue: -1},
	{name: "colour with newline", src: `factions: raiders: {name: {en: "R", fr: "R"}, colour: "#aabbcc\n"}`, cue: -1},
	{name: "colour upper case", src: `factions: raiders: {name: {en: "R", fr: "R"}, colour: "#AABBCC"}`, cue: 1},
	{name: "colour too long", src: `factions: raiders: {name: {en: "R", fr: "R"}, colour: "#aabbccd"}`, cue: -1},
	{name: "literal tab in string", src: charWith(`en: "X"`, "en: \"a\tb\""), cue: 1},
	{name: "raw control character in string", src: charWith(`en: "X"`, "en: \"a\x01b\"")},
	{name: "non-ASCII string", src: charWith(`en: "X"`, `en: "Élan — ça va ? 😀"`), cue: 1},
	{name: "string with a NUL-like JSON", src: charWith(`en: "X"`, `en: "<\u003c/script>"`), cue: 1},
	{name: "tile A16", src: checkWith(`at: "A1"`, `at: "A16"`), cue: 1},
	{name: "tile A17", src: checkWith(`at: "A1"`, `at: "A17"`), cue: -1},
	{name: "tile a1", src: checkWith(`at: "A1"`, `at: "a1"`), cue: -1},
	{name: "tile A01", src: checkWith(`at: "A1"`, `at: "A01"`), cue: -1},
	{name: "tile P10", src: checkWith(`at: "A1"`, `at: "P10"`), cue: 1},
	{name: "tile Q1", src: checkWith(`at: "A1"`, `at: "Q1"`), cue: -1},
	{name: "art file anchors", src: charAdd(`art: {file: "/a.png"}`), cue: -1},
	{name: "art file case", src: charAdd(`art: {file: "a.PNG"}`), cue: 1},
	{name: "art file mixed case", src: charAdd(`art: {file: "a.Png"}`), cue: -1},
	{name: "art file newline", src: charAdd(`art: {file: "a\n.png"}`), cue: -1},
	{name: "set version edge", src: `set: {name: {en: "S", fr: "S"}, version: "0123456789abcdefghijklmn"}`, cue: 1},
	{name: "set version too long", src: `set: {name: {en: "S", fr: "S"}, version: "0123456789abcdefghijklmno"}`, cue: -1},
	{name: "set version leading dot", src: `set: {name: {en: "S", fr: "S"}, version: ".3"}`, cue: -1},
	{name: "set errataSince empty", src: `set: {name: {en: "S", fr: "S"}, errataSince: ""}`, cue: -1},
	{name: "check rules regexp", src: checkWith("script: []", `rules: ["R-DICE-2", "R-X-1"], script: []`), cue: 1},
	{name: "check rules regexp lower", src: checkWith("script: []", `rules: ["r-dice-2"], script: []`), cue: -1},
	{name: "check rules regexp trailing", src: checkWith("script: []", `rules: ["R-DICE-2x"], script: []`), cue: -1},
	{name: "strings key", src: `strings: {"site.title": {en: "A", fr: "B"}, "a.B-c": {en: "A", fr: "B"}}`, cue: 1},
	{name: "strings bad key", src: `strings: {"Site.title": {en: "A", fr: "B"}}`},
	{name: "strings key with a space", src: `strings: {"a b": {en: "A", fr: "B"}}`},
	{name: "strings bad value", src: `strings: {"a.b": {en: "A"}}`, cue: -1},

	{name: "raw CR in string", src: charWith(`en: "X"`, "en: \"a\rb\""), cue: 1},
	{name: "raw CR in string with escape", src: charWith(`en: "X"`, "en: \"a\r\\tb\""), cue: 1},
	{name: "CRLF file with multi-line string", src: strings.ReplaceAll("package warbound\n\n"+charWith(`en: "X"`, "en: \"\"\"\n\t\tline one\n\t\tline two\n\t\t\"\"\""), "\n", "\r\n"), cue: 1},
	{name: "byte order mark", src: "\ufeffpackage warbound\n\n" + advChar},
	{name: "replacement character", src: charWith(`en: "X"`, "en: \"a\ufffdb\""), cue: 1},
	{name: "replacement character escaped", src: charWith(`en: "X"`, `en: "a\ufffdb"`), cue: 1},
	{name: "escaped last newline", src: charWith(`en: "X"`, "en: \"\"\"\n\t\ta\\\n\t\t\"\"\"")},
	{name: "exponent with sign", src: charAdd(`art: {file: "a.png", focus: {x: 1e+0}}`), cue: 1},
	{name: "float dot exponent", src: charAdd(`art: {file: "a.png", focus: {x: 1.e-1}}`), cue: 1},
	{name: "float with underscore", src: charAdd(`art: {file: "a.png", focus: {x: 0.5_0}}`)},
	{name: "backquoted label", src: charWith("attack: 5", "`attack`: 5")},
	// Labels.
	{name: "quoted entity id", src: sub(advChar, "characters: x:", `characters: "x":`), cue: 1},
	{name: "quoted field labels", src: charWith("attack: 5", `"attack": 5`, "name:", `"name":`), cue: 1},
	{name: "quoted section", src: sub(advChar, "characters:", `"characters":`), cue: 1},
	{name: "quoted label with escape", src: charWith("attack: 5", `"att\u0061ck": 5`), cue: 1},
	{name: "entity id with escape", src: sub(advChar, "characters: x:", `characters: "\u0078":`), cue: 1},
	{name: "quoted #label", src: charAdd(`"#x": 1`), cue: -1},
	{name: "definition in data", src: charAdd(`#x: 1`)},
	{name: "hidden field in data", src: charAdd(`_x: 1`), cue: 1},
	{name: "quoted _label", src: charAdd(`"_x": 1`), cue: -1},
	{name: "quoted hidden field name", src: checkWith("script: []", `"_defaultCols": 8, script: []`), cue: -1},
	{name: "hidden field of the schema given", src: checkWith("script: []", `_defaultCols: 3, script: []`)},
	{name: "unknown field", src: charAdd(`colour: "red"`), cue: -1},
	{name: "field of another definition", src: charAdd(`text: {en: "a", fr: "b"}`), cue: -1},
	{name: "cost any quoted", src: charWith("cost: {raiders: 1}", `cost: {"any": 1}`), cue: 1},
	{name: "cost capital label", src: charWith("cost: {raiders: 1}", `cost: {Raiders: 1}`), cue: -1},
	{name: "orders any", src: sub(advLeader, "{raiders: 5}", "{any: 5}"), cue: 1},
	{name: "entity id bad", src: sub(advChar, "characters: x:", `characters: "Bad Id":`), cue: -1},
	{name: "entity id with underscore", src: sub(advChar, "characters: x:", `characters: "_x":`), cue: -1},
	{name: "entity id keyword null", src: sub(advChar, "characters: x:", `characters: null:`), cue: 1},
	{name: "entity id keyword true", src: sub(advChar, "characters: x:", `characters: true:`), cue: 1},
	{name: "entity id keyword if", src: sub(advChar, "characters: x:", `characters: if:`)},
	{name: "entity id keyword for", src: sub(advChar, "characters: x:", `characters: for:`)},
	{name: "entity id string", src: sub(advChar, "characters: x:", `characters: string:`), cue: 1},
	{name: "entity id digits", src: sub(advChar, "characters: x:", `characters: "9":`), cue: 1},
	{name: "entity id with dollar", src: sub(advChar, "characters: x:", `characters: $x:`), cue: -1},
	{name: "explicit id equal", src: charAdd(`id: "x"`), cue: 1},
	{name: "explicit id different", src: charAdd(`id: "y"`), cue: -1},
	{name: "explicit id through escape", src: charAdd(`id: "\u0078"`), cue: 1},
	{name: "label with attribute", src: charWith("attack: 5", "attack: 5 @x()"), cue: 1},
	{name: "file attribute", src: "@extern(embed)\n" + advChar},
	{name: "section label alias", src: sub(advChar, "characters: x:", `X=characters: x:`)},
	{name: "entity label alias", src: sub(advChar, "characters: x:", `characters: X=x:`)},

	// The same field or entity twice.
	{name: "field twice equal", src: charWith("attack: 5", "attack: 5, attack: 5"), cue: 1},
	{name: "field twice different", src: charWith("attack: 5", "attack: 5, attack: 6"), cue: -1},
	{name: "field twice quoted and not", src: charWith("attack: 5", `attack: 5, "attack": 5`), cue: 1},
	{name: "cost any twice", src: charWith("cost: {raiders: 1}", `cost: {any: 1, "any": 2}`), cue: -1},
	{name: "entity twice equal", src: advChar + advChar},
	{name: "entity twice split", src: advChar + "characters: x: morale: 3\n"},
	{name: "entity twice conflicting", src: advChar + "characters: x: attack: 6\n"},
	{name: "section twice", src: advChar + sub(advChar, "characters: x:", "characters: y:"), cue: 1},
	{name: "set twice", src: `set: {name: {en: "S", fr: "S"}}` + "\n" + `set: {version: "1"}`},
	{name: "set twice conflicting", src: `set: {name: {en: "S", fr: "S"}}` + "\n" + `set: {name: {en: "T", fr: "S"}}`},
	{name: "set split over two files", src: `set: {name: {en: "S", fr: "S"}}`, more: map[string]string{"b.cue": `set: {version: "1"}`}, perFile: true},
	{name: "set conflicting over two files", src: `set: {name: {en: "S", fr: "S"}, version: "2"}`, more: map[string]string{"b.cue": `set: {version: "1"}`}},
	{name: "game twice", src: "game: \"warbound\"\ngame: \"warbound\"\n" + advChar},
	{name: "game other", src: "game: \"warstuff\"\n" + advChar},
	{name: "game and entity over two files", src: "game: \"warbound\"\n" + advChar, more: map[string]string{"b.cue": "game: \"warbound\"\n" + sub(advChar, "characters: x:", "characters: y:")}},
	{name: "set split over two files of one unit", src: "game: \"warbound\"\n" + `set: {name: {en: "S", fr: "S"}}`, more: map[string]string{"b.cue": "game: \"warbound\"\n" + `set: {version: "1"}`}, perFile: true},
	{name: "set split over three files", src: `set: {name: {en: "S", fr: "S"}}`, more: map[string]string{"b.cue": `set: {version: "1"}`, "c.cue": `set: {errataSince: "v1"}`}, perFile: true},
	{name: "set split over two files draft", src: `set: {name: {en: "S"}}`, more: map[string]string{"b.cue": `set: {version: "1"}`}, draft: true, perFile: true},
	{name: "set name in two files", src: `set: {name: {en: "S", fr: "S"}}`, more: map[string]string{"b.cue": `set: {name: {en: "S", fr: "S"}, version: "1"}`}},
	{name: "entity in two files of one unit", src: "game: \"warbound\"\n" + advChar, more: map[string]string{"b.cue": "game: \"warbound\"\n" + advChar}},
	{name: "strings key in two files", src: `strings: {"a.b": {en: "A", fr: "B"}}`, more: map[string]string{"b.cue": `strings: {"a.b": {en: "A", fr: "B"}}`}},
	{name: "strings keys over two files", src: `strings: {"a.b": {en: "A", fr: "B"}}`, more: map[string]string{"b.cue": `strings: {"a.c": {en: "A", fr: "B"}}`}, perFile: true},
	{name: "section quoted and not", src: advChar + "\"characters\": x: morale: 3\n"},
	{name: "entity in two files", src: advChar, more: map[string]string{"b.cue": advChar}},
	{name: "entity split over two files", src: advChar, more: map[string]string{"b.cue": "characters: x: morale: 3\n"}},
	{name: "unknown top-level field", src: "foo: 1\n" + advChar},
	{name: "top-level definition", src: "#x: 1\n" + advChar},
	{name: "top-level hidden", src: "_x: 1\n" + advChar},

	// null, empty values, kinds.
	{name: "null art", src: charAdd(`art: null`), cue: -1},
	{name: "null skills", src: charAdd(`skills: null`), cue: -1},
	{name: "empty skills", src: charAdd(`skills: []`), cue: 1},
	{name: "struct for list", src: charAdd(`skills: {}`), cue: -1},
	{name: "list for struct", src: charWith("cost: {raiders: 1}", "cost: []"), cue: -1},
	{name: "empty cost", src: charWith("cost: {raiders: 1}", "cost: {}"), cue: 1},
	{name: "empty accuracy", src: charAdd(`accuracy: {}`), cue: -1},
	{name: "empty dice", src: charAdd(`dice: {}`), cue: 1},
	{name: "empty panic", src: charWith("panic: {attack: 6, speed: 3, run: 2, cost: {raiders: 1}, health: 3}", "panic: {}"), cue: -1},
	{name: "empty name", src: charWith(`name: {en: "X", fr: "X"}`, "name: {}"), cue: -1},
	{name: "null name", src: charWith(`name: {en: "X", fr: "X"}`, "name: null"), cue: -1},
	{name: "string for struct", src: charWith(`name: {en: "X", fr: "X"}`, `name: "X"`), cue: -1},
	{name: "bool for int", src: charWith("attack: 5", "attack: true"), cue: -1},
	{name: "null for int", src: charWith("attack: 5", "attack: null"), cue: -1},
	{name: "empty focus", src: charAdd(`art: {file: "a.png", focus: {}}`), cue: 1},
	{name: "null focus", src: charAdd(`art: {file: "a.png", focus: null}`), cue: -1},
	{name: "empty formation bonuses", src: sub(advForm, "}}\n", `}, bonuses: {}}`+"\n"), cue: 1},
	{name: "partial formation bonuses", src: sub(advForm, "}}\n", `}, bonuses: {hit: 0, health: 3}}`+"\n"), cue: 1},
	{name: "null formation bonuses", src: sub(advForm, "}}\n", `}, bonuses: null}`+"\n"), cue: -1},
	{name: "bonus out of range", src: sub(advForm, "}}\n", `}, bonuses: {cost: 4}}`+"\n"), cue: -1},
	{name: "bonus equal to default", src: sub(advForm, "}}\n", `}, bonuses: {cost: 1}}`+"\n"), cue: 1},
	{name: "empty section", src: "characters: {}\n", cue: 1},
	{name: "null section", src: "characters: null\n"},
	{name: "list section", src: "characters: []\n"},
	{name: "empty entity", src: "characters: x: {}\n", cue: -1},
	{name: "null entity", src: "characters: x: null\n", cue: -1},
	{name: "gear list", src: charAdd(`gear: ["ranged", "melee", "armor", "ranged"]`), cue: 1},
	{name: "gear bad", src: charAdd(`gear: ["Ranged"]`), cue: -1},
	{name: "equipment gear string", src: sub(advEquip, "}}\n", `}, gear: "melee"}`+"\n"), cue: 1},
	{name: "equipment gear list", src: sub(advEquip, "}}\n", `}, gear: ["melee"]}`+"\n"), cue: -1},

	// #Op: exactly one operation.
	{name: "two operations", src: skillOp(`{flag: "protector", modify: {stat: "speed", add: 1}}`), cue: -1},
	{name: "operation with ifYouDo", src: skillOp(`{flag: "protector", ifYouDo: [{flag: "pathfinder"}]}`), cue: 1},
	{name: "nested ifYouDo", src: skillOp(`{flag: "protector", ifYouDo: [{flag: "pathfinder", ifYouDo: [{pull: {tiles: 1}}]}]}`), cue: 1},
	{name: "ifYouDo alone", src: skillOp(`{ifYouDo: [{flag: "pathfinder"}]}`), cue: -1},
	{name: "empty ifYouDo", src: skillOp(`{flag: "protector", ifYouDo: []}`), cue: -1},
	{name: "empty operation", src: skillOp(`{}`), cue: -1},
	{name: "no operations", src: sub(advSkill, "[OP]", "[]"), cue: -1},
	{name: "ifYouDo on the effect", src: sub(advSkill, "do: [OP]", `do: [{flag: "protector"}], ifYouDo: [{flag: "pathfinder"}]`), cue: -1},
	{name: "operation bad inner field", src: skillOp(`{flag: "protector", modify: {}}`), cue: -1},
	{name: "operation missing inner field", src: skillOp(`{modify: {stat: "speed"}}`), cue: -1},
	{name: "operation extra inner field", src: skillOp(`{modify: {stat: "speed", add: 1, who: "self"}}`), cue: -1},
	{name: "operation null", src: skillOp(`null`), cue: -1},
	{name: "operation list", src: skillOp(`[{flag: "protector"}]`), cue: -1},
	{name: "operation string", src: skillOp(`"flag"`), cue: -1},
	{name: "orders choice", src: skillOp(`{orders: {colour: "choice", n: 1}}`), cue: 1},
	{name: "orders any colour", src: skillOp(`{orders: {colour: "any", n: 5}}`), cue: 1},
	{name: "orders Choice", src: skillOp(`{orders: {colour: "Choice", n: 1}}`), cue: -1},
	{name: "spot friend", src: skillOp(`{spot: {who: "friend", hit: 1}}`), cue: -1},
	{name: "tokens full", src: skillOp(`{tokens: {token: "poison", n: 1, who: "enemies", within: 16, sight: false, max: 5, min: 10}}`), cue: 1},
	{name: "tokens within 17", src: skillOp(`{tokens: {token: "poison", n: 1, who: "enemies", within: 17}}`), cue: -1},
	{name: "roll full", src: skillOp(`{roll: {dice: 5, target: 10, who: "target", within: 1, damage: true, token: "break"}}`), cue: 1},
	{name: "cancel", src: skillOp(`{cancel: {attack: "ranged", target: 2}}`), cue: 1},
	{name: "boost", src: skillOp(`{boost: {who: "friends", stat: "ranged-hit", add: -5}}`), cue: 1},
	{name: "second entry bad", src: sub(advSkill, "[OP]", `[{flag: "protector"}, {flag: "nope"}]`), cue: -1},
	{name: "condition full", src: sub(advSkill, "trigger: \"passive\"", `trigger: "passive", condition: {action: "move", did: "hide", attack: "melee", panicked: true, friendWithin: 16, period: 4, hits: 10, faction: "raiders"}`, "OP", `{flag: "protector"}`), cue: 1},
	{name: "condition period 5", src: sub(advSkill, "trigger: \"passive\"", `trigger: "passive", condition: {period: 5}`, "OP", `{flag: "protector"}`), cue: -1},
	{name: "trigger bad", src: sub(advSkill, "trigger: \"passive\"", `trigger: "Passive"`, "OP", `{flag: "protector"}`), cue: -1},
	{name: "skill active default", src: sub(advSkill, "OP", `{flag: "protector"}`, "effect:", "active: false, effect:"), cue: 1},
	{name: "skill active true", src: sub(advSkill, "OP", `{flag: "protector"}`, "effect:", "active: true, effect:"), cue: 1},
	{name: "skill active string", src: sub(advSkill, "OP", `{flag: "protector"}`, "effect:", `active: "true", effect:`), cue: -1},

	// Defaults from a sibling field, and the check games' default board.
	{name: "nameGroup equal to id", src: charAdd(`nameGroup: "x"`), cue: 1},
	{name: "nameGroup other", src: charAdd(`nameGroup: "y"`), cue: 1},
	{name: "nameGroup bad", src: charAdd(`nameGroup: "Y"`), cue: -1},
	{name: "nameGroup empty", src: charAdd(`nameGroup: ""`), cue: -1},
	{name: "nameGroup before id", src: charWith(`name: {en: "X", fr: "X"}`, `nameGroup: "x", id: "x", name: {en: "X", fr: "X"}`), cue: 1},
	{name: "nameGroup with a bad id", src: sub(charAdd(`nameGroup: "x"`), "characters: x:", `characters: "X":`), cue: -1},
	{name: "nameGroup default with a bad id", src: sub(advChar, "characters: x:", `characters: "X":`), cue: -1},
	{name: "check board default", src: checkWith("script: []", "board: {}, script: []"), cue: 1},
	{name: "check board confrontation", src: checkWith("script: []", `format: "confrontation", board: {}, script: []`), cue: 1},
	{name: "check board exploration", src: checkWith("script: []", `format: "exploration", board: {}, script: []`), cue: 1},
	{name: "check board explicit cols", src: checkWith("script: []", `format: "confrontation", board: {cols: 8}, script: []`), cue: 1},
	{name: "check board cols 16 exploration", src: checkWith("script: []", `board: {cols: 16, rows: 1}, script: []`), cue: 1},
	{name: "check board cols 0", src: checkWith("script: []", `board: {cols: 0}, script: []`), cue: -1},
	{name: "check board cols 17", src: checkWith("script: []", `board: {cols: 17}, script: []`), cue: -1},
	{name: "check board cols float", src: checkWith("script: []", `format: "confrontation", board: {cols: 16.0}, script: []`), cue: -1},
	{name: "check format bad", src: checkWith("script: []", `format: "skirmish", board: {}, script: []`), cue: -1},
	{name: "check format escaped", src: checkWith("script: []", `format: "confr\u006Fntation", board: {}, script: []`), cue: 1},
	{name: "check format after board", src: checkWith("script: []", `board: {}, script: [], format: "confrontation"`), cue: 1},
	{name: "check no board", src: checkWith("script: []", `format: "confrontation", script: []`), cue: 1},
	{name: "check profile defaults", src: advCheck, cue: 1},
	{name: "check profile cost default", src: checkWith("profile: {}", "profile: {cost: {any: 1}}"), cue: 1},
	{name: "check profile cost other", src: checkWith("profile: {}", "profile: {cost: {any: 2}}"), cue: 1},
	{name: "check profile cost empty", src: checkWith("profile: {}", "profile: {cost: {}}"), cue: 1},
	{name: "check profile cost colour", src: checkWith("profile: {}", "profile: {cost: {raiders: 1}}"), cue: 1},
	{name: "check profile cost any and colour", src: checkWith("profile: {}", "profile: {cost: {any: 1, raiders: 1}}"), cue: 1},
	{name: "check profile cost bad", src: checkWith("profile: {}", "profile: {cost: {any: 7}}"), cue: -1},
	{name: "check profile speed 0", src: checkWith("profile: {}", "profile: {speed: 0}"), cue: 1},
	{name: "check profile attack default equal", src: checkWith("profile: {}", "profile: {attack: 6}"), cue: 1},
	{name: "check profile attack 1", src: checkWith("profile: {}", "profile: {attack: 1}"), cue: -1},
	{name: "check unit at one-list", src: checkWith(`at: "A1"`, `at: ["A1"]`), cue: 1},
	{name: "check unit at two", src: checkWith(`at: "A1"`, `at: ["A1", "B1"]`), cue: 1},
	{name: "check unit at three", src: checkWith(`at: "A1"`, `at: ["A1", "B1", "C1"]`), cue: -1},
	{name: "check unit at empty", src: checkWith(`at: "A1"`, `at: []`), cue: -1},
	{name: "check unit no units", src: checkWith(`units: [{id: "u", profile: {}, at: "A1"}]`, `player: 1`), cue: 1},
	{name: "check side name bad", src: checkWith(`red:`, `Red:`), cue: -1},
	{name: "check hand missing", src: checkWith(`hand: "red", `, ``), cue: -1},
	{name: "check script op paths", src: checkWith("script: []", `script: [{side: "red", unit: "u", space: "p1-move", do: [{move: "B1", path: []}, {move: ["B1", "C1"], path: [[], ["C1"]]}, {run: "C3", path: ["B2", "C3"]}]}]`), cue: 1},
	{name: "check script op one path list", src: checkWith("script: []", `script: [{do: [{move: "B1", path: [["B1"]]}]}]`), cue: -1},
	{name: "check script pass true", src: checkWith("script: []", `script: [{side: "red", pass: true}]`), cue: 1},
	{name: "check script pass false", src: checkWith("script: []", `script: [{side: "red", pass: false}]`), cue: -1},
	{name: "check script hide false", src: checkWith("script: []", `script: [{do: [{hide: false}]}]`), cue: -1},
	{name: "check script fails", src: checkWith("script: []", `script: [{fails: "space-taken"}, {fails: "path-invalid"}]`), cue: 1},
	{name: "check script fails bad", src: checkWith("script: []", `script: [{fails: "space"}]`), cue: -1},
	{name: "check expect", src: checkWith("script: []", `script: [{expect: {units: {u: {wounds: 0, at: ["A1", "B1"], removed: false}}, sides: {red: {vp: 0, orders: {any: 0}}}, winner: "draw", phase: "over", spaces: {"p1-move": true}}}]`), cue: 1},
	{name: "check expect winner bad", src: checkWith("script: []", `script: [{expect: {winner: "Draw"}}]`), cue: -1},
	{name: "check expect unit bad id", src: checkWith("script: []", `script: [{expect: {units: {U: {wounds: 0}}}}]`), cue: -1},
	{name: "check exchange", src: checkWith("script: []", `script: [{exchange: {give: ["a", "b"], take: "c"}}]`), cue: 1},
	{name: "check exchange one", src: checkWith("script: []", `script: [{exchange: {give: ["a"], take: "c"}}]`), cue: -1},
	{name: "check dice", src: checkWith("script: []", `script: [{dice: [1, 10]}]`), cue: 1},
	{name: "check dice 0", src: checkWith("script: []", `script: [{dice: [0]}]`), cue: -1},
	{name: "check units tokens", src: checkWith(`at: "A1"`, `at: "A1", tokens: {wound: 20, stress: 0}`), cue: 1},
	{name: "check units tokens bad", src: checkWith(`at: "A1"`, `at: "A1", tokens: {wounds: 1}`), cue: -1},
	{name: "check inline action board", src: checkWith("script: []", `actionBoard: {turns: 8, periods: [], spaces: [{id: "s", period: 1, actions: ["move"]}]}, script: []`), cue: 1},
	{name: "check inline action board no actions", src: checkWith("script: []", `actionBoard: {turns: 8, periods: [], spaces: [{id: "s", period: 1, actions: []}]}, script: []`), cue: -1},

	// Fixed and open lists.
	{name: "leader one period", src: sub(advLeader, "[{raiders: 5}, {raiders: 6}]", "[{raiders: 5}]"), cue: -1},
	{name: "leader three periods", src: sub(advLeader, "[{raiders: 5}, {raiders: 6}]", "[{raiders: 5}, {raiders: 6}, {}]"), cue: -1},
	{name: "leader empty orders", src: sub(advLeader, "[{raiders: 5}, {raiders: 6}]", "[{}, {}]"), cue: 1},
	{name: "leader orders 7", src: sub(advLeader, "[{raiders: 5}, {raiders: 6}]", "[{raiders: 7}, {}]"), cue: -1},
	{name: "leader no confrontation", src: sub(advLeader, ", confrontation: orders: [{raiders: 3}, {raiders: 4}, {raiders: 4}]", ""), cue: -1},
	{name: "leader empty confrontation", src: sub(advLeader, "confrontation: orders: [{raiders: 3}, {raiders: 4}, {raiders: 4}]", "confrontation: {}"), cue: -1},
	{name: "reference empty skills", src: `references: r: {name: {en: "R", fr: "R"}, faction: "raiders", skills: []}`, cue: 1},
	{name: "reference no skills", src: `references: r: {name: {en: "R", fr: "R"}, faction: "raiders"}`, cue: -1},
	{name: "deck attachments", src: `decks: d: {name: {en: "D", fr: "D"}, format: "exploration", cards: [], attachments: [{upgrade: "a", to: "b"}]}`, cue: 1},
	{name: "deck attachments default", src: `decks: d: {name: {en: "D", fr: "D"}, format: "exploration", cards: []}`, cue: 1},
	{name: "deck attachment missing to", src: `decks: d: {name: {en: "D", fr: "D"}, format: "exploration", cards: [], attachments: [{upgrade: "a"}]}`, cue: -1},
	{name: "objective no scoring", src: `objectives: o: {name: {en: "O", fr: "O"}, format: "exploration", text: {en: "T", fr: "T"}, scoring: []}`, cue: -1},
	{name: "objective scoring", src: `objectives: o: {name: {en: "O", fr: "O"}, format: "exploration", text: {en: "T", fr: "T"}, scoring: [{kind: "keep-alive", vp: 10}]}`, cue: 1},
	{name: "action board", src: `actionBoards: a: {name: {en: "A", fr: "A"}, format: "exploration", turns: 8, periods: [1, 8], spaces: [{id: "s", period: 4, actions: ["aim", "hide"], modifiers: ["extra-die"]}]}`, cue: 1},
	{name: "action board period 0", src: `actionBoards: a: {name: {en: "A", fr: "A"}, format: "exploration", turns: 8, periods: [0], spaces: []}`, cue: -1},
	{name: "terrain defaults", src: `scenarios: s: {name: {en: "S", fr: "S"}, format: "exploration", text: {en: "T", fr: "T"}, board: {cols: 8, rows: 16}, terrain: [{at: "A1"}, {at: "B2", blocksMove: false}], deployment: [{player: 1, from: "A1", to: "B2"}, {player: 2, from: "A1", to: "B2"}], scoring: []}`, cue: 1},

	// Presence markers in data.
	{name: "optional marker in data", src: charAdd(`morale?: 3`), cue: 1},
	{name: "required marker in data", src: charAdd(`morale!: 3`), cue: -1},
	{name: "optional marker on a required field", src: charWith("attack: 5", "attack?: 5"), cue: -1},
	{name: "optional marker on a bad value", src: charAdd(`morale?: 99`)},

	// Expressions, references and other non-data forms.
	{name: "disjunction value", src: charWith("attack: 5", "attack: 5 | 6")},
	{name: "default value", src: charWith("attack: 5", "attack: *5 | 6"), cue: 1},
	{name: "conjunction value", src: charWith("attack: 5", "attack: int & 5"), cue: 1},
	{name: "reference to a sibling", src: charWith("run: 2", "run: speed - 1"), cue: 1},
	{name: "let", src: "let n = 5\n" + charWith("attack: 5", "attack: n"), cue: 1},
	{name: "import", src: "import \"strings\"\n\n" + charWith(`en: "X"`, `en: strings.ToUpper("x")`), cue: 1},
	{name: "import unused", src: "import \"strings\"\n\n" + advChar},
	{name: "comprehension", src: "for k in [\"y\"] {characters: (k): {}}\n" + advChar},
	{name: "embedded struct", src: "{" + advChar + "}\n"},
	{name: "embedded scalar", src: "5\n" + advChar},
	{name: "bottom", src: charWith("attack: 5", "attack: _|_")},
	{name: "top", src: charWith("attack: 5", "attack: _")},
	{name: "comments everywhere", src: "// a\n" + sub(advChar, "attack: 5", "// b\n\tattack: /* c */ 5 // d"), cue: 1},
	{name: "package other", src: "package warstuff\n\n" + advChar},
	{name: "no package", src: "\n" + advChar},
	{name: "ellipsis in data", src: charWith("cost: {raiders: 1}", "cost: {raiders: 1, ...}")},
	{name: "close in data", src: charWith("cost: {raiders: 1}", "cost: close({raiders: 1})"), cue: 1},
	{name: "pattern in data", src: charWith("cost: {raiders: 1}", "cost: {[string]: 1}")},

	// Draft mode.
	{name: "draft missing fr", src: charWith(`en: "X", fr: "X"`, `en: "X"`), draft: true, cue: 1},
	{name: "draft empty name", src: charWith(`en: "X", fr: "X"`, ``), draft: true, cue: 1},
	{name: "draft empty en", src: charWith(`en: "X", fr: "X"`, `en: ""`), draft: true, cue: -1},
	{name: "draft placeholder given", src: charWith(`en: "X", fr: "X"`, `en: "X", fr: "[texte français manquant]"`), draft: true, cue: 1},
	{name: "draft placeholder given to en", src: charWith(`en: "X", fr: "X"`, `en: "[texte français manquant]"`), draft: true, cue: 1},
	{name: "draft missing name", src: charWith(`name: {en: "X", fr: "X"}`, ``), draft: true, cue: -1},
	{name: "draft null fr", src: charWith(`en: "X", fr: "X"`, `en: "X", fr: null`), draft: true, cue: -1},
	{name: "draft set", src: `set: {name: {fr: "S"}}`, draft: true, cue: 1},
	{name: "draft strings", src: `strings: {"a.b": {}}`, draft: true, cue: 1},
	{name: "draft check", src: advCheck, draft: true, cue: 1},
	{name: "draft skill", src: sub(skillOp(`{flag: "protector"}`), `text: {en: "T", fr: "T"}`, `text: {fr: "T"}`), draft: true, cue: 1},
	{name: "missing fr not draft", src: charWith(`en: "X", fr: "X"`, `en: "X"`), cue: -1},
}

// advUnit checks the file a.cue of fsys as a unit both ways: the fast
// path (fastOK, with its entities) and CUE's evaluation (cueOK: valid with
// no entity diagnostic).
func advUnit(t *testing.T, src []byte, draft bool) (fast, cue *unitResult, fastOK, cueOK, parsed bool) {
	t.Helper()
	c := schema.NewCache()
	c.Begin()
	defer c.End()
	l := newLoader(mapFS(map[string][]byte{"a.cue": src}), Options{Cache: c, Draft: draft})
	schemaFiles, err := l.schemaFiles()
	if err != nil {
		t.Fatal(err)
	}
	f := l.parseFile("a.cue")
	if f == nil {
		return nil, nil, false, false, false
	}
	files := []*ast.File{f}
	if _, why := units(schemaFiles, files); why != "" {
		t.Logf("not a unit on its own: %s", why)
		return nil, nil, false, false, false
	}
	fast, fastOK = l.fastUnit(compileFast(schemaFiles), files)
	cue, ok := l.evalUnit(schemaFiles, files)
	cueOK = ok
	if ok {
		for _, e := range cue.entities {
			if len(e.errs) > 0 {
				cueOK = false
			}
		}
	}
	return fast, cue, fastOK, cueOK, true
}

func TestFastPathAdversarial(t *testing.T) {
	if testing.Short() {
		t.Skip("long: make test runs it, not -short")
	}
	counts := map[string]int{}
	for _, c := range advCases {
		t.Run(c.name, func(t *testing.T) {
			src := c.src
			if !strings.HasPrefix(src, "package ") {
				src = "package warbound\n\n" + src
			}
			files := map[string][]byte{"a.cue": []byte(src)}
			for name, s := range c.more {
				files[name] = []byte("package warbound\n\n" + s)
			}
			if c.more == nil {
				fast, cue, fastOK, cueOK, parsed := advUnit(t, []byte(src), c.draft)
				switch {
				case !parsed:
					counts["not parsed or not a unit"]++
				case fastOK && !cueOK:
					t.Errorf("the fast path says valid, CUE says invalid")
				case fastOK:
					counts["both valid"]++
					// (DeepEqual sees -0 and 0 as equal; JSON does not)
					if !reflect.DeepEqual(fast.entities, cue.entities) || entitiesJSON(t, fast) != entitiesJSON(t, cue) {
						t.Errorf("the entities differ:\nfast: %s\ncue:  %s\n%s\n%s", entitiesText(fast), entitiesText(cue), entitiesJSON(t, fast), entitiesJSON(t, cue))
					}
				case cueOK:
					counts["valid for CUE only"]++
				default:
					counts["both invalid"]++
				}
				if parsed && c.cue != 0 && cueOK != (c.cue > 0) {
					t.Errorf("CUE says valid %v, the case expects %v", cueOK, c.cue > 0)
				}
				t.Logf("parsed %v, fast %v, cue %v", parsed, fastOK, cueOK)
			}
			if whole := loadWays(t, mapFS(files), Options{Draft: c.draft}); whole && c.perFile {
				t.Error("evaluated as a whole package, want file by file")
			}
		})
	}
	t.Logf("%d cases: %v", len(advCases), counts)
}

func entitiesJSON(t *testing.T, r *unitResult) string {
	var b strings.Builder
	for _, e := range r.entities {
		j, err := json.Marshal(e.cat)
		if err != nil {
			t.Fatal(err)
		}
		b.Write(j)
	}
	return b.String()
}

func entitiesText(r *unitResult) string {
	var b strings.Builder
	for _, e := range r.entities {
		fmt.Fprintf(&b, "%s.%s %+v %v\n", collections[e.coll].name, e.id, *e.cat, e.errs)
	}
	return b.String()
}

// The form mutants: the corpus's plain-data files (fastmut_test.go), some
// with a value mutated, written again in other syntactic forms of the
// same values, chosen at random: quoted labels and labels with escapes,
// hex, octal, binary and underscored ints, -0, floats with trailing zeros,
// exponents or a leading dot, -0.0, strings escaped, raw or multi-line,
// a field given twice with an equal value, comments. The fast path must
// never say valid when CUE says invalid, and when both say valid their
// JSON must be equal, numbers compared exactly (the sign of a zero too).

func formMutants(t testing.TB, seed uint64, n int, draft bool) (counts map[string]int, problems []string) {
	corpus := fastCorpus(t)
	var files []string
	for name := range corpus {
		files = append(files, name)
	}
	sort.Strings(files)
	schemaFiles, err := newLoader(nil, Options{Draft: draft}).parseSchemaFiles()
	if err != nil {
		t.Fatal(err)
	}
	fast := compileFast(schemaFiles)
	r := rand.New(rand.NewPCG(seed, 29))
	counts = map[string]int{}
	names := []string{"any", "id", "faction", "colour", "nameGroup", "x", "board", "format", "cols"}
	strs := []string{"", "raiders", "A1", "move", "exploration", "confrontation", "x"}
	// the files with floats, few in the corpus, get a quarter of the
	// mutants: floats have the most forms
	var floats []string
	for _, name := range files {
		m, _ := readMutFile(corpus[name])
		all, _, _ := m.nodes()
		if slices.ContainsFunc(all, func(n mutNode) bool { return n.v.kind == kFloat }) {
			floats = append(floats, name)
		}
	}
	for i := 0; i < n; i++ {
		name := files[r.IntN(len(files))]
		if len(floats) > 0 && r.IntN(4) == 0 {
			name = floats[r.IntN(len(floats))]
		}
		m, err := readMutFile(corpus[name])
		if err != nil {
			t.Fatal(err)
		}
		kind := "forms"
		if r.IntN(2) == 0 {
			kind = m.mutate(r, names, strs)
		}
		w := formWriter{r: r, fastForms: r.IntN(2) == 0}
		if w.fastForms {
			kind += ", forms the fast path reads"
		}
		var b strings.Builder
		b.WriteString("package warbound\n\n")
		for _, f := range m.top {
			b.WriteString(w.label(f.name) + ": ")
			w.write(&b, f.v)
			b.WriteString("\n")
		}
		src := []byte(b.String())
		f, err := parser.ParseFile("mut.cue", src)
		if err != nil {
			t.Fatalf("form mutant of %s does not parse: %v\n%s", name, err, src)
		}
		ents, fastOK := fast.file(f)
		want, cueOK := cueVerdict(schemaFiles, src)
		judgeMutant(counts, &problems, name+" "+kind, src, ents, fastOK, want, cueOK, sameJSONExact)
	}
	return counts, problems
}

// TestFastPathFormMutants runs the form mutants (WBTOOL_FAST_MUTANTS sets
// how many; 300 by default), with the schema as it is and in draft mode.
func TestFastPathFormMutants(t *testing.T) {
	if testing.Short() {
		t.Skip("long: make test runs it, not -short")
	}
	n := mutantCount(300, 60)
	for _, draft := range []bool{false, true} {
		counts, problems := formMutants(t, 1, n, draft)
		t.Logf("%d form mutants, draft %v: %v", n, draft, counts)
		reportProblems(t, problems)
		if counts["both valid"] < n/10 || counts["valid for CUE only"] < n/10 {
			t.Errorf("form mutants too one-sided to test anything: %v", counts)
		}
	}
}

// label writes a label: an identifier, quoted, or quoted with an
// escape.
func (w formWriter) label(s string) string {
	r := w.r
	switch w.pick(4, 0, 2, 3) {
	case 0:
		return literal.String.Quote(s)
	case 1:
		return escapeOne(literal.String.Quote(s), r)
	}
	return cueLabel(s)
}

// escapeOne writes one letter of a quoted string as a \u escape.
func escapeOne(q string, r *rand.Rand) string {
	var at []int
	for i := 1; i < len(q)-1; i++ {
		switch {
		case q[i] == '\\' && q[i+1] == 'u':
			i += 5
		case q[i] == '\\' && q[i+1] == 'U':
			i += 9
		case q[i] == '\\':
			i++
		case q[i] >= 'a' && q[i] <= 'z':
			at = append(at, i)
		}
	}
	if len(at) == 0 {
		return q
	}
	i := at[r.IntN(len(at))]
	return q[:i] + fmt.Sprintf(`\u%04x`, q[i]) + q[i+1:]
}

// formWriter writes values in random forms; with fastForms, only forms the
// fast path reads (quoted labels without escapes, escaped and multi-line
// strings, -0, floats with trailing zeros, comments), so that the fast
// path's side of the comparison is exercised too.
type formWriter struct {
	r         *rand.Rand
	fastForms bool
}

// pick is a random form among n, or the plain one (n-1 is the plain one's
// share) when only the forms in read are allowed.
func (w formWriter) pick(n int, read ...int) int {
	k := w.r.IntN(n)
	if w.fastForms && !slices.Contains(read, k) {
		return -1
	}
	return k
}

func (w formWriter) write(b *strings.Builder, d *dval) {
	r := w.r
	switch d.kind {
	case kString:
		q := literal.String.Quote(d.str)
		switch w.pick(6, 0, 2, 3, 4, 5) {
		case 0:
			q = escapeOne(q, r)
		case 1:
			if !strings.ContainsAny(d.str, "\"\\\n") {
				q = `#"` + d.str + `"#`
			}
		case 2:
			if !strings.Contains(d.str, "\n") {
				q = "\"\"\"\n\t\t" + q[1:len(q)-1] + "\n\t\t\"\"\""
			}
		}
		b.WriteString(q)
	case kInt:
		i := d.i
		neg, u := i < 0, i
		if neg {
			u = -i
		}
		sign := ""
		if neg {
			sign = "-"
		}
		switch w.pick(7, 4, 5, 6) {
		case 0:
			fmt.Fprintf(b, "%s0x%x", sign, u)
		case 1:
			fmt.Fprintf(b, "%s0o%o", sign, u)
		case 2:
			fmt.Fprintf(b, "%s0b%b", sign, u)
		case 3:
			if s := strconv.FormatInt(u, 10); len(s) > 1 {
				fmt.Fprintf(b, "%s%s_%s", sign, s[:1], s[1:])
			} else {
				b.WriteString(d.str)
			}
		case 4:
			if i == 0 {
				b.WriteString("-0")
			} else {
				b.WriteString(d.str)
			}
		default:
			b.WriteString(d.str)
		}
	case kFloat:
		s := d.str
		neg := strings.HasPrefix(s, "-")
		s = strings.TrimPrefix(s, "-")
		sign := ""
		if neg {
			sign = "-"
		}
		intPart, frac, _ := strings.Cut(s, ".")
		switch w.pick(6, 0, 3, 4, 5) {
		case 0:
			s += "00"
		case 1:
			s = intPart + frac + "e-" + strconv.Itoa(len(frac))
		case 2:
			if intPart == "0" {
				s = "." + frac
			}
		case 3: // a value of its own: -0.0
			s, sign = "0.0", "-"
		}
		b.WriteString(sign + s)
	case kBool:
		b.WriteString(strconv.FormatBool(d.b))
	case kNull:
		b.WriteString("null")
	case kStruct:
		b.WriteString("{")
		if r.IntN(10) == 0 {
			b.WriteString(" // c\n")
		}
		for i, f := range d.fields {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(w.label(f.name) + ": ")
			w.write(b, f.v)
			if !w.fastForms && r.IntN(15) == 0 { // the same field again, equal
				b.WriteString(", " + w.label(f.name) + ": ")
				w.write(b, f.v)
			}
		}
		b.WriteString("}")
	case kList:
		b.WriteString("[")
		for i, e := range d.elems {
			if i > 0 {
				b.WriteString(", ")
			}
			w.write(b, e)
		}
		b.WriteString("]")
	}
}

// sameJSONExact: equal JSON, numbers compared as exact decimals, the sign
// of a zero included.
func sameJSONExact(a, b []byte) bool {
	var x, y any
	da, db := json.NewDecoder(bytes.NewReader(a)), json.NewDecoder(bytes.NewReader(b))
	da.UseNumber()
	db.UseNumber()
	if da.Decode(&x) != nil || db.Decode(&y) != nil {
		return false
	}
	return sameValue(x, y)
}

func sameValue(x, y any) bool {
	switch x := x.(type) {
	case json.Number:
		y, ok := y.(json.Number)
		if !ok {
			return false
		}
		rx, ok1 := new(big.Rat).SetString(string(x))
		ry, ok2 := new(big.Rat).SetString(string(y))
		negZero := func(n json.Number) bool { return strings.HasPrefix(string(n), "-") }
		return ok1 && ok2 && rx.Cmp(ry) == 0 && (rx.Sign() != 0 || negZero(x) == negZero(y))
	case map[string]any:
		y, ok := y.(map[string]any)
		if !ok || len(x) != len(y) {
			return false
		}
		for k, v := range x {
			if w, ok := y[k]; !ok || !sameValue(v, w) {
				return false
			}
		}
		return true
	case []any:
		y, ok := y.([]any)
		if !ok || len(x) != len(y) {
			return false
		}
		for i := range x {
			if !sameValue(x[i], y[i]) {
				return false
			}
		}
		return true
	}
	return reflect.DeepEqual(x, y)
}
