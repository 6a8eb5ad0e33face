package site

import (
	"bytes"
	"encoding/json"
	"sort"
	"strings"
)

// The card search (issue 17 item 1): free words plus typed fields, e.g.
// `f:raiders t:character o<=2 x:"sharp"`. This file is the one source of
// the fields: their long names and short aliases, what they compare, the
// values a word field knows. The search index (search-index.js and .json)
// carries them to assets/search.js, and the help page is written from the
// same table, so a field cannot be documented under one name and parsed
// under another.

// FieldKind is how a field compares.
type FieldKind string

const (
	FieldText   FieldKind = "text"   // folded substring: name, text
	FieldWord   FieldKind = "word"   // one of known values (id or name prefix): faction, type
	FieldNumber FieldKind = "number" // = < <= > >= against a number: cost, stats
)

// searchWords are the words of the syntax itself, in both languages:
// a query may join terms with "and"/"et", "or"/"ou" and negate with
// "not"/"non" (or a leading "-").
var searchWords = map[string][]string{
	"and": {"and", "et"},
	"or":  {"or", "ou"},
	"not": {"not", "non"},
}

// IndexValue is a value a word field knows: an id and the folded words
// that name it in the page's language (and its id).
type IndexValue struct {
	ID    string   `json:"id"`
	Names []string `json:"names"`
	Label string   `json:"label"`
}

// IndexField is a field as the page's script sees it.
type IndexField struct {
	Name      string       `json:"name"`
	Alias     string       `json:"alias"`
	Kind      FieldKind    `json:"kind"`
	PerColour bool         `json:"perColour,omitempty"`
	Label     string       `json:"label"`
	Values    []IndexValue `json:"values,omitempty"`
}

// IndexEntry is one card in the search index. Reusable data (the deck
// builder reads the JSON copy): ids, numbers and the words each word field
// matches.
type IndexEntry struct {
	ID      string              `json:"id"`
	Name    string              `json:"name"`
	Kind    string              `json:"kind"`
	Faction string              `json:"faction"` // "neutral" when the card has none
	Cost    int                 `json:"cost"`    // total activation cost, -1 for none
	Img     string              `json:"img"`     // its front, relative to the language folder
	Body    string              `json:"body"`    // rules text as plain text, for free words and the matched excerpt
	Num     map[string]int      `json:"num,omitempty"`
	Colours map[string]int      `json:"colours,omitempty"` // cost per colour (faction id or "any")
	Words   map[string][]string `json:"words"`             // word field → value ids
}

// IndexData is what search-index.js gives the page.
type IndexData struct {
	Fields   []IndexField        `json:"fields"`
	Words    map[string][]string `json:"words"`
	Messages map[string]string   `json:"messages"`
	Help     string              `json:"help"` // the help page, relative to the language folder
	Cards    []IndexEntry        `json:"cards"`
}

// SearchMessages are the label keys of the script's messages.
var SearchMessages = []string{"search.err.field", "search.err.value", "search.err.number", "search.err.op",
	"search.err.paren", "search.err.empty", "search.err.colour", "search.didyoumean", "search.help.link", "search.count", "search.more"}

// IndexFiles are the index as JSON, for other tools (and the deck
// builder), and the same index as a script that sets globals, so that the
// card list can load it with <script src> from file:// (where fetch of a
// JSON file is refused). encoding/json escapes <, > and & and the line
// separators U+2028/2029, so no content can end the script.
func IndexFiles(d IndexData) (jsonFile, script []byte) {
	data, _ := json.Marshal(d) // plain strings, ints and maps: cannot fail
	jsonFile = append(data[:len(data):len(data)], '\n')
	var buf bytes.Buffer
	buf.Grow(len(data) + 100)
	buf.WriteString("window.WB_SEARCH = ")
	buf.Write(data)
	buf.WriteString(";\nwindow.WB_SEARCH_INDEX = window.WB_SEARCH.cards;\n")
	return jsonFile, buf.Bytes()
}

// ---------------------------------------------------------------------------
// A game's search (the frame's API): its fields and entries, in the index
// format assets/search.js reads.

// SearchField is a typed field of a game's search.
type SearchField struct {
	Name  string // long name, English, lower case: "quality"
	Alias string // short alias: "q"
	Kind  string // "text" (name or text), "word" (one of Values) or "number"
	Label string // what it reads, in the page's language
	// Values are the values a word field knows.
	Values []SearchValue
}

// SearchValue is a value of a word field: its id and the names it is
// known by in the page's language (folded by SearchIndex).
type SearchValue struct {
	ID    string
	Label string
	Names []string
}

// SearchEntry is one thing a game's search finds.
type SearchEntry struct {
	ID   string
	Name string
	Kind string
	Cost int    // -1 for none
	Img  string // its picture, relative to the language folder
	Body string // its text, for free words and the matched excerpt
	// Num are its number fields' values ("name" of a SearchField: value);
	// "text" and "name" fields read Name and Body.
	Num   map[string]int
	Words map[string][]string // word field → ids of its values
}

// SearchIndex is a game's index as search-index.js (set as a script
// before assets/search.js) and search-index.json. label gives the
// search's messages in the page's language (search.err.*, search.count,
// search.more, search.didyoumean, search.help.link); help is the page
// the syntax errors link to, relative to the language folder.
func SearchIndex(fields []SearchField, entries []SearchEntry, label func(key string) string, help string) (js, jsonData []byte) {
	d := IndexData{Words: searchWords, Messages: map[string]string{}, Help: help, Cards: []IndexEntry{}}
	for _, f := range fields {
		v := IndexField{Name: f.Name, Alias: f.Alias, Kind: FieldKind(f.Kind), Label: f.Label}
		for _, val := range f.Values {
			fv := IndexValue{ID: val.ID, Names: []string{Fold(val.ID)}, Label: val.Label}
			for _, n := range val.Names {
				if n := Fold(n); !ContainsString(fv.Names, n) {
					fv.Names = append(fv.Names, n)
				}
			}
			v.Values = append(v.Values, fv)
		}
		d.Fields = append(d.Fields, v)
	}
	for _, e := range entries {
		d.Cards = append(d.Cards, IndexEntry{ID: e.ID, Name: e.Name, Kind: e.Kind, Cost: e.Cost, Img: e.Img, Body: e.Body, Num: e.Num, Words: e.Words})
	}
	sort.SliceStable(d.Cards, func(i, j int) bool { return d.Cards[i].ID < d.Cards[j].ID })
	for _, k := range SearchMessages {
		d.Messages[strings.TrimPrefix(k, "search.")] = label(k)
	}
	jsonData, js = IndexFiles(d)
	return js, jsonData
}

// SearchWords are the words of the search syntax ("and", "or", "not") in
// both languages, for a game's help.
func SearchWords() map[string][]string { return searchWords }

// ContainsString reports whether s holds x.
func ContainsString(s []string, x string) bool {
	for _, v := range s {
		if v == x {
			return true
		}
	}
	return false
}
