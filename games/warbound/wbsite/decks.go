package wbsite

import (
	"fmt"
	"html/template"
	"strings"

	"wbtool.dev/wbtool/games/warbound/wbcatalog"
	"wbtool.dev/wbtool/render/markup"
	"wbtool.dev/wbtool/site"
)

// deckEntry is a card of a deck with what is attached to it.
type deckEntry struct {
	Item     listItem
	Attached []listItem
}

// deckPage is the data of a deck page.
type deckPage struct {
	Name        string
	Stale       template.HTML // the mark of a stale translation of its name or description
	Format      string
	Description string
	Count       int
	Entries     []deckEntry
	Loose       []listItem // upgrades attached to nothing (an illegal deck)
	Problems    []deckProblem
	Legal       bool
	// Formats is the deck's legality in each format (R-FMT-1), its own
	// first.
	Formats []formatLegality
	PDF     string
	TTS     string // the Tabletop Simulator saved object, when built
	// TTSLocal: the site's address is unknown, so the saved object's
	// images are linked beside it, which TTS loads once the site is
	// published with its address (a one-line note).
	TTSLocal bool
	Builder  string // the deck in the deck builder
}

// formatLegality is whether a deck could be played in one format.
type formatLegality struct {
	Format   string
	Own      bool // the deck's own format
	Legal    bool
	Problems []deckProblem
}

// deckProblem is one broken deck-building rule, linked to the rule.
type deckProblem struct {
	Msg  string
	Rule site.LinkItem
}

// buildDecks writes the deck index and a page per deck.
func (b *builder) buildDecks(l wbcatalog.Lang) error {
	di := b.newPage(l, "decks/index.html", b.label("deck.title", l), "decks", nil)
	type deckItem struct {
		site.LinkItem
		Format string
		Count  int
	}
	var items []deckItem
	for i := range b.cat.Decks {
		d := &b.cat.Decks[i]
		items = append(items, deckItem{LinkItem: site.LinkItem{Href: di.Link("decks/" + d.ID + "/index.html"), Label: d.Name.In(l)},
			Format: b.label("format."+string(d.Format), l), Count: len(d.Cards)})
		p := b.newPage(l, "decks/"+d.ID+"/index.html", d.Name.In(l), "decks", nil)
		p.Data = b.deckPageData(p, d)
		if err := b.render("deck", p); err != nil {
			return err
		}
	}
	di.Data = map[string]any{"Decks": items, "Builder": di.Link(builderPage)}
	if err := b.render("decks", di); err != nil {
		return err
	}
	return b.buildDeckBuilder(l)
}

func (b *builder) deckPageData(p *page, d *wbcatalog.Deck) *deckPage {
	l := p.Lang
	dp := &deckPage{Name: d.Name.In(l), Stale: b.staleMark(l, []string{"decks", d.ID, "name"}, []string{"decks", d.ID, "description"}), Format: b.label("format."+string(d.Format), l), Count: len(d.Cards), Builder: builderLink(p, d)}
	if d.Description != nil {
		dp.Description = d.Description.In(l)
	}
	byID := map[string]card{}
	for _, c := range b.allCards() {
		byID[c.ID] = c
	}
	item := func(id string) listItem {
		c, ok := byID[id]
		if !ok {
			return listItem{ID: id, Name: id}
		}
		return b.listItems(p, []card{c})[0]
	}
	attached := map[string][]string{} // host → upgrades
	isAttached := map[string]bool{}
	for _, a := range d.Attachments {
		attached[a.To] = append(attached[a.To], a.Upgrade)
		isAttached[a.Upgrade] = true
	}
	// Leaders first, then Characters, then anything else, in deck order.
	order := append([]wbcatalog.Kind{wbcatalog.KindLeader, wbcatalog.KindCharacter}, wbcatalog.Kinds...)
	done := map[wbcatalog.Kind]bool{}
	for _, k := range order {
		if done[k] {
			continue
		}
		done[k] = true
		for _, id := range d.Cards {
			if b.cat.KindOf(id) != k || (k.IsUpgrade() && isAttached[id]) {
				continue
			}
			if k.IsUpgrade() {
				dp.Loose = append(dp.Loose, item(id))
				continue
			}
			e := deckEntry{Item: item(id)}
			for _, u := range attached[id] {
				e.Attached = append(e.Attached, item(u))
			}
			dp.Entries = append(dp.Entries, e)
		}
	}
	problems := func(list []wbcatalog.DeckProblem) []deckProblem {
		var out []deckProblem
		for _, pr := range list {
			out = append(out, deckProblem{Msg: pr.Msg.In(l), Rule: site.LinkItem{Href: b.ruleHref(p, pr.Rule), Label: pr.Rule}})
		}
		return out
	}
	dp.Problems = problems(b.cat.CheckDeck(d))
	dp.Legal = len(dp.Problems) == 0
	formats := []wbcatalog.Format{d.Format}
	for _, f := range []wbcatalog.Format{wbcatalog.Exploration, wbcatalog.Confrontation} {
		if f != d.Format {
			formats = append(formats, f)
		}
	}
	for _, f := range formats {
		pr := problems(b.cat.CheckDeckAs(d, f))
		dp.Formats = append(dp.Formats, formatLegality{Format: b.label("format."+string(f), l), Own: f == d.Format, Legal: len(pr) == 0, Problems: pr})
	}
	if b.opts.DeckPDF != nil {
		if pdf := b.opts.DeckPDF(d.ID, l); pdf != "" {
			// A copy of the sheets is inside the site folder.
			dp.PDF = p.Root() + pdf
		}
	}
	if b.opts.DeckTTS != nil {
		dp.TTS = p.Root() + b.opts.DeckTTS(d.ID, l)
		dp.TTSLocal = b.baseURL() == ""
	}
	return dp
}

// searchText is card text as the words a player would type, for the
// search index: icons become their names in the language (":shoot:" is
// found by "shoot" and by "tir"), natural results their number.
func (b *builder) searchText(s string, l wbcatalog.Lang) string {
	// many cards share a text (their skills'): each is read once
	b.mu.Lock()
	w, ok := b.searchMemo[l][s]
	b.mu.Unlock()
	if ok {
		return w
	}
	w = b.searchWords(s, l)
	b.mu.Lock()
	if b.searchMemo[l] == nil {
		b.searchMemo[l] = map[string]string{}
	}
	b.searchMemo[l][s] = w
	b.mu.Unlock()
	return w
}

// searchWords is searchText without the memo.
func (b *builder) searchWords(s string, l wbcatalog.Lang) string {
	doc, err := markup.Parse(s)
	err = markup.IconErrors(err)
	if err != nil {
		return s
	}
	var sb strings.Builder
	for _, p := range doc.Paragraphs {
		for _, r := range p.Runs {
			switch {
			case r.Icon != "":
				label := iconLabels[r.Icon].In(l)
				if f, ok := markup.OrderFaction(r.Icon); ok {
					label = iconLabels[markup.IconOrder].In(l)
					if fac := b.cat.Faction(f); fac != nil {
						label += " " + fac.Name.In(l)
					}
				}
				sb.WriteString(" " + label + " ")
			case r.Natural > 0:
				sb.WriteString(fmt.Sprintf(" %d ", r.Natural))
			default:
				sb.WriteString(r.Text)
			}
		}
		sb.WriteString(" ")
	}
	return strings.Join(strings.Fields(sb.String()), " ")
}
