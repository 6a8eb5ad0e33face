package unbound

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"wbtool.dev/wbtool/games/unbound/ubcatalog"
	"wbtool.dev/wbtool/internal/dist"
	"wbtool.dev/wbtool/lang"
	"wbtool.dev/wbtool/pipeline"
	"wbtool.dev/wbtool/pipeline/ruleset"
	"wbtool.dev/wbtool/render"
)

var _ ruleset.Sheets = (*Content)(nil)

// ArmySheet is the path of one army's sheets (--deck ARMY): the order
// cards and that army's tokens.
func ArmySheet(id string, l lang.Lang) string {
	return pipeline.PrintDir + "/armies/" + id + "-" + string(l) + ".pdf"
}

// tokenUnits are the army's units that take an activation token: every
// entry but the characters that join a unit (U-TOKEN-2, U-TOKEN-3).
func tokenUnits(cat *ubcatalog.Catalog, a *ubcatalog.Army) []ubcatalog.Entry {
	var out []ubcatalog.Entry
	for _, e := range a.Entries {
		if e.Joins == "" {
			out = append(out, e)
		}
	}
	return out
}

// armyColours tell the sides' tokens apart (U-TOKEN-1: in the side's colour).
var armyColours = []render.Colour{colPlanned, colReact, {R: 0x3d, G: 0x6b, B: 0x3a}, {R: 0x6a, G: 0x4a, B: 0x7d}, {R: 0x7a, G: 0x6a, B: 0x2a}}

// tokenPage is one page of round activation tokens for armies.
func (c *Content) tokenPage(l lang.Lang, paper render.Pt, armies []*ubcatalog.Army) (render.Page, error) {
	ls := string(l)
	items := []render.Item{}
	title, err := render.TextLine(word("tokens", l), ls, true, colInk, 15, 18, paper.X-30, 16, 10, 'l', "the tokens page: its title")
	if err != nil {
		return render.Page{}, err
	}
	note, err := render.TextBox(15, 22, paper.X-30, 12, []render.Block{{Text: word("cut", l), Colour: colMuted}}, ls, 9, 6, "the tokens page: its note")
	if err != nil {
		return render.Page{}, err
	}
	items = append(items, title)
	items = append(items, note...)
	const r, gap = 11.0, 4.0
	y := 45.0
	for i, a := range armies {
		col := armyColours[c.armyIndex(a.ID)%len(armyColours)]
		head, err := render.TextLine(a.Name.In(l), ls, true, col, 15, y, paper.X-30, 11, 7, 'l', "the tokens of "+a.ID)
		if err != nil {
			return render.Page{}, err
		}
		items = append(items, head)
		y += 4
		x := 15.0
		for _, e := range tokenUnits(c.Catalog, a) {
			if x+2*r > paper.X-15 {
				x, y = 15, y+2*r+gap
			}
			u := c.Catalog.Unit(e.Unit)
			items = append(items, render.Circle{X: x + r, Y: y + r, R: r, Paint: render.FillStroke(col, colInk, 0.3)})
			label, err := render.TextLine(u.Name.In(l), ls, true, colWhite, x+r, y+r+1.2, 2*r-4, 6, 3.5, 'c', "the token of "+e.ID)
			if err != nil {
				return render.Page{}, err
			}
			items = append(items, label)
			x += 2*r + gap
		}
		y += 2*r + 3*gap
		_ = i
	}
	return render.Page{W: paper.X, H: paper.Y, Name: word("tokens", l), Items: items}, nil
}

func (c *Content) armyIndex(id string) int {
	for i, a := range c.Catalog.Armies {
		if a.ID == id {
			return i
		}
	}
	return 0
}

// trackerPage holds, per army, a reserve box and the two psychic pools
// as rows of 12 boxes, and a turn track 1–7 (U-PSY-1, U-RES, U-END-5).
func (c *Content) trackerPage(l lang.Lang, paper render.Pt) (render.Page, error) {
	ls := string(l)
	var items []render.Item
	title, err := render.TextLine(word("trackers", l), ls, true, colInk, 15, 18, paper.X-30, 16, 10, 'l', "the trackers page: its title")
	if err != nil {
		return render.Page{}, err
	}
	items = append(items, title)
	y := 30.0
	row := func(label string, n int) error {
		t, err := render.TextLine(label, ls, false, colInk, 15, y+5, 45, 9, 5, 'l', "the trackers: "+label)
		if err != nil {
			return err
		}
		items = append(items, t)
		for k := 0; k < n; k++ {
			items = append(items, render.Rect{X: 62 + float64(k)*10, Y: y, W: 8, H: 8, R: 1, Paint: render.Stroke(colInk, 0.3)})
		}
		y += 11
		return nil
	}
	if err := row(word("turn", l)+" 1–7", 7); err != nil {
		return render.Page{}, err
	}
	y += 4
	for _, a := range c.Catalog.Armies {
		head, err := render.TextLine(a.Name.In(l), ls, true, armyColours[c.armyIndex(a.ID)%len(armyColours)], 15, y+4, paper.X-30, 11, 7, 'l', "the trackers of "+a.ID)
		if err != nil {
			return render.Page{}, err
		}
		items = append(items, head)
		y += 7
		for _, k := range []string{"manifest", "deny", "reserves"} {
			if err := row(word(k, l), 12); err != nil {
				return render.Page{}, err
			}
		}
		y += 3
		if y > paper.Y-40 {
			break
		}
	}
	return render.Page{W: paper.X, H: paper.Y, Name: word("trackers", l), Items: items}, nil
}

// quickRef is the two-page quick reference: the turn, then the reaction
// protocol and the shooting ladder, from the orders' data.
func (c *Content) quickRef(l lang.Lang, paper render.Pt) ([]render.Page, error) {
	ls := string(l)
	q := quickWords[ls]
	var pages []render.Page
	for i, body := range []string{q.turn, q.react} {
		blocks := []render.Block{{Text: q.titles[i], Bold: true, Colour: colInk, Scale: 1.5}}
		for _, p := range strings.Split(strings.TrimSpace(body), "\n") {
			blocks = append(blocks, render.Block{Text: p, Colour: colInk, Gap: 0.5})
		}
		if i == 1 {
			for k := range c.Catalog.Orders {
				o := &c.Catalog.Orders[k]
				if o.Kind != "immediate" {
					continue
				}
				blocks = append(blocks, render.Block{Text: fmt.Sprintf("**%s** (%s) — %s; %s", o.Name.In(l), o.Rule, word(o.Condition, l), word(o.Timing, l)), Colour: colMuted, Gap: 0.3})
			}
		}
		items, err := render.TextBox(18, 18, paper.X-36, paper.Y-36, blocks, ls, 11, 6, fmt.Sprintf("the quick reference, page %d", i+1))
		if err != nil {
			return nil, err
		}
		pages = append(pages, render.Page{W: paper.X, H: paper.Y, Name: q.titles[i], Items: items})
	}
	return pages, nil
}

type quick struct {
	titles      [2]string
	turn, react string
}

var quickWords = map[string]quick{
	"en": {titles: [2]string{"Quick reference · The turn", "Quick reference · Orders and reactions"},
		turn: `
**1. Psychic roll.** The player with the initiative rolls one die; each player adds their warp charges: two pools of that many dice, to manifest and to deny (U-PSY-1). Start-of-turn powers cost the psyker's token (U-PSY-4).
**2. Reserves.** Arriving units are placed one at a time, alternately, from the player with the initiative (U-RES-2).
**3. Organisation.** One activation token per unit on the table; a unit in a transport and its transport one each; an attached character none; a unit still locked in combat none (U-TOKEN).
**4. Orders.** From the player with the initiative, round the table: one planned order to one unit holding a token, then its reaction window; until no token is left. No passing (U-TURN-4).
**5. Close combat**, picked by the player with the initiative (U-MELEE-1).
**6. End of turn.** Initiative passes on. The game ends after turn 5 on a 5+, after turn 6 on a 3+, after turn 7 always (U-END).`,
		react: `
**Reaction window.** Each other player may answer a planned order with one immediate order at most, or none (U-REACT-3).
**Counter-order.** If anyone answered, the active player may give one immediate order; nobody answers it (U-REACT-4). Given to the unit that received the planned order, it replaces that order (U-REACT-5).
**Immediate orders:** no move before them; the unit spends its token (U-REACT-2).
**Shooting ladder, per weapon:** more advantages — re-roll failed hits; equal — normal; one handicap more — re-roll successful hits; two or more — no shot (U-SHOOT-2).`},
	"fr": {titles: [2]string{"Aide-mémoire · Le tour", "Aide-mémoire · Ordres et réactions"},
		turn: `
**1. Jet psychique.** Le joueur qui a l'initiative lance un dé ; chacun y ajoute ses charges warp : deux réserves d'autant de dés, pour manifester et pour abjurer (U-PSY-1). Un pouvoir de début de tour coûte le jeton du psyker (U-PSY-4).
**2. Réserves.** Les unités qui arrivent sont placées une à une, en alternance, en commençant par le joueur qui a l'initiative (U-RES-2).
**3. Organisation.** Un jeton d'activation par unité sur la table ; une unité dans un transport et son transport un chacun ; un personnage rattaché aucun ; une unité encore engagée aucun (U-TOKEN).
**4. Ordres.** À partir du joueur qui a l'initiative, à tour de rôle : un ordre planifié à une unité qui a un jeton, puis sa fenêtre de réaction ; jusqu'à épuisement des jetons. On ne passe pas (U-TURN-4).
**5. Corps à corps**, choisis par le joueur qui a l'initiative (U-MELEE-1).
**6. Fin du tour.** L'initiative change de main. La partie s'arrête après le tour 5 sur 5+, après le tour 6 sur 3+, après le tour 7 toujours (U-END).`,
		react: `
**Fenêtre de réaction.** Chaque autre joueur peut répondre à un ordre planifié par un ordre immédiat au plus, ou aucun (U-REACT-3).
**Contre-ordre.** Si quelqu'un a répondu, le joueur actif peut donner un ordre immédiat ; personne n'y répond (U-REACT-4). Donné à l'unité qui a reçu l'ordre planifié, il remplace cet ordre (U-REACT-5).
**Ordres immédiats :** aucun mouvement avant ; l'unité dépense son jeton (U-REACT-2).
**Échelle de tir, arme par arme :** plus d'avantages — relancez les échecs pour toucher ; autant — tir normal ; un handicap de plus — relancez les réussites ; deux ou plus — pas de tir (U-SHOOT-2).`},
}

// sheetOptions are the sheets' options in l: they print the content's
// version (game.cue's), else git's, else the tool's.
func (c *Content) sheetOptions(l lang.Lang, paper string, bleed, bx, by float64, tool string, date time.Time) render.SheetOptions {
	return render.SheetOptions{Lang: l, Paper: paper, Bleed: bleed, BackOffset: render.Pt{X: bx, Y: by}, Version: cmp.Or(c.Catalog.ContentVersion, c.setVersion, tool),
		Tool: tool, Date: date, Set: "40k Unbound", Game: "40k Unbound"}
}

// cardSheet is the duplex sheet of the 13 order cards, with first pages
// before them.
func (c *Content) cardSheet(o render.SheetOptions, first []render.Page) ([]byte, error) {
	l := o.Lang
	fronts, backs, err := c.orderFaces(l)
	if err != nil {
		return nil, err
	}
	lb := render.SheetLabels{Title: "40k Unbound · " + word("orders", l), Cards: word("cards", l), Page: word("page", l), Backs: word("backs", l), Front: word("front", l)}
	return render.FaceSheets(o, lb, first, fronts, backs)
}

// kit is the kit's pages in l.
func (c *Content) kit(o render.SheetOptions, armies []*ubcatalog.Army) ([]render.Page, error) {
	paper, err := render.PaperSize(o, false)
	if err != nil {
		return nil, err
	}
	tokens, err := c.tokenPage(o.Lang, paper, armies)
	if err != nil {
		return nil, err
	}
	if len(armies) == 1 && len(c.Catalog.Armies) > 1 { // --deck ARMY
		return []render.Page{tokens}, nil
	}
	trackers, err := c.trackerPage(o.Lang, paper)
	if err != nil {
		return nil, err
	}
	ref, err := c.quickRef(o.Lang, paper)
	if err != nil {
		return nil, err
	}
	return append([]render.Page{tokens, trackers}, ref...), nil
}

func (c *Content) allArmies() []*ubcatalog.Army {
	out := make([]*ubcatalog.Army, len(c.Catalog.Armies))
	for i := range c.Catalog.Armies {
		out[i] = &c.Catalog.Armies[i]
	}
	return out
}

// army is the army asked for (nil for ""), or the request's error.
func (c *Content) army(id string) (*ubcatalog.Army, error) {
	if id == "" {
		return nil, nil
	}
	if a := c.Catalog.Army(id); a != nil {
		return a, nil
	}
	var ids []string
	for _, a := range c.Catalog.Armies {
		ids = append(ids, a.ID)
	}
	return nil, ruleset.Requestf("--deck %q: no such army (armies: %s)", id, strings.Join(ids, ", "))
}

// Print is the print-and-play kit the build writes, cards-<lang>.pdf in
// each language: the activation tokens, the trackers, the two-page quick
// reference, then the 13 order cards, fronts and backs.
func (c *Content) Print(po ruleset.PrintOptions) (dist.Files, error) {
	set, err := c.Sheets(context.Background(), ruleset.SheetRequest{Paper: "a4", Tool: po.Version, Date: po.Date})
	if err != nil {
		return nil, err
	}
	for _, l := range lang.Langs {
		ids := slices.Compact(c.reprint[l])
		if len(ids) == 0 {
			continue
		}
		o := c.sheetOptions(l, "a4", 0, 0, 0, po.Version, po.Date)
		fronts, backs, err := c.orderFaces(l)
		if err != nil {
			return nil, err
		}
		var fs, bs []*render.Face
		for i, f := range fronts {
			if slices.Contains(ids, f.Card) {
				fs, bs = append(fs, f), append(bs, backs[i])
			}
		}
		lb := render.SheetLabels{Title: "40k Unbound · " + word("reprint", l), Cards: word("cards", l), Page: word("page", l), Backs: word("backs", l), Front: word("front", l)}
		pdf, err := render.FaceSheets(o, lb, nil, fs, bs)
		if err != nil {
			return nil, err
		}
		_, rel := pipeline.InDir(pipeline.ReprintSheet(l))
		set.Files[rel] = pdf
	}
	return set.Files, nil
}

// Sheets prints what `wbtool print` asks for, one file per language:
// the kit and the order cards (the file the build writes), or (--deck
// ARMY) that army's tokens and the order cards.
func (c *Content) Sheets(_ context.Context, req ruleset.SheetRequest) (ruleset.SheetSet, error) {
	if req.Map != "" {
		return ruleset.SheetSet{}, ruleset.Requestf("--map %q: 40k Unbound prints no maps (the table is the underlying game's)", req.Map)
	}
	a, err := c.army(req.Deck)
	if err != nil {
		return ruleset.SheetSet{}, err
	}
	armies, path := c.allArmies(), pipeline.CardsSheet
	if a != nil {
		armies, path = []*ubcatalog.Army{a}, func(l lang.Lang) string { return ArmySheet(a.ID, l) }
	}
	set := ruleset.SheetSet{Files: dist.Files{}}
	for _, l := range pipeline.Langs(req.Langs) {
		o := c.sheetOptions(l, req.Paper, req.Bleed, req.BackOffsetX, req.BackOffsetY, req.Tool, req.Date)
		first, err := c.kit(o, armies)
		if err != nil {
			return ruleset.SheetSet{}, err
		}
		pdf, err := c.cardSheet(o, first)
		if err != nil {
			return ruleset.SheetSet{}, err
		}
		p := path(l)
		_, rel := pipeline.InDir(p)
		set.Files[rel], set.Paths = pdf, append(set.Paths, p)
	}
	return set, nil
}
