package site

import (
	"bytes"
	"encoding/json"
	"net/url"
	"sort"
	"strings"

	"wbtool.dev/wbtool/games/warbound/wbcatalog"
)

// The card search (issue 17 item 1): free words plus typed fields, e.g.
// `f:raiders t:character o<=2 x:"sharp"`. This file is the one source of
// the fields: their long names and short aliases, what they compare, the
// values a word field knows. The search index (search-index.js and .json)
// carries them to assets/search.js, and the help page is written from the
// same table, so a field cannot be documented under one name and parsed
// under another.

// fieldKind is how a field compares.
type fieldKind string

const (
	fieldText   fieldKind = "text"   // folded substring: name, text
	fieldWord   fieldKind = "word"   // one of known values (id or name prefix): faction, type
	fieldNumber fieldKind = "number" // = < <= > >= against a number: cost, stats
)

// searchField is a typed field of the search syntax.
type searchField struct {
	Name  string    // long name, English, lower case: "faction"
	Alias string    // short alias: "f"
	Kind  fieldKind //
	// PerColour: the field takes a colour after a dot, "cost.raiders>=1"
	// (a faction's id or name, or "any" for colourless Orders).
	PerColour bool
	// Example is the value the help page shows; "" takes the first of the
	// field's values.
	Example string
	Label   string // the label key of its description
}

// searchFields are the fields of the search syntax, in the help page's
// order.
var searchFields = []searchField{
	{Name: "name", Alias: "n", Kind: fieldText, Example: "cop", Label: "search.field.name"},
	{Name: "text", Alias: "x", Kind: fieldText, Example: `"sharp"`, Label: "search.field.text"},
	{Name: "faction", Alias: "f", Kind: fieldWord, Label: "search.field.faction"},
	{Name: "type", Alias: "t", Kind: fieldWord, Example: "character", Label: "search.field.type"},
	{Name: "cost", Alias: "o", Kind: fieldNumber, PerColour: true, Example: "<=2", Label: "search.field.cost"},
	{Name: "attack", Alias: "a", Kind: fieldNumber, Example: "<=4", Label: "search.field.attack"},
	{Name: "speed", Alias: "s", Kind: fieldNumber, Example: ">=4", Label: "search.field.speed"},
	{Name: "run", Alias: "r", Kind: fieldNumber, Example: ">=2", Label: "search.field.run"},
	{Name: "accuracy", Alias: "acc", Kind: fieldNumber, Example: "<=4", Label: "search.field.accuracy"},
	{Name: "ranged", Alias: "rd", Kind: fieldNumber, Example: ">=2", Label: "search.field.ranged"},
	{Name: "melee", Alias: "md", Kind: fieldNumber, Example: ">=2", Label: "search.field.melee"},
	{Name: "health", Alias: "h", Kind: fieldNumber, Example: ">=5", Label: "search.field.health"},
	{Name: "morale", Alias: "m", Kind: fieldNumber, Example: ">0", Label: "search.field.morale"},
	{Name: "armour", Alias: "ar", Kind: fieldNumber, Example: ">=1", Label: "search.field.armour"},
	{Name: "gear", Alias: "g", Kind: fieldWord, Label: "search.field.gear"},
	{Name: "skill", Alias: "k", Kind: fieldWord, Label: "search.field.skill"},
	{Name: "format", Alias: "l", Kind: fieldWord, Example: "exploration", Label: "search.field.format"},
}

// searchWords are the words of the syntax itself, in both languages:
// a query may join terms with "and"/"et", "or"/"ou" and negate with
// "not"/"non" (or a leading "-").
var searchWords = map[string][]string{
	"and": {"and", "et"},
	"or":  {"or", "ou"},
	"not": {"not", "non"},
}

// searchSorts are the sort orders of the card list (key and label key):
// the relevance of the query, then a few fields.
var searchSorts = [][2]string{{"relevance", "sort.relevance"}, {"name", "sort.name"}, {"cost", "sort.cost"},
	{"faction", "sort.faction"}, {"type", "sort.type"}, {"attack", "search.field.attack"},
	{"speed", "search.field.speed"}, {"health", "search.field.health"}}

// formats lists the game formats in the order the site shows them.
var formats = []wbcatalog.Format{wbcatalog.Exploration, wbcatalog.Confrontation}

// fieldValue is a value a word field knows: an id and the folded words
// that name it in the page's language (and its id).
type fieldValue struct {
	ID    string   `json:"id"`
	Names []string `json:"names"`
	Label string   `json:"label"`
}

// fieldView is a field as the page's script sees it.
type fieldView struct {
	Name      string       `json:"name"`
	Alias     string       `json:"alias"`
	Kind      fieldKind    `json:"kind"`
	PerColour bool         `json:"perColour,omitempty"`
	Label     string       `json:"label"`
	Values    []fieldValue `json:"values,omitempty"`
}

// searchEntry is one card in the search index. Reusable data (the deck
// builder reads the JSON copy): ids, numbers and the words each word field
// matches.
type searchEntry struct {
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

// searchData is what search-index.js gives the page.
type searchData struct {
	Fields   []fieldView         `json:"fields"`
	Words    map[string][]string `json:"words"`
	Messages map[string]string   `json:"messages"`
	Help     string              `json:"help"` // the help page, relative to the language folder
	Cards    []searchEntry       `json:"cards"`
}

// searchMessages are the label keys of the script's messages.
var searchMessages = []string{"search.err.field", "search.err.value", "search.err.number", "search.err.op",
	"search.err.paren", "search.err.empty", "search.err.colour", "search.didyoumean", "search.help.link", "search.count", "search.more"}

// fieldValues lists the values of word field name in language l.
func (b *builder) fieldValues(name string, l wbcatalog.Lang) []fieldValue {
	var out []fieldValue
	add := func(id string, names ...string) {
		v := fieldValue{ID: id, Names: []string{fold(id)}, Label: names[0]}
		for _, n := range names {
			if f := fold(n); f != v.Names[0] && !containsString(v.Names, f) {
				v.Names = append(v.Names, f)
			}
		}
		out = append(out, v)
	}
	switch name {
	case "faction":
		for _, f := range b.cat.Factions {
			add(f.ID, f.Name.In(l))
		}
		add("neutral", b.label("cards.neutral", l))
	case "type":
		for _, k := range b.kinds() {
			add(string(k), b.label("kind."+string(k), l), b.label("kinds."+string(k), l))
		}
		add("upgrade", b.label("kind.upgrade", l), b.label("kinds.upgrade", l))
	case "gear":
		for _, g := range []wbcatalog.Gear{wbcatalog.GearRanged, wbcatalog.GearMelee, wbcatalog.GearArmor} {
			add(string(g), b.label("gear."+string(g), l))
		}
	case "format":
		for _, f := range formats {
			add(string(f), b.label("format."+string(f), l))
		}
	case "skill":
		for _, s := range b.cat.Skills {
			add(s.ID, s.Name.In(l))
		}
	}
	return out
}

func containsString(s []string, x string) bool {
	for _, v := range s {
		if v == x {
			return true
		}
	}
	return false
}

// fieldViews are the fields for the page of language l.
func (b *builder) fieldViews(l wbcatalog.Lang) []fieldView {
	out := make([]fieldView, 0, len(searchFields))
	for _, f := range searchFields {
		v := fieldView{Name: f.Name, Alias: f.Alias, Kind: f.Kind, PerColour: f.PerColour, Label: b.label(f.Label, l)}
		if f.Kind == fieldWord {
			v.Values = b.fieldValues(f.Name, l)
		}
		out = append(out, v)
	}
	return out
}

// searchEntries builds the index of cards cs in language l.
func (b *builder) searchEntries(l wbcatalog.Lang, cs []card) []searchEntry {
	out := make([]searchEntry, 0, len(cs))
	for _, c := range cs {
		var body []string
		seen := map[string]bool{}
		for _, t := range c.texts {
			if s := strings.TrimSpace(b.searchText(t.In(l), l)); s != "" && !seen[s] {
				seen[s] = true
				body = append(body, s)
			}
		}
		fac := c.Faction
		if b.cat.Faction(fac) == nil {
			fac = "neutral"
		}
		bodyText := strings.Join(body, " · ")
		e := searchEntry{ID: c.ID, Name: c.Name.In(l), Kind: string(c.Kind), Faction: fac, Cost: c.Cost,
			Img:   "cards/" + c.ID + "/front.svg",
			Body:  bodyText,
			Words: map[string][]string{"faction": {fac}, "type": {string(c.Kind)}}}
		if c.Kind.IsUpgrade() {
			e.Words["type"] = append(e.Words["type"], "upgrade")
		}
		b.cardFacts(&e, c)
		out = append(out, e)
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out
}

// cardFacts fills the numbers and words of the typed fields: a
// Character's front statistics and cost, gear icons, skills and the
// formats the card is played in.
func (b *builder) cardFacts(e *searchEntry, c card) {
	var fmts []string
	switch c.Kind {
	case wbcatalog.KindCharacter:
		ch := b.cat.Character(c.ID)
		p := &ch.Front
		e.Num = map[string]int{"cost": p.Cost.Total(), "attack": p.Attack, "speed": p.Speed, "run": p.Run,
			"ranged": p.RangedDice(), "melee": p.MeleeDice(), "health": p.Health, "morale": p.Morale, "armour": 0}
		if p.Accuracy != nil {
			e.Num["accuracy"] = p.Accuracy.Near
		}
		if p.Armor != nil {
			e.Num["armour"] = p.Armor.Points
		}
		e.Colours = map[string]int{}
		for k, n := range p.Cost {
			if n > 0 {
				e.Colours[k] = n
			}
		}
		for _, g := range p.Gear {
			e.Words["gear"] = append(e.Words["gear"], string(g))
		}
		for _, id := range append(append([]string(nil), ch.Front.Skills...), ch.Panic.Skills...) {
			if !containsString(e.Words["skill"], id) {
				e.Words["skill"] = append(e.Words["skill"], id)
			}
		}
	case wbcatalog.KindLeader:
		e.Words["skill"] = []string{b.cat.Leader(c.ID).Skill}
	case wbcatalog.KindEquipment:
		if g := b.cat.EquipmentCard(c.ID).Gear; g != "" {
			e.Words["gear"] = []string{string(g)}
		}
	case wbcatalog.KindReference:
		e.Words["skill"] = append([]string(nil), b.cat.Reference(c.ID).Skills...)
	case wbcatalog.KindObjective:
		fmts = []string{string(b.cat.Objective(c.ID).Format)}
	}
	if c.Kind != wbcatalog.KindObjective && c.Kind != wbcatalog.KindReference {
		// Deck cards other than Objectives are played in every format.
		for _, f := range formats {
			fmts = append(fmts, string(f))
		}
	}
	if len(fmts) > 0 {
		e.Words["format"] = fmts
	}
}

// searchDataFor is the whole index of language l.
func (b *builder) searchDataFor(l wbcatalog.Lang, cs []card) searchData {
	d := searchData{Fields: b.fieldViews(l), Words: searchWords, Messages: map[string]string{},
		Help: "search/index.html", Cards: b.searchEntries(l, cs)}
	for _, k := range searchMessages {
		// Keyed without the group, so that no label key reaches an output.
		d.Messages[strings.TrimPrefix(k, "search.")] = b.label(k, l)
	}
	return d
}

// searchIndexFiles are the index as JSON, for other tools (and the deck
// builder), and the same index as a script that sets globals, so that the
// card list can load it with <script src> from file:// (where fetch of a
// JSON file is refused). encoding/json escapes <, > and & and the line
// separators U+2028/2029, so no content can end the script.
func searchIndexFiles(d searchData) (jsonFile, script []byte) {
	data, _ := json.Marshal(d) // plain strings, ints and maps: cannot fail
	jsonFile = append(data[:len(data):len(data)], '\n')
	var buf bytes.Buffer
	buf.Grow(len(data) + 100)
	buf.WriteString("window.WB_SEARCH = ")
	buf.Write(data)
	buf.WriteString(";\nwindow.WB_SEARCH_INDEX = window.WB_SEARCH.cards;\n")
	return jsonFile, buf.Bytes()
}

// helpRow is a row of the help page's table of fields.
type helpRow struct {
	Name, Alias, Label, Example string
	Values                      []string
}

// helpExample is an example query with what it finds.
type helpExample struct {
	Query, Href, What string
}

// searchHelpData is the data of the search help page of language l.
func (b *builder) searchHelpData(p *page) map[string]any {
	l := p.Lang
	var rows []helpRow
	for _, f := range b.fieldViews(l) {
		r := helpRow{Name: f.Name, Alias: f.Alias, Label: f.Label}
		ex := ""
		for i, src := range searchFields {
			if src.Name == f.Name {
				ex = searchFields[i].Example
			}
		}
		for _, v := range f.Values {
			r.Values = append(r.Values, v.ID)
		}
		if f.Name == "skill" && len(r.Values) > 8 { // too many to list whole
			r.Values = append(r.Values[:8], "…")
		}
		if ex == "" && len(f.Values) > 0 {
			ex = f.Values[0].ID
		}
		// A field with no value in the content (no skill, no gear) has
		// no example.
		if ex != "" {
			sep := ":"
			if strings.ContainsAny(ex[:1], "<>=") {
				sep = ""
			}
			r.Example = f.Alias + sep + ex
		}
		rows = append(rows, r)
	}
	var examples []helpExample
	for _, ex := range b.searchExamples(l) {
		examples = append(examples, helpExample{Query: ex[1], What: b.label(ex[0], l),
			Href: p.Link("cards/index.html") + "?q=" + url.QueryEscape(ex[1])})
	}
	sorts := make([]string, 0, len(searchSorts))
	for _, s := range searchSorts {
		sorts = append(sorts, b.label(s[1], l))
	}
	return map[string]any{"Fields": rows, "Examples": examples, "Sorts": sorts,
		"And": strings.Join(searchWords["and"], ", "), "Or": strings.Join(searchWords["or"], ", "), "Not": strings.Join(searchWords["not"], ", ")}
}

// searchExamples are example queries made from the content, each with
// the label key of what it shows: a card's name, the factions, a skill.
func (b *builder) searchExamples(l wbcatalog.Lang) [][2]string {
	word := func(s string) string {
		f := strings.Fields(fold(s))
		if len(f) == 0 {
			return "x"
		}
		return f[0]
	}
	fac1, fac2 := "neutral", "neutral"
	if len(b.cat.Factions) > 0 {
		fac1, fac2 = b.cat.Factions[0].ID, b.cat.Factions[len(b.cat.Factions)-1].ID
	}
	free, phrase := "card", "card"
	if cs := b.allCards(); len(cs) > 0 {
		free = word(cs[0].Name.In(l))
	}
	if len(b.cat.Skills) > 0 {
		phrase = fold(b.cat.Skills[0].Name.In(l))
	}
	char := word(b.label("kind.character", l))
	or := searchWords["or"][0]
	if l == wbcatalog.French {
		or = searchWords["or"][1]
	}
	return [][2]string{
		{"search.help.free", free},
		{"search.help.byfield", "f:" + fac1},
		{"search.help.compare", "o<=2"},
		{"search.help.colour", "cost." + fac1 + ">=1"},
		{"search.help.and", "t:" + char + " h>=5"},
		{"search.help.or", "f:" + fac1 + " " + or + " f:" + fac2},
		{"search.help.not", "t:" + char + " -g:ranged"},
		{"search.help.paren", "(t:equipment " + or + " t:vocation) f:" + fac1},
		{"search.help.phrase", `x:"` + phrase + `"`},
		{"search.help.fold", strings.ToUpper(free)},
	}
}

// sortOptions are the options of the sort menu.
func (b *builder) sortOptions(l wbcatalog.Lang) []option {
	out := make([]option, 0, len(searchSorts))
	for _, s := range searchSorts {
		out = append(out, option{s[0], b.label(s[1], l)})
	}
	return out
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
	d := searchData{Words: searchWords, Messages: map[string]string{}, Help: help, Cards: []searchEntry{}}
	for _, f := range fields {
		v := fieldView{Name: f.Name, Alias: f.Alias, Kind: fieldKind(f.Kind), Label: f.Label}
		for _, val := range f.Values {
			fv := fieldValue{ID: val.ID, Names: []string{fold(val.ID)}, Label: val.Label}
			for _, n := range val.Names {
				if n := fold(n); !containsString(fv.Names, n) {
					fv.Names = append(fv.Names, n)
				}
			}
			v.Values = append(v.Values, fv)
		}
		d.Fields = append(d.Fields, v)
	}
	for _, e := range entries {
		d.Cards = append(d.Cards, searchEntry{ID: e.ID, Name: e.Name, Kind: e.Kind, Cost: e.Cost, Img: e.Img, Body: e.Body, Num: e.Num, Words: e.Words})
	}
	sort.SliceStable(d.Cards, func(i, j int) bool { return d.Cards[i].ID < d.Cards[j].ID })
	for _, k := range searchMessages {
		d.Messages[strings.TrimPrefix(k, "search.")] = label(k)
	}
	jsonData, js = searchIndexFiles(d)
	return js, jsonData
}

// SearchWords are the words of the search syntax ("and", "or", "not") in
// both languages, for a game's help.
func SearchWords() map[string][]string { return searchWords }
