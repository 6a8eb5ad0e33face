package convicted

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"wbtool.dev/wbtool/diag"
	"wbtool.dev/wbtool/games/convicted/cvcatalog"
	"wbtool.dev/wbtool/lang"
	"wbtool.dev/wbtool/render"
)

// The printed kit's colours: one band per kind of card, so the decks are
// told apart at a glance.
var (
	colInk      = render.Colour{R: 0x22, G: 0x1e, B: 0x1a}
	colPaper    = render.Colour{R: 0xf7, G: 0xf2, B: 0xe8}
	colWhite    = render.Colour{R: 0xff, G: 0xff, B: 0xff}
	colMuted    = render.Colour{R: 0x66, G: 0x60, B: 0x58}
	colHero     = render.Colour{R: 0x6b, G: 0x2d, B: 0x5c}
	colBuilding = render.Colour{R: 0x7a, G: 0x55, B: 0x2b}
	colTech     = render.Colour{R: 0x2b, G: 0x5a, B: 0x6e}
	colEnemy    = render.Colour{R: 0x8c, G: 0x22, B: 0x1c}
	colStone    = render.Colour{R: 0x6e, G: 0x6e, B: 0x6e}
	colDitch    = render.Colour{R: 0x5b, G: 0x4a, B: 0x2e}
	colMoat     = render.Colour{R: 0x2f, G: 0x5f, B: 0x8f}
	colDefender = render.Colour{R: 0x2e, G: 0x5e, B: 0x3a}
	colSpell    = render.Colour{R: 0x3b, G: 0x3f, B: 0x8c}
)

// words are the kit's words in both languages.
var words = map[string]cvcatalog.Text{
	"hero":              {EN: "Hero", FR: "Héros"},
	"building":          {EN: "Building", FR: "Bâtiment"},
	"technology":        {EN: "Technology", FR: "Technologie"},
	"enemy":             {EN: "Enemy card", FR: "Carte ennemie"},
	"level":             {EN: "level", FR: "niveau"},
	"lv":                {EN: "Lv", FR: "Niv."},
	"cost":              {EN: "Cost", FR: "Coût"},
	"free":              {EN: "nothing", FR: "rien"},
	"starts":            {EN: "Starts at level %d.", FR: "Commence au niveau %d."},
	"trains":            {EN: "Trains: %s.", FR: "Forme : %s."},
	"offer":             {EN: "Research offer: %d cards face up.", FR: "Offre de recherche : %d cartes visibles."},
	"spells":            {EN: "Spell slots: %d.", FR: "Emplacements de sorts : %d."},
	"blessings":         {EN: "Blessing slots: %d.", FR: "Emplacements de bénédictions : %d."},
	"engines":           {EN: "Builds: %s.", FR: "Construit : %s."},
	"decision":          {EN: "Decision meanwhile: %s", FR: "Décision provisoire : %s"},
	"unlockRes":         {EN: "Unlocks %s: it may be collected.", FR: "Débloque %s : on peut la collecter."},
	"unlockUnit":        {EN: "Unlocks %s: the Barracks may train them.", FR: "Débloque %s : la Caserne peut les former."},
	"collect":           {EN: "Collect %s: +%d a collect action.", FR: "Collecte de %s : +%d par action de collecte."},
	"capacity":          {EN: "Capacity of every %s: +%d.", FR: "Capacité de chaque %s : +%d."},
	"wall":              {EN: "wall", FR: "muraille"},
	"tower":             {EN: "tower", FR: "tour"},
	"side":              {EN: "The wave comes from the %s: its squads are set up in the %s deployment zone (C-SIEGE-3).", FR: "La vague arrive par le %s : ses escouades se placent dans la zone de déploiement %s (C-SIEGE-3)."},
	"ability":           {EN: "Ability", FR: "Capacité"},
	"spell":             {EN: "Spell", FR: "Sort"},
	"blessing":          {EN: "Blessing", FR: "Bénédiction"},
	"needs":             {EN: "Needs: %s level %d.", FR: "Demande : %s niveau %d."},
	"back":              {EN: "THE CONVICTED", FR: "LES CONDAMNÉS"},
	"cards":             {EN: "cards", FR: "cartes"},
	"page":              {EN: "Page", FR: "Page"},
	"backs":             {EN: "Card backs", FR: "Dos des cartes"},
	"front":             {EN: "Print double-sided, flip on long edge · Cut along the crop marks", FR: "Imprimez en recto verso, retournement sur le bord long · Découpez en suivant les traits de coupe"},
	"kit":               {EN: "The Convicted · cards", FR: "Les Condamnés · cartes"},
	"ditch":             {EN: "Ditch", FR: "Fossé"},
	"moat":              {EN: "Moat", FR: "Douve"},
	"tokens":            {EN: "Tokens", FR: "Jetons"},
	"cut":               {EN: "Cut out the tokens; each group holds the printed count (C-COMP-1): when none is left, the limit is reached (C-COMP-2).", FR: "Découpez les jetons ; chaque groupe compte le nombre imprimé (C-COMP-1) : quand il n’en reste plus, la limite est atteinte (C-COMP-2)."},
	"fortTok":           {EN: "Fortification tokens: one per section and level 1–5 (C-COMP-4)", FR: "Jetons de fortification : un par section et niveau 1 à 5 (C-COMP-4)"},
	"ringTok":           {EN: "Ditch and moat tokens (C-COMP-4)", FR: "Jetons de fossé et de douve (C-COMP-4)"},
	"resTok":            {EN: "Resource markers: one marker is one unit (C-COMP-3)", FR: "Marqueurs de ressource : un marqueur vaut une unité (C-COMP-3)"},
	"defTok":            {EN: "Defender tokens, the pool of %d spread over the types (C-COMP-3) · ST/EN/SU/RFS", FR: "Jetons de défenseurs, la réserve de %d répartie entre les types (C-COMP-3) · ST/EN/SU/RFS"},
	"enemyTok":          {EN: "Enemy tokens, the pool of %d spread over the types (C-COMP-3) · ST/EN/SU/RFS", FR: "Jetons ennemis, la réserve de %d répartie entre les types (C-COMP-3) · ST/EN/SU/RFS"},
	"engineTok":         {EN: "Siege-engine markers, the pool of %d spread over the types (C-COMP-3) · EN/RFS; green: the defenders’ own, mounted on a section (C-SAVE-2), red: the enemy’s", FR: "Marqueurs d’engins de siège, la réserve de %d répartie entre les types (C-COMP-3) · EN/RFS ; en vert ceux des défenseurs, montés sur une section (C-SAVE-2), en rouge ceux de l’ennemi"},
	"bag.fort":          {EN: "Fortification tokens", FR: "Jetons de fortification"},
	"bag.ring":          {EN: "Ditches and moats", FR: "Fossés et douves"},
	"bag.res":           {EN: "Resource markers", FR: "Marqueurs de ressource"},
	"bag.def":           {EN: "Defenders", FR: "Défenseurs"},
	"bag.foe":           {EN: "Enemies", FR: "Ennemis"},
	"bag.engine":        {EN: "Siege engines", FR: "Engins de siège"},
	"stages":            {EN: "Reference · the turn’s 14 stages", FR: "Aide-mémoire · les 14 stades du tour"},
	"stagesNote":        {EN: "One sheet per player (C-COMP-6). Stages marked \\* are Decisions meanwhile (%s): the seed does not give them yet.", FR: "Une feuille par joueur (C-COMP-6). Les stades marqués \\* sont des décisions provisoires (%s) : la source ne les donne pas encore."},
	"hitOn":             {EN: "hits on %d+", FR: "touche sur %d+"},
	"dmg":               {EN: "damage %s", FR: "dégâts %s"},
	"dmgD3":             {EN: "d3 (a d6 read as a d3)", FR: "d3 (un d6 lu comme un d3)"},
	"shooting":          {EN: "Shooting", FR: "Tir"},
	"engines-ph":        {EN: "Siege engines", FR: "Engins de siège"},
	"manoeuvre":         {EN: "Manoeuvre", FR: "Manœuvre"},
	"melee":             {EN: "Melee", FR: "Corps à corps"},
	"loyalty":           {EN: "Loyalty", FR: "Loyauté"},
	"e.defendersShoot":  {EN: "Ranged defenders shoot into their zones.", FR: "Les défenseurs à distance tirent dans leurs zones."},
	"e.enemyShoot":      {EN: "Ranged enemies shoot at the sections.", FR: "Les ennemis à distance tirent sur les sections."},
	"e.defenderEngines": {EN: "Defenders’ siege engines fire.", FR: "Les engins de siège des défenseurs tirent."},
	"e.enemyEngines":    {EN: "Enemy siege engines strike the sections’ Resistance.", FR: "Les engins ennemis frappent la Résistance des sections."},
	"e.advance":         {EN: "Enemies advance from deployment to assault; ditches and moats slow them.", FR: "Les ennemis avancent du déploiement à l’assaut ; fossés et douves les ralentissent."},
	"e.formSquads":      {EN: "Support units join their assault unit in squads.", FR: "Les unités de soutien rejoignent leur unité d’assaut en escouades."},
	"e.none":            {EN: "Nothing yet: to be defined.", FR: "Rien pour l’instant : à définir."},
	"e.assault":         {EN: "Squads assault the sections they face.", FR: "Les escouades donnent l’assaut aux sections en face."},
	"e.oracle":          {EN: "The Oracle may move units between sections.", FR: "L’Oracle peut déplacer des unités entre sections."},
	"e.strikeBack":      {EN: "Defenders strike back at the squads in contact.", FR: "Les défenseurs ripostent contre les escouades au contact."},
	"e.breakSquads":     {EN: "Squads break up; survivors return to the assault zone.", FR: "Les escouades se dispersent ; les survivants retournent en zone d’assaut."},
	"e.loyalty":         {EN: "Loyalty: check the defenders’ morale.", FR: "Loyauté : vérifiez le moral des défenseurs."},
	"n":                 {EN: "North", FR: "Nord"}, "e": {EN: "East", FR: "Est"}, "s": {EN: "South", FR: "Sud"}, "w": {EN: "West", FR: "Ouest"},
}

func word(key string, l lang.Lang) string {
	if t, ok := words[key]; ok {
		return t.In(l)
	}
	return key
}

// cost is a cost in words: "2 Stone, 1 Wood", or "nothing".
func (c *Content) cost(k cvcatalog.Cost, l lang.Lang) string {
	var parts []string
	for i, n := range k.Amounts() {
		if n > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", n, c.resourceName(cvcatalog.Resources[i], l)))
		}
	}
	if len(parts) == 0 {
		return word("free", l)
	}
	return strings.Join(parts, ", ")
}

func (c *Content) resourceName(id string, l lang.Lang) string {
	if r := cvcatalog.Find(c.Catalog.Resources, id, func(x *cvcatalog.Resource) string { return x.ID }); r != nil {
		return r.Name.In(l)
	}
	return id
}

// decisionNote is the card's muted line naming the rules whose
// Decisions fill it, or none.
func decisionNote(rules []string, l lang.Lang) []render.Block {
	if len(rules) == 0 {
		return nil
	}
	return []render.Block{{Text: fmt.Sprintf(word("decision", l), strings.Join(rules, ", ")), Colour: colMuted, Scale: 0.75, Gap: 0.8}}
}

// card is one card of the kit: its id (kind-prefixed, unique across
// the decks), kind, band colour and text.
type card struct {
	id, kind string
	band     render.Colour
	label    string // the band's first line: kind and level
	title    string
	blocks   []render.Block
	// pos is where the card's entry is declared, path its path in the
	// content ("heroes.oracle"): for the export's preflight.
	pos  diag.Pos
	path string
	// cost is its cost's resources added up, level its level (a
	// building's or a spell's): the site's search reads them.
	cost, level int
}

// face lays the card out in l.
func (k card) face(l lang.Lang) (*render.Face, error) {
	const b = render.Bleed
	w, h := render.CardW, render.CardH
	ls := string(l)
	what := k.kind + " " + k.id + " (" + ls + ")"
	items := []render.Item{
		render.Rect{X: -b, Y: -b, W: w + 2*b, H: h + 2*b, Paint: render.Fill(colPaper)},
		render.Rect{X: -b, Y: -b, W: w + 2*b, H: 22 + b, Paint: render.Fill(k.band)},
		render.Rect{X: 4, Y: 4, W: w - 8, H: h - 8, R: 2, Paint: render.Stroke(k.band, 0.4)},
	}
	lab, err := render.TextLine(k.label, ls, false, colWhite, w/2, 8, w-12, 7, 5, 'c', what+": its kind")
	if err != nil {
		return nil, err
	}
	name, err := render.TextLine(k.title, ls, true, colWhite, w/2, 17, w-12, 14, 7, 'c', what+": its name")
	if err != nil {
		return nil, err
	}
	text, err := render.TextBox(8, 27, w-16, h-36, k.blocks, ls, 10, 5.5, what+": its text")
	if err != nil {
		return nil, err
	}
	items = append(items, lab, name)
	items = append(items, text...)
	return &render.Face{Card: k.id, Kind: k.kind, Side: "front", Lang: l, Items: items}, nil
}

// back is the back the cards of the kind share.
func (k card) back(l lang.Lang) (*render.Face, error) {
	const b = render.Bleed
	w, h := render.CardW, render.CardH
	ls := string(l)
	items := []render.Item{
		render.Rect{X: -b, Y: -b, W: w + 2*b, H: h + 2*b, Paint: render.Fill(k.band)},
		render.Rect{X: 5, Y: 5, W: w - 10, H: h - 10, R: 2.5, Paint: render.Stroke(colPaper, 0.5)},
		render.Rect{X: w/2 - 9, Y: h/2 - 20, W: 18, H: 18, Paint: render.FillStroke(colInk, colPaper, 0.5)},
	}
	t, err := render.TextLine(word("back", l), ls, true, colPaper, w/2, h/2+10, w-16, 13, 7, 'c', "the card back: the title")
	if err != nil {
		return nil, err
	}
	tag, err := render.TextLine(word(k.kind, l), ls, false, colPaper, w/2, h/2+17, w-16, 9, 5, 'c', "the card back: its kind")
	if err != nil {
		return nil, err
	}
	return &render.Face{Card: k.id, Kind: k.kind, Side: "common-back", Lang: l, Items: append(items, t, tag)}, nil
}

// cards are the kit's cards in l, in deck order: the heroes, one card per
// building level (C-COMP-5), the research deck, the spells and the
// blessings (C-SPELL-1), the enemy deck (C-COMP-6).
func (c *Content) cards(l lang.Lang) []card {
	cat := c.Catalog
	var out []card
	for _, h := range cat.Heroes {
		out = append(out, card{id: "hero-" + h.ID, kind: "hero", band: colHero, label: word("hero", l), title: h.Name.In(l), blocks: []render.Block{
			{Text: "*" + h.Story.In(l) + "*", Colour: colMuted, Scale: 0.9},
			{Text: "**" + word("ability", l) + "** — " + h.Text.In(l), Colour: colInk, Gap: 0.8},
		}, pos: h.Pos, path: "heroes." + h.ID})
	}
	for _, bd := range cat.Buildings {
		for i, lv := range bd.Levels {
			blocks := []render.Block{{Text: "**" + word("cost", l) + "**: " + c.cost(lv.Cost, l), Colour: colInk}}
			add := func(s string) { blocks = append(blocks, render.Block{Text: s, Colour: colInk, Gap: 0.4}) }
			if i == 0 && bd.Start > 0 {
				add(fmt.Sprintf(word("starts", l), bd.Start))
			}
			if len(lv.Trains) > 0 {
				var names []string
				for _, u := range lv.Trains {
					if x := cat.Unit(u); x != nil {
						names = append(names, x.Name.In(l))
					}
				}
				add(fmt.Sprintf(word("trains", l), strings.Join(names, ", ")))
			}
			if lv.ResearchOffer > 0 {
				add(fmt.Sprintf(word("offer", l), lv.ResearchOffer))
			}
			if lv.SpellSlots > 0 {
				add(fmt.Sprintf(word("spells", l), lv.SpellSlots))
			}
			if lv.BlessingSlots > 0 {
				add(fmt.Sprintf(word("blessings", l), lv.BlessingSlots))
			}
			if len(lv.Engines) > 0 {
				var names []string
				for _, e := range lv.Engines {
					if x := cvcatalog.Find(cat.Engines, e, func(x *cvcatalog.Engine) string { return x.ID }); x != nil {
						names = append(names, x.Name.In(l))
					}
				}
				add(fmt.Sprintf(word("engines", l), strings.Join(names, ", ")))
			}
			out = append(out, card{id: fmt.Sprintf("building-%s-%d", bd.ID, i+1), kind: "building", band: colBuilding,
				label: fmt.Sprintf("%s · %s %d", word("building", l), word("level", l), i+1), title: bd.Name.In(l),
				blocks: append(blocks, decisionNote(bd.Placeholders, l)...), pos: bd.Pos, path: "buildings." + bd.ID, cost: total(lv.Cost), level: i + 1})
		}
	}
	for _, t := range cat.Technologies {
		blocks := []render.Block{{Text: "**" + word("cost", l) + "**: " + c.cost(t.Cost, l), Colour: colInk},
			{Text: c.effect(t.Effect, l), Colour: colInk, Gap: 0.6}}
		out = append(out, card{id: "tech-" + t.ID, kind: "technology", band: colTech, label: word("technology", l), title: t.Name.In(l),
			blocks: append(blocks, decisionNote(t.Placeholders, l)...), pos: t.Pos, path: "technologies." + t.ID, cost: total(t.Cost)})
	}
	out = append(out, c.spellCards(l)...)
	for i := 0; i < cat.Components.EnemyCards && i < len(cvcatalog.Sides); i++ {
		s := cvcatalog.Sides[i]
		out = append(out, card{id: "enemy-" + s, kind: "enemy", band: colEnemy, label: word("enemy", l), title: word(s, l),
			blocks: append([]render.Block{{Text: fmt.Sprintf(word("side", l), word(s, l), word(s, l)), Colour: colInk}}, decisionNote([]string{"C-SIEGE-3"}, l)...),
			pos:    diag.Pos{File: "game.cue"}, path: "components.enemyCards"})
	}
	return out
}

// spellCards are the spells and blessings as cards in l (C-SPELL-1):
// what each needs (the Mage Tower's or the Chapel's level), costs, and
// does, and when.
func (c *Content) spellCards(l lang.Lang) []card {
	var out []card
	// a deck each, the spells then the blessings, by level
	spells := slices.Clone(c.Catalog.Spells)
	slices.SortStableFunc(spells, func(a, b cvcatalog.Spell) int {
		return cmp.Or(cmp.Compare(b.Kind, a.Kind), cmp.Compare(a.Level, b.Level), cmp.Compare(a.ID, b.ID))
	})
	for _, sp := range spells {
		from := "mage-tower"
		if sp.Kind == "blessing" {
			from = "chapel"
		}
		needs := from
		if b := cvcatalog.Find(c.Catalog.Buildings, from, func(x *cvcatalog.Building) string { return x.ID }); b != nil {
			needs = b.Name.In(l)
		}
		blocks := []render.Block{{Text: "**" + word("cost", l) + "**: " + c.cost(sp.Cost, l), Colour: colInk},
			{Text: fmt.Sprintf(word("needs", l), needs, sp.Level), Colour: colInk, Gap: 0.4},
			{Text: sp.Text.In(l), Colour: colInk, Gap: 0.6}}
		out = append(out, card{id: "spell-" + sp.ID, kind: sp.Kind, band: colSpell, label: fmt.Sprintf("%s · %s %d", word(sp.Kind, l), word("level", l), sp.Level),
			title: sp.Name.In(l), blocks: append(blocks, decisionNote(sp.Placeholders, l)...), pos: sp.Pos, path: "spells." + sp.ID,
			cost: total(sp.Cost), level: sp.Level})
	}
	return out
}

// effect is a technology's effect in words (C-RES-3).
func (c *Content) effect(e cvcatalog.Effect, l lang.Lang) string {
	switch e.Kind {
	case "unlockResource":
		return fmt.Sprintf(word("unlockRes", l), c.resourceName(e.Resource, l))
	case "unlockUnit":
		name := e.Unit
		if u := c.Catalog.Unit(e.Unit); u != nil {
			name = u.Name.In(l)
		}
		return fmt.Sprintf(word("unlockUnit", l), name)
	case "collectBonus":
		return fmt.Sprintf(word("collect", l), c.resourceName(e.Resource, l), e.Amount)
	case "capacityBonus":
		return fmt.Sprintf(word("capacity", l), word(e.Section, l), e.Amount)
	}
	return e.Kind
}

// faces are the kit's cards laid out in l, fronts and backs.
func (c *Content) faces(l lang.Lang) (fronts, backs []*render.Face, err error) {
	for _, k := range c.cards(l) {
		f, err := k.face(l)
		if err != nil {
			return nil, nil, err
		}
		b, err := k.back(l)
		if err != nil {
			return nil, nil, err
		}
		fronts, backs = append(fronts, f), append(backs, b)
	}
	return fronts, backs, nil
}
