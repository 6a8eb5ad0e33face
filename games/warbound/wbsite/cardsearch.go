package wbsite

import (
	"net/url"
	"sort"
	"strings"

	"wbtool.dev/wbtool/games/warbound/wbcatalog"
	"wbtool.dev/wbtool/site"
)

// searchFields are the fields of the search syntax, in the help page's
// order.
var searchFields = []searchField{
	{Name: "name", Alias: "n", Kind: site.FieldText, Example: "cop", Label: "search.field.name"},
	{Name: "text", Alias: "x", Kind: site.FieldText, Example: `"sharp"`, Label: "search.field.text"},
	{Name: "faction", Alias: "f", Kind: site.FieldWord, Label: "search.field.faction"},
	{Name: "type", Alias: "t", Kind: site.FieldWord, Example: "character", Label: "search.field.type"},
	{Name: "cost", Alias: "o", Kind: site.FieldNumber, PerColour: true, Example: "<=2", Label: "search.field.cost"},
	{Name: "attack", Alias: "a", Kind: site.FieldNumber, Example: "<=4", Label: "search.field.attack"},
	{Name: "speed", Alias: "s", Kind: site.FieldNumber, Example: ">=4", Label: "search.field.speed"},
	{Name: "run", Alias: "r", Kind: site.FieldNumber, Example: ">=2", Label: "search.field.run"},
	{Name: "accuracy", Alias: "acc", Kind: site.FieldNumber, Example: "<=4", Label: "search.field.accuracy"},
	{Name: "ranged", Alias: "rd", Kind: site.FieldNumber, Example: ">=2", Label: "search.field.ranged"},
	{Name: "melee", Alias: "md", Kind: site.FieldNumber, Example: ">=2", Label: "search.field.melee"},
	{Name: "health", Alias: "h", Kind: site.FieldNumber, Example: ">=5", Label: "search.field.health"},
	{Name: "morale", Alias: "m", Kind: site.FieldNumber, Example: ">0", Label: "search.field.morale"},
	{Name: "armour", Alias: "ar", Kind: site.FieldNumber, Example: ">=1", Label: "search.field.armour"},
	{Name: "gear", Alias: "g", Kind: site.FieldWord, Label: "search.field.gear"},
	{Name: "skill", Alias: "k", Kind: site.FieldWord, Label: "search.field.skill"},
	{Name: "format", Alias: "l", Kind: site.FieldWord, Example: "exploration", Label: "search.field.format"},
}

// fieldValues lists the values of word field name in language l.
func (b *builder) fieldValues(name string, l wbcatalog.Lang) []site.IndexValue {
	var out []site.IndexValue
	add := func(id string, names ...string) {
		v := site.IndexValue{ID: id, Names: []string{site.Fold(id)}, Label: names[0]}
		for _, n := range names {
			if f := site.Fold(n); f != v.Names[0] && !site.ContainsString(v.Names, f) {
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

// fieldViews are the fields for the page of language l.
func (b *builder) fieldViews(l wbcatalog.Lang) []site.IndexField {
	out := make([]site.IndexField, 0, len(searchFields))
	for _, f := range searchFields {
		v := site.IndexField{Name: f.Name, Alias: f.Alias, Kind: f.Kind, PerColour: f.PerColour, Label: b.label(f.Label, l)}
		if f.Kind == site.FieldWord {
			v.Values = b.fieldValues(f.Name, l)
		}
		out = append(out, v)
	}
	return out
}

// searchEntries builds the index of cards cs in language l.
func (b *builder) searchEntries(l wbcatalog.Lang, cs []card) []site.IndexEntry {
	out := make([]site.IndexEntry, 0, len(cs))
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
		e := site.IndexEntry{ID: c.ID, Name: c.Name.In(l), Kind: string(c.Kind), Faction: fac, Cost: c.Cost,
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
func (b *builder) cardFacts(e *site.IndexEntry, c card) {
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
			if !site.ContainsString(e.Words["skill"], id) {
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
func (b *builder) searchDataFor(l wbcatalog.Lang, cs []card) site.IndexData {
	d := site.IndexData{Fields: b.fieldViews(l), Words: site.SearchWords(), Messages: map[string]string{},
		Help: "search/index.html", Cards: b.searchEntries(l, cs)}
	for _, k := range site.SearchMessages {
		// Keyed without the group, so that no label key reaches an output.
		d.Messages[strings.TrimPrefix(k, "search.")] = b.label(k, l)
	}
	return d
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
		"And": strings.Join(site.SearchWords()["and"], ", "), "Or": strings.Join(site.SearchWords()["or"], ", "), "Not": strings.Join(site.SearchWords()["not"], ", ")}
}

// searchExamples are example queries made from the content, each with
// the label key of what it shows: a card's name, the factions, a skill.
func (b *builder) searchExamples(l wbcatalog.Lang) [][2]string {
	word := func(s string) string {
		f := strings.Fields(site.Fold(s))
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
		phrase = site.Fold(b.cat.Skills[0].Name.In(l))
	}
	char := word(b.label("kind.character", l))
	or := site.SearchWords()["or"][0]
	if l == wbcatalog.French {
		or = site.SearchWords()["or"][1]
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

// formats lists the game formats in the order the site shows them.
var formats = []wbcatalog.Format{wbcatalog.Exploration, wbcatalog.Confrontation}

// searchField is a typed field of the search syntax.
type searchField struct {
	Name  string         // long name, English, lower case: "faction"
	Alias string         // short alias: "f"
	Kind  site.FieldKind //
	// PerColour: the field takes a colour after a dot, "cost.raiders>=1"
	// (a faction's id or name, or "any" for colourless Orders).
	PerColour bool
	// Example is the value the help page shows; "" takes the first of the
	// field's values.
	Example string
	Label   string // the label key of its description
}

// searchSorts are the sort orders of the card list (key and label key):
// the relevance of the query, then a few fields.
var searchSorts = [][2]string{{"relevance", "sort.relevance"}, {"name", "sort.name"}, {"cost", "sort.cost"},
	{"faction", "sort.faction"}, {"type", "sort.type"}, {"attack", "search.field.attack"},
	{"speed", "search.field.speed"}, {"health", "search.field.health"}}

// helpRow is a row of the help page's table of fields.
type helpRow struct {
	Name, Alias, Label, Example string
	Values                      []string
}

// helpExample is an example query with what it finds.
type helpExample struct {
	Query, Href, What string
}
