package unbound

import (
	"fmt"
	"strings"

	"wbtool.dev/wbtool/games/unbound/ubcatalog"
	"wbtool.dev/wbtool/lang"
	"wbtool.dev/wbtool/render"
)

// The order cards' colours: planned orders on slate, immediate ones on
// rust, so the two decks are told apart at a glance.
var (
	colInk     = render.Colour{R: 0x1f, G: 0x22, B: 0x28}
	colPaper   = render.Colour{R: 0xfa, G: 0xf7, B: 0xf0}
	colPlanned = render.Colour{R: 0x34, G: 0x4e, B: 0x6b}
	colReact   = render.Colour{R: 0x9a, G: 0x3b, B: 0x24}
	colWhite   = render.Colour{R: 0xff, G: 0xff, B: 0xff}
	colMuted   = render.Colour{R: 0x5d, G: 0x5f, B: 0x66}
)

// words are the kit's words in both languages.
var words = map[string]ubcatalog.Text{
	"game":      {EN: "40K UNBOUND", FR: "40K UNBOUND"},
	"planned":   {EN: "Planned order", FR: "Ordre planifié"},
	"immediate": {EN: "Immediate order", FR: "Ordre immédiat"},
	"back":      {EN: "Order card", FR: "Carte d'ordre"},
	"who":       {EN: "Who", FR: "Qui"},
	"any":       {EN: "any unit", FR: "toute unité"},
	"when":      {EN: "When", FR: "Quand"},
	"timing":    {EN: "Resolved", FR: "Résolu"},
	"from":      {EN: "also from inside a transport", FR: "aussi depuis un transport"},
	"handicap":  {EN: "shots take %d handicap", FR: "tirs avec %d handicap"},
	"nomove":    {EN: "No move before it.", FR: "Aucun mouvement avant."},
	"basemove":  {EN: "Base move before, never after.", FR: "Mouvement de base avant, jamais après."},
	"cards":     {EN: "cards", FR: "cartes"},
	"page":      {EN: "Page", FR: "Page"},
	"backs":     {EN: "Card backs", FR: "Dos des cartes"},
	"front":     {EN: "Print double-sided, flip on long edge · Cut along the crop marks", FR: "Imprimez en recto verso, retournement sur le bord long · Découpez en suivant les traits de coupe"},
	"orders":    {EN: "Order cards", FR: "Cartes d'ordre"},
	"sep":       {EN: "; ", FR: "\u202f; "},
	"reprint":   {EN: "Order cards to reprint", FR: "Cartes d'ordre à réimprimer"},
	"standin": {EN: "The engine checks the order protocol: who acts when, tokens, orders, reactions and their limits, the psychic pools, the shooting ladder and the end rolls. Every result on the table belongs to the underlying rules.",
		FR: "Le moteur vérifie le protocole d'ordres : qui agit quand, jetons, ordres, réactions et leurs limites, réserves psychiques, échelle de tir et jets de fin. Tout résultat sur la table relève des règles de base."},
	"kit":            {EN: "Tokens, trackers and quick reference", FR: "Jetons, compteurs et aide-mémoire"},
	"tokens":         {EN: "Activation tokens", FR: "Jetons d'activation"},
	"trackers":       {EN: "Reserve and psychic trackers", FR: "Compteurs de réserves et de pouvoirs psychiques"},
	"manifest":       {EN: "Manifest pool", FR: "Réserve de manifestation"},
	"deny":           {EN: "Deny pool", FR: "Réserve d'abjuration"},
	"reserves":       {EN: "In reserve", FR: "En réserve"},
	"turn":           {EN: "Turn", FR: "Tour"},
	"cut":            {EN: "Cut out one token per unit; a unit in a transport and its transport take one each, an attached character none.", FR: "Découpez un jeton par unité ; une unité dans un transport et son transport en prennent un chacun, un personnage rattaché aucun."},
	"shot-at":        {EN: "the unit is the target of a planned Shoot", FR: "l'unité est la cible d'un ordre de tir"},
	"assaulted":      {EN: "the unit is the target of a planned Assault", FR: "l'unité est la cible d'un ordre d'assaut"},
	"enemy-assaults": {EN: "an enemy unit assaults another unit", FR: "une unité ennemie assaille une autre unité"},
	"enemy-order":    {EN: "an enemy unit receives any planned order", FR: "une unité ennemie reçoit un ordre planifié"},
	"before":         {EN: "before the order it answers", FR: "avant l'ordre auquel il répond"},
	"together":       {EN: "together with the order it answers", FR: "en même temps que l'ordre auquel il répond"},
	"after":          {EN: "after the attacker's move and shots", FR: "après le mouvement et les tirs de l'assaillant"},
}

func word(key string, l lang.Lang) string { return words[key].In(l) }

// typeNames are the unit types in both languages.
var typeNames = map[string]ubcatalog.Text{
	"infantry": {EN: "infantry", FR: "infanterie"}, "monstrous": {EN: "monstrous creatures", FR: "créatures monstrueuses"},
	"bike": {EN: "bikes", FR: "motos"}, "jetbike": {EN: "jetbikes", FR: "motojets"}, "artillery": {EN: "artillery", FR: "armes d'appui"},
	"vehicle": {EN: "vehicles", FR: "véhicules"}, "flyer": {EN: "flyers", FR: "aéronefs"}, "super-heavy": {EN: "super-heavies", FR: "super-lourds"},
}

// orderLines are the order's rules in card markup: who, when, timing.
func orderLines(o *ubcatalog.Order, l lang.Lang) []string {
	who := word("any", l)
	if len(o.Types) > 0 {
		var names []string
		for _, t := range o.Types {
			names = append(names, typeNames[t].In(l))
		}
		who = strings.Join(names, ", ")
	}
	if o.FromTransport {
		who += word("sep", l) + word("from", l)
	}
	lines := []string{"**" + word("who", l) + "**: " + who}
	if o.Kind == "immediate" {
		lines = append(lines, "**"+word("when", l)+"**: "+word(o.Condition, l),
			"**"+word("timing", l)+"**: "+word(o.Timing, l)+". "+word("nomove", l))
	} else {
		lines = append(lines, word("basemove", l))
	}
	if o.Handicaps > 0 {
		lines = append(lines, fmt.Sprintf(word("handicap", l), o.Handicaps))
	}
	return lines
}

// orderFace is order o's card in l: a coloured band with its kind and
// rule number, its name, what it allows, who may take it and when.
func orderFace(o *ubcatalog.Order, l lang.Lang) (*render.Face, error) {
	const b = render.Bleed
	w, h := render.CardW, render.CardH
	band, kind := colPlanned, word("planned", l)
	if o.Kind == "immediate" {
		band, kind = colReact, word("immediate", l)
	}
	ls := string(l)
	what := "order " + o.ID + " (" + ls + ")"
	items := []render.Item{
		render.Rect{X: -b, Y: -b, W: w + 2*b, H: h + 2*b, Paint: render.Fill(colPaper)},
		render.Rect{X: -b, Y: -b, W: w + 2*b, H: 22 + b, Paint: render.Fill(band)},
		render.Rect{X: 4, Y: 4, W: w - 8, H: h - 8, R: 2, Paint: render.Stroke(band, 0.4)},
	}
	k, err := render.TextLine(kind+" · "+o.Rule, ls, false, colWhite, w/2, 8, w-12, 7, 5, 'c', what+": its kind")
	if err != nil {
		return nil, err
	}
	name, err := render.TextLine(o.Name.In(l), ls, true, colWhite, w/2, 17, w-12, 15, 8, 'c', what+": its name")
	if err != nil {
		return nil, err
	}
	blocks := []render.Block{{Text: o.Text.In(l), Colour: colInk}}
	for i, line := range orderLines(o, l) {
		g := 0.0
		if i == 0 {
			g = 0.8
		}
		blocks = append(blocks, render.Block{Text: line, Colour: colMuted, Scale: 0.9, Gap: g})
	}
	text, err := render.TextBox(8, 27, w-16, h-36, blocks, ls, 10, 6, what+": its text")
	if err != nil {
		return nil, err
	}
	items = append(items, k, name)
	items = append(items, text...)
	return &render.Face{Card: o.ID, Kind: "order", Side: "front", Lang: l, Items: items}, nil
}

// orderBack is the back all order cards share.
func orderBack(id string, l lang.Lang) (*render.Face, error) {
	const b = render.Bleed
	w, h := render.CardW, render.CardH
	ls := string(l)
	items := []render.Item{
		render.Rect{X: -b, Y: -b, W: w + 2*b, H: h + 2*b, Paint: render.Fill(colInk)},
		render.Rect{X: 5, Y: 5, W: w - 10, H: h - 10, R: 2.5, Paint: render.Stroke(colPaper, 0.5)},
		render.Circle{X: w / 2, Y: h/2 - 8, R: 9, Paint: render.FillStroke(colReact, colPaper, 0.5)},
		render.Circle{X: w / 2, Y: h/2 - 8, R: 5, Paint: render.Fill(colPlanned)},
	}
	t, err := render.TextLine(word("game", l), ls, true, colPaper, w/2, h/2+10, w-16, 14, 8, 'c', "the card back: the title")
	if err != nil {
		return nil, err
	}
	tag, err := render.TextLine(word("back", l), ls, false, colPaper, w/2, h/2+17, w-16, 8, 5, 'c', "the card back: the tagline")
	if err != nil {
		return nil, err
	}
	return &render.Face{Card: id, Kind: "order", Side: "common-back", Lang: l, Items: append(items, t, tag)}, nil
}

// orderFaces are the 13 order cards in l, fronts and backs.
func (c *Content) orderFaces(l lang.Lang) (fronts, backs []*render.Face, err error) {
	for i := range c.Catalog.Orders {
		o := &c.Catalog.Orders[i]
		f, err := orderFace(o, l)
		if err != nil {
			return nil, nil, err
		}
		bk, err := orderBack(o.ID, l)
		if err != nil {
			return nil, nil, err
		}
		fronts, backs = append(fronts, f), append(backs, bk)
	}
	return fronts, backs, nil
}
