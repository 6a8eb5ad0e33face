package warstuff

import (
	"cmp"
	"encoding/json"
	"html/template"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"wbtool.dev/wbtool/games/warstuff/wsbands"
	"wbtool.dev/wbtool/games/warstuff/wscatalog"
	"wbtool.dev/wbtool/internal/dist"
	"wbtool.dev/wbtool/site"
)

// The band builder (issue 19 item 3): a page per language where a player
// picks profiles and sees the band's cost, its figure count, its costliest
// figure against the per-figure cap and its legality in the standard and
// big-game formats as they go. Legality has one implementation,
// wscatalog.Catalog.CheckBand (what `wbtool validate` runs on a band): the
// page runs it in the deck builder's WebAssembly module (site/deckwasm's
// wbBandCheck, through package wsbands). As on the deck builder, nothing
// is fetched, so the page works from file://: the module and the
// profiles' data are scripts.

// bandBuilderPage is the builder's path in each language folder.
const bandBuilderPage = "bandbuilder.html"

func init() {
	for k, v := range map[string]wscatalog.Text{
		"site.builder":           {EN: "Band builder", FR: "Créer une bande"},
		"builder.intro":          {EN: "Pick profiles: the cost, the figure count and the band’s legality in each format update as you go.", FR: "Choisissez des profils : le coût, le nombre de figurines et la légalité de la bande dans chaque format se mettent à jour au fur et à mesure."},
		"builder.loading":        {EN: "Loading the band checker…", FR: "Chargement du vérificateur de bandes…"},
		"builder.nowasm":         {EN: "This browser cannot run the band checker (WebAssembly): the profiles are listed, but the band cannot be built here.", FR: "Ce navigateur ne peut pas exécuter le vérificateur de bandes (WebAssembly) : les profils sont listés, mais la bande ne peut pas être créée ici."},
		"builder.add":            {EN: "Add one %s", FR: "Ajouter un %s"},
		"builder.remove":         {EN: "Remove one %s", FR: "Retirer un %s"},
		"builder.yours":          {EN: "Your band", FR: "Votre bande"},
		"builder.parts":          {EN: "Band builder: go to", FR: "Créateur de bandes : aller à"},
		"builder.name":           {EN: "Band name", FR: "Nom de la bande"},
		"builder.defaultName":    {EN: "My band", FR: "Ma bande"},
		"builder.export-as":      {EN: "Format of the band", FR: "Format de la bande"},
		"builder.standard":       {EN: "Standard game", FR: "Partie standard"},
		"builder.big":            {EN: "Big game", FR: "Grand format"},
		"builder.big-format":     {EN: "Big-game points", FR: "Points en grand format"},
		"builder.figures":        {EN: "figures", FR: "figurines"},
		"builder.dearest":        {EN: "costliest figure", FR: "figurine la plus chère"},
		"builder.empty":          {EN: "No figures yet: add profiles from the list.", FR: "Aucune figurine : ajoutez des profils depuis la liste."},
		"builder.clear":          {EN: "Start again", FR: "Recommencer"},
		"builder.export":         {EN: "Export", FR: "Exporter"},
		"builder.cue":            {EN: "The band as a content file (scenarios/%s.cue)", FR: "La bande comme fichier de contenu (scenarios/%s.cue)"},
		"builder.copy":           {EN: "Copy", FR: "Copier"},
		"builder.copied":         {EN: "Copied.", FR: "Copié."},
		"builder.share":          {EN: "Link to this band", FR: "Lien vers cette bande"},
		"builder.legal":          {EN: "legal", FR: "réglementaire"},
		"builder.illegal":        {EN: "not legal", FR: "non réglementaire"},
		"builder.open":           {EN: "Open in the band builder", FR: "Ouvrir dans le créateur de bandes"},
		"builder.filter":         {EN: "Filter by name or special rule", FR: "Filtrer par nom ou règle spéciale"},
		"builder.matches":        {EN: "%d of %d profiles", FR: "%d profils sur %d"},
		"builder.nomatch":        {EN: "No profile matches: try part of a name or of a special rule.", FR: "Aucun profil ne correspond : essayez une partie d’un nom ou d’une règle spéciale."},
		"builder.print":          {EN: "Print the band sheet", FR: "Imprimer la feuille de bande"},
		"builder.creatures":      {EN: "The invasion scenario’s creatures are not offered: the game fields them against the heroes, outside every band limit, and they never score.", FR: "Les créatures du scénario d’invasion ne sont pas proposées : le jeu les oppose aux héros, hors de toute limite de bande, et elles ne marquent jamais de points."},
		"builder.creatures-link": {EN: "Their profiles", FR: "Leurs profils"},
	} {
		wscatalog.Labels[k] = v
	}
}

type builderRow struct {
	ID, Name, Add, Remove string
	Quality, Cost         int
	// Range is the ranged weapon's ("18\"", "9\" / 27\"", "melee only"),
	// Rules every special rule's name, weapons' and powers' too (what the
	// filter reads besides the name).
	Range, Rules string
}

// bandBuilderFiles are the builder's scripts and stylesheet, and the
// profiles' data, at the site's root (templates/bandbuilder.html loads
// them).
func (c *Content) bandBuilderFiles(out dist.Files) error {
	for name, data := range site.CheckerScripts() {
		out[name] = data
	}
	for _, name := range []string{"bandbuilder.js", "bandbuilder.css"} {
		b, err := assets.ReadFile("assets/" + name)
		if err != nil {
			return err
		}
		out["assets/"+name] = b
	}
	out["band-data.js"] = wsbands.Compact(c.Catalog).JS()
	return nil
}

// bandBuilderPage is the builder's page in language l.
func (c *Content) bandBuilderPage(l wscatalog.Lang) (site.Page, error) {
	cat := c.Catalog
	msgs := map[string]string{}
	for _, k := range []string{"loading", "nowasm", "defaultName", "figures", "dearest", "cue", "copied", "legal", "illegal", "standard", "big", "matches"} {
		msgs[k] = cat.Label("builder."+k, l)
	}
	// the band sheet's words
	for _, k := range []string{"points", "total", "profile", "quality", "range", "rules", "count", "each", "subtotal", "format"} {
		msgs[k] = cat.Label(k, l)
	}
	config, err := json.Marshal(map[string]any{"lang": string(l), "messages": msgs, "wasm": "../assets/deckcheck-wasm.js"})
	if err != nil {
		return site.Page{}, err
	}
	data := struct {
		Config                   string
		CueLabel                 string // the export's label before the script names the band's file
		Profiles                 []builderRow
		Standard, BigMin, BigMax int
	}{Config: string(config), CueLabel: strings.ReplaceAll(cat.Label("builder.cue", l), "%s", wsbands.Slug(cat.Label("builder.defaultName", l))),
		Standard: cat.Limits.Standard, BigMin: cat.Limits.Standard + 1, BigMax: cat.Limits.BigMax}
	for _, p := range cat.Profiles {
		name := p.Name.In(l)
		row := builderRow{ID: p.ID, Name: name, Quality: p.Quality, Cost: p.Cost, Rules: ruleNames(cat, ruleIDs(&p), l),
			Add: strings.ReplaceAll(cat.Label("builder.add", l), "%s", name), Remove: strings.ReplaceAll(cat.Label("builder.remove", l), "%s", name)}
		switch {
		case p.Ranged != nil:
			row.Range = cat.RuleNameRange(p.Ranged.Range, l)
		case len(p.Variable) == 2:
			row.Range = cat.RuleNameRange(p.Variable[0].Range, l) + " / " + cat.RuleNameRange(p.Variable[1].Range, l)
		default:
			row.Range = cat.Label("melee-only", l)
		}
		data.Profiles = append(data.Profiles, row)
	}
	// by name in the page's language, as on the profiles page
	slices.SortStableFunc(data.Profiles, func(a, b builderRow) int {
		return cmp.Or(cmp.Compare(site.SortKey(a.Name), site.SortKey(b.Name)), cmp.Compare(a.ID, b.ID))
	})
	return site.Page{Path: bandBuilderPage, Template: "bandbuilder", Title: cat.Label("site.builder", l), Section: "builder", Data: data, WASM: true}, nil
}

// bandLink is the builder's address from the bands page with band b in
// it, as its share link keeps it: bandbuilder.html#f=format&n=name&p=
// profile:count,… (every part URL-encoded, so the link is safe as is).
func bandLink(b *wscatalog.Band, l wscatalog.Lang) template.URL {
	var figs []string
	for _, f := range b.Figures {
		figs = append(figs, f.Profile+":"+strconv.Itoa(f.Count))
	}
	v := url.Values{"n": {b.Name.In(l)}, "f": {strconv.Itoa(b.Format)}, "p": {strings.Join(figs, ",")}}
	return template.URL(bandBuilderPage + "#" + v.Encode())
}
