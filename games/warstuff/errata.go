package warstuff

import (
	"bytes"
	"html"
	"html/template"
	"io/fs"
	"slices"
	"strconv"
	"strings"

	"wbtool.dev/wbtool/changes"
	"wbtool.dev/wbtool/diag"
	ws "wbtool.dev/wbtool/games/warstuff/wscatalog"
	schema "wbtool.dev/wbtool/games/warstuff/wsschema"
	"wbtool.dev/wbtool/lang"
	"wbtool.dev/wbtool/pipeline/ruleset"
	"wbtool.dev/wbtool/render"
)

// The errata stage: with `wbtool build --since REV` the build compares
// the content with that earlier version (package changes) and adds the
// site's errata page (errata.html in each language), each changed
// profile's history on its page, and the reprint sheets
// (print/reprint-<lang>.pdf): only the profile cards whose print changed,
// per language.

var _ ruleset.Errata = (*Content)(nil)

// errataPage is the errata page's path in each language folder.
const errataPage = "errata.html"

func init() {
	for k, v := range map[string]ws.Text{
		"errata.kind.profiles":  {EN: "Profile", FR: "Profil"},
		"errata.kind.creatures": {EN: "Creature", FR: "Créature"},
		"errata.kind.hordes":    {EN: "Horde", FR: "Horde"},
		"errata.kind.bands":     {EN: "Band", FR: "Bande"},
		"errata.kind.scenarios": {EN: "Scenario", FR: "Scénario"},
		"errata.kind.rules":     {EN: "Special rule", FR: "Règle spéciale"},
		"errata.kind.glossary":  {EN: "Game term", FR: "Terme de jeu"},
		"errata.kind.chapters":  {EN: "Rules page", FR: "Page de règles"},
		"errata.intro-ws":       {EN: "What changed since the version you may have printed, profile by profile. Texts are shown in this page’s language.", FR: "Ce qui a changé depuis la version que vous avez peut-être imprimée, profil par profil. Les textes sont montrés dans la langue de cette page."},
		"errata.reprint-ws":     {EN: "Reprint sheets: only the profile cards whose print changed", FR: "Feuilles de réimpression : seulement les cartes de profil dont l’impression a changé"},
	} {
		ws.Labels[k] = v
	}
}

// Errata compares with the version --since names: nothing to do (ran
// false) without one.
func (c *Content) Errata() (diag.List, bool) {
	if c.since == "" {
		return nil, false
	}
	fail := func(err error) diag.List { return ruleset.SinceProblem(c.since, err) }
	old, name, err := c.loadVersion(c.since)
	if err != nil {
		return fail(err), true
	}
	rep, err := compare(old, c.Catalog)
	if err != nil {
		return fail(err), true
	}
	e := &changes.Errata{From: name, To: c.setVersion, Changes: rep.Changes, Reprint: c.reprint(old, rep)}
	var d diag.List
	if c.versions.History != nil {
		var skipped []string
		e.Steps, skipped = c.history(old, name, c.versions.History(c.since))
		for _, v := range skipped {
			d = append(d, diag.Warnf(diag.Pos{}, "", "errata since %s: version %s does not load: the profiles' histories show its changes with the next version", c.since, v))
		}
	}
	c.Changes = e
	return d, true
}

// loadVersion loads version rev of the tree (ruleset.Versions) in draft
// mode, and names it.
func (c *Content) loadVersion(rev string) (*ws.Catalog, string, error) {
	return ruleset.LoadVersion(c.versions, ws.Game, rev, func(fsys fs.FS, root string) (*ws.Catalog, error) {
		return schema.Load(fsys, schema.Options{Root: root, Draft: true})
	})
}

// history is what changed at each version of revs (oldest first, between
// the --since version and now), the steps where nothing changed left
// out; a version that does not load is skipped.
func (c *Content) history(since *ws.Catalog, from string, revs []string) (steps []changes.Step, skipped []string) {
	if len(revs) == 0 {
		return nil, nil
	}
	prev, prevV := since, from
	step := func(next *ws.Catalog, v string) {
		if rep, err := compare(prev, next); err == nil && len(rep.Changes) > 0 {
			steps = append(steps, changes.Step{From: prevV, To: v, Changes: rep.Changes})
		}
		prev, prevV = next, v
	}
	for _, r := range revs {
		cat, name, err := c.loadVersion(r)
		if err != nil {
			skipped = append(skipped, r)
			continue
		}
		step(cat, name)
	}
	step(c.Catalog, c.setVersion)
	return steps, skipped
}

// reprint are, in each language, the profile cards whose face differs
// from the earlier version's (a renamed profile is compared with its old
// self, an added one is reprinted), in the card sheets' order.
func (c *Content) reprint(old *ws.Catalog, rep *changes.Report) map[lang.Lang][]string {
	from := map[string]string{}
	for _, ch := range rep.Changes {
		if ch.Change == changes.Renamed && ch.IsCard() {
			from[ch.ID] = ch.From
		}
	}
	was := (&Content{Catalog: old}).cards()
	out := map[lang.Lang][]string{}
	for _, l := range lang.Langs {
		for _, p := range c.cards() {
			id := p.ID
			if f, ok := from[id]; ok {
				id = f
			}
			i := slices.IndexFunc(was, func(q *ws.Profile) bool { return q.ID == id })
			if i < 0 || !bytes.Equal(faceBytes(old, was[i], l), faceBytes(c.Catalog, p, l)) {
				out[l] = append(out[l], p.ID)
			}
		}
	}
	return out
}

// face is a profile card as printed in l (nil when it does not lay out).
func faceBytes(cat *ws.Catalog, p *ws.Profile, l ws.Lang) []byte {
	items, err := ProfileCard(cat, p, l, 0, 0)
	if err != nil {
		return nil
	}
	d := render.Drawing{W: render.CardW, H: render.CardH, Items: items}
	return d.SVG(string(l))
}

// reprinted are the cards whose face changed in l since the errata's
// version: the reprint sheets' cards.
func (c *Content) reprinted(l ws.Lang) []*ws.Profile {
	if c.Changes == nil || len(c.Changes.Reprint[l]) == 0 {
		return nil
	}
	var cards []*ws.Profile
	for _, p := range c.cards() {
		if c.Changes.Reprinted(p.ID, l) {
			cards = append(cards, p)
		}
	}
	return cards
}

// reprintTitle is the reprint sheets' title in l ("" without errata).
func (c *Content) reprintTitle(l ws.Lang) string {
	if c.Changes == nil {
		return ""
	}
	return label(c.Catalog, "print.reprint", l) + " " + render.VersionLabel(c.Changes.From)
}

// errataGroups are the sections of the errata page: their heading and
// collections; the interface strings concern the designers only.
var errataGroups = []struct{ key, collections string }{
	{"site.profiles", "profiles creatures"},
	{"site.bands", "bands"},
	{"scenarios", "scenarios hordes"},
	{"site.glossary", "rules glossary"},
	{"site.rules", "chapters"},
}

type errataGroup struct {
	Title   string
	Changes []template.HTML
}

// errataData is the errata page's data in l, nil without errata.
func (c *Content) errataData(l ws.Lang, preview bool) map[string]any {
	e := c.Changes
	if e == nil {
		return nil
	}
	var groups []errataGroup
	for _, g := range errataGroups {
		grp := errataGroup{Title: label(c.Catalog, g.key, l)}
		for i := range e.Changes {
			if ch := &e.Changes[i]; slices.Contains(strings.Fields(g.collections), ch.Collection) {
				grp.Changes = append(grp.Changes, c.changeHTML(ch, l, ""))
			}
		}
		if len(grp.Changes) > 0 {
			groups = append(groups, grp)
		}
	}
	type sheet struct{ Href, Label, Lang string }
	var sheets []sheet
	for _, sl := range lang.Langs {
		if n := len(e.Reprint[sl]); n > 0 && !preview {
			noun := "errata.cards"
			if n == 1 {
				noun = "errata.card"
			}
			sheets = append(sheets, sheet{Href: "../print/reprint-" + string(sl) + ".pdf", Lang: string(sl),
				Label: label(c.Catalog, "lang.name", sl) + ", " + strconv.Itoa(n) + "\u00a0" + label(c.Catalog, noun, l) + " (PDF)"})
		}
	}
	return map[string]any{"From": render.VersionLabel(e.From), "To": render.VersionLabel(e.To), "Groups": groups, "Sheets": sheets, "Reprint": len(e.Reprint[l])}
}

// errataLink is the home page's link to the errata page, "" without.
func (c *Content) errataLink(l ws.Lang) string {
	if c.Changes == nil {
		return ""
	}
	return label(c.Catalog, "errata.link", l) + " " + render.VersionLabel(c.Changes.From)
}

// historyStep is what changed on a profile from one version to the next.
type historyStep struct {
	From, To string
	Changes  []template.HTML
}

// history is profile p's history, newest step last: its own changes and
// those of its special rules; nil when nothing it prints changed.
func (c *Content) profileHistory(p *ws.Profile, l ws.Lang) []historyStep {
	e := c.Changes
	if e == nil {
		return nil
	}
	rules := ruleIDs(p)
	id := p.ID
	steps := e.History()
	var out []historyStep
	for i := len(steps) - 1; i >= 0; i-- { // newest first, to follow renames back
		st := &steps[i]
		var cs []template.HTML
		if ch := st.Card(id); ch != nil {
			cs = append(cs, c.changeHTML(ch, l, "../"))
			if ch.Change == changes.Renamed {
				id = ch.From
			}
		}
		for _, r := range rules {
			if ch := st.In("rules", r); ch != nil {
				cs = append(cs, c.changeHTML(ch, l, "../"))
			}
		}
		if len(cs) > 0 {
			out = append(out, historyStep{From: render.VersionLabel(st.From), To: render.VersionLabel(st.To), Changes: cs})
		}
	}
	slices.Reverse(out)
	return out
}

// changeHTML is one entity's change in l as a list item: its kind, name
// (a link to its page, up is the way to the language folder), each
// changed field in l, a text's words struck and inserted.
func (c *Content) changeHTML(ch *changes.Entity, l ws.Lang, up string) template.HTML {
	esc := html.EscapeString
	var b strings.Builder
	name := ch.ID
	if ch.Name != nil && ch.Name.In(l) != "" {
		name = ch.Name.In(l)
	}
	b.WriteString(`<li class="change"><p><span class="change-kind">` + esc(label(c.Catalog, "errata."+ch.Change, l)))
	if ch.From != "" {
		b.WriteString(" <code>" + esc(ch.From) + "</code>")
	}
	b.WriteString(`</span> <span class="kind">` + esc(label(c.Catalog, "errata.kind."+ch.Collection, l)) + "</span> ")
	if ch.IsCard() && ch.Change != changes.Removed {
		b.WriteString(`<a href="` + esc(up+"profiles/"+ch.ID+".html") + `">` + esc(name) + "</a>")
		if c.Changes.Reprinted(ch.ID, l) {
			b.WriteString(` <span class="badge reprint">` + esc(label(c.Catalog, "errata.reprinted", l)) + "</span>")
		}
	} else if ch.Collection == "bands" && ch.Change != changes.Removed {
		b.WriteString(`<a href="` + esc(up+"bands.html#"+ch.ID) + `">` + esc(name) + "</a>")
	} else {
		b.WriteString("<strong>" + esc(name) + "</strong>")
	}
	b.WriteString("</p>")
	var fields []string
	other := false
	said := map[string]bool{} // a phrase is said once
	for _, f := range ch.Fields {
		if f.Lang != "" && f.Lang != l {
			other = true
			continue
		}
		if f.Words == nil && f.Added == nil && f.Removed == nil {
			// one value or several, in players' words (changes.Say)
			s := changes.Say(f, l)
			switch {
			case s.Phrase != "":
				if !said[s.Phrase] {
					said[s.Phrase] = true
					fields = append(fields, `<span class="change-field">`+esc(label(c.Catalog, s.Phrase, l))+"</span>")
				}
				continue
			case s.Word != "":
				fields = append(fields, `<span class="change-field">`+esc(c.fieldLabel(f.Path, l))+"</span> "+esc(label(c.Catalog, s.Word, l)))
				continue
			}
		}
		fields = append(fields, `<span class="change-field">`+esc(c.fieldLabel(f.Path, l))+"</span> "+fieldHTML(f, l))
	}
	if other && len(fields) == 0 {
		fields = append(fields, `<span class="muted">`+esc(label(c.Catalog, "errata.other-language", l))+"</span>")
	}
	if len(fields) > 0 {
		b.WriteString(`<ul class="change-fields"><li>` + strings.Join(fields, "</li><li>") + "</li></ul>")
	}
	b.WriteString("</li>")
	return template.HTML(b.String()) // every text escaped above
}

// fieldLabel names a changed field in l: the card's own words for the
// parts of its path (changes.Label), else "Other detail", never the path.
func (c *Content) fieldLabel(path string, l ws.Lang) string {
	s := changes.Label(path, func(part string) (string, bool) {
		if key, ok := fieldWords[part]; ok {
			return label(c.Catalog, key, l), true
		}
		if _, ok := ws.Labels[part]; ok {
			return label(c.Catalog, part, l), true
		}
		return "", false
	})
	if s == "" {
		return label(c.Catalog, changes.PhraseOther, l)
	}
	return s
}

// fieldWords are the label keys of the parts of a field's path that are
// not a label of their own.
var fieldWords = map[string]string{
	"name": "errata.field.name", "ranged.range": "range", "ranged": "range", "ranged.rules": "rules",
	"figures": "errata.field.figures", "objectives": "errata.field.objectives", "vp": "objective.vp",
	"x": "errata.field.x", "y": "errata.field.y", "terrain": "errata.field.terrain", "polygon": "errata.field.shape",
	"kinds": "errata.field.kind", "cover": "errata.field.cover", "blocksSight": "errata.field.blocksSight",
	"height": "errata.field.height", "reminder": "errata.field.reminder", "definition": "errata.field.definition", "term": "errata.field.term",
}

// fieldHTML is a field's change: the words of a text struck and
// inserted, the items of a list added and removed, else old → new.
func fieldHTML(f changes.Field, l ws.Lang) string {
	esc := html.EscapeString
	var b strings.Builder
	switch {
	case f.Words != nil:
		for i, w := range f.Words {
			if i > 0 {
				b.WriteByte(' ')
			}
			switch w.Op {
			case "-":
				b.WriteString("<del>" + esc(w.Text) + "</del>")
			case "+":
				b.WriteString("<ins>" + esc(w.Text) + "</ins>")
			default:
				b.WriteString(esc(w.Text))
			}
		}
	case f.Added != nil || f.Removed != nil:
		var parts []string
		if len(f.Added) > 0 {
			parts = append(parts, "<ins>+ "+esc(strings.Join(f.Added, ", "))+"</ins>")
		}
		if len(f.Removed) > 0 {
			parts = append(parts, "<del>− "+esc(strings.Join(f.Removed, ", "))+"</del>")
		}
		b.WriteString(strings.Join(parts, " "))
	default:
		old, _ := changes.Plain(f.Old, l)
		nw, _ := changes.Plain(f.New, l)
		if f.Old != nil {
			b.WriteString("<del>" + esc(old) + "</del>")
		}
		if f.Old != nil && f.New != nil {
			b.WriteString(" → ")
		}
		if f.New != nil {
			b.WriteString("<ins>" + esc(nw) + "</ins>")
		}
	}
	return b.String()
}
