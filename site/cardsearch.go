package site

import (
	"net/url"
	"sort"
	"strings"

	"wbtool.dev/wbtool/games/warbound/wbcatalog"
)

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

// formats lists the game formats in the order the site shows them.
var formats = []wbcatalog.Format{wbcatalog.Exploration, wbcatalog.Confrontation}
