package warstuff

import (
	"bytes"
	"encoding/json"
	"fmt"
	"html/template"
	"net/url"
	"strconv"
	"strings"

	ws "wbtool.dev/wbtool/catalog/warstuff"
	"wbtool.dev/wbtool/internal/dist"
	"wbtool.dev/wbtool/site"
	"wbtool.dev/wbtool/site/bandcheck"
)

// The band builder (issue 19 item 3): a page per language where a player
// picks profiles and sees the band's cost, its figure count, its costliest
// figure against the per-figure cap and its legality in the standard and
// big-game formats as they go. Legality has one implementation,
// ws.Catalog.CheckBand (what `wbtool validate` runs on a band): the page
// runs it in the deck builder's WebAssembly module (site/deckwasm's
// wbBandCheck, through package bandcheck). As on the deck builder, nothing
// is fetched, so the page works from file://: the module and the
// profiles' data are scripts.

// bandBuilderPage is the builder's path in each language folder.
const bandBuilderPage = "bandbuilder.html"

func init() {
	for k, v := range map[string]ws.Text{
		"site.builder":        {EN: "Band builder", FR: "Créer une bande"},
		"builder.intro":       {EN: "Pick profiles: the cost, the figure count and the band's legality in each format update as you go, checked by the same code as wbtool validate.", FR: "Choisissez des profils : le coût, le nombre de figurines et la légalité de la bande dans chaque format se mettent à jour au fur et à mesure, vérifiés par le même code que wbtool validate."},
		"builder.loading":     {EN: "Loading the band checker…", FR: "Chargement du vérificateur de bandes…"},
		"builder.nowasm":      {EN: "This browser cannot run the band checker (WebAssembly): the profiles are listed, but the band cannot be built here.", FR: "Ce navigateur ne peut pas exécuter le vérificateur de bandes (WebAssembly) : les profils sont listés, mais la bande ne peut pas être créée ici."},
		"builder.add":         {EN: "Add one %s", FR: "Ajouter un %s"},
		"builder.remove":      {EN: "Remove one %s", FR: "Retirer un %s"},
		"builder.yours":       {EN: "Your band", FR: "Votre bande"},
		"builder.name":        {EN: "Band name", FR: "Nom de la bande"},
		"builder.defaultName": {EN: "My band", FR: "Ma bande"},
		"builder.export-as":   {EN: "Format of the band", FR: "Format de la bande"},
		"builder.standard":    {EN: "Standard game", FR: "Partie standard"},
		"builder.big":         {EN: "Big game", FR: "Grand format"},
		"builder.big-format":  {EN: "Big-game points", FR: "Points en grand format"},
		"builder.figures":     {EN: "figures", FR: "figurines"},
		"builder.dearest":     {EN: "costliest figure", FR: "figurine la plus chère"},
		"builder.empty":       {EN: "No figures yet: add profiles from the list.", FR: "Aucune figurine : ajoutez des profils depuis la liste."},
		"builder.clear":       {EN: "Start again", FR: "Recommencer"},
		"builder.export":      {EN: "Export", FR: "Exporter"},
		"builder.cue":         {EN: "The band as a content file (scenarios/%s.cue)", FR: "La bande comme fichier de contenu (scenarios/%s.cue)"},
		"builder.copy":        {EN: "Copy", FR: "Copier"},
		"builder.copied":      {EN: "Copied.", FR: "Copié."},
		"builder.share":       {EN: "Link to this band", FR: "Lien vers cette bande"},
		"builder.legal":       {EN: "legal", FR: "réglementaire"},
		"builder.illegal":     {EN: "not legal", FR: "non réglementaire"},
		"builder.open":        {EN: "Open in the band builder", FR: "Ouvrir dans le créateur de bandes"},
	} {
		ws.Labels[k] = v
	}
}

var bandBuilderTemplate = template.Must(template.New("bandbuilder").Parse(`<h1>{{.T "site.builder"}}</h1>
<p>{{.T "builder.intro"}}</p>
<p id="bb-status" class="bb-status" role="status">{{.T "builder.loading"}}</p>
<div id="bb" class="bb" data-config="{{.Config}}">
<p id="bb-sticky" class="bb-sticky" hidden></p>
<section class="bb-pool" aria-labelledby="bb-pool-h">
<h2 id="bb-pool-h">{{.T "site.profiles"}}</h2>
<div class="table-wrap"><table id="bb-pool"><thead><tr><th>{{.T "profile"}}</th><th class="num">{{.T "cost"}}</th><th class="num">{{.T "count"}}</th></tr></thead><tbody>
{{range .Profiles}}<tr data-id="{{.ID}}"><td><a href="profiles/{{.ID}}.html">{{.Name}}</a> <span class="muted">{{.Quality}}+</span></td><td class="num"><span class="cost">{{.Cost}}</span></td><td class="num bb-n"><button type="button" class="bb-minus" aria-label="{{.Remove}}" disabled>−</button><output class="bb-count" aria-label="{{$.T "count"}}: {{.Name}}">0</output><button type="button" class="bb-plus" aria-label="{{.Add}}" disabled>+</button></td></tr>
{{end}}</tbody></table></div>
</section>
<section class="bb-band" aria-labelledby="bb-band-h">
<h2 id="bb-band-h">{{.T "builder.yours"}}</h2>
<p><label for="bb-name">{{.T "builder.name"}}</label><br><input id="bb-name" type="text" autocomplete="off" maxlength="80" value="{{.T "builder.defaultName"}}"></p>
<fieldset><legend>{{.T "builder.export-as"}}</legend>
<label><input type="radio" name="bb-format" value="standard" checked> {{.T "builder.standard"}} ({{.Standard}} {{.T "points"}})</label><br>
<label><input type="radio" name="bb-format" value="big"> {{.T "builder.big"}}</label><br>
<label for="bb-big" class="bb-biglabel">{{.T "builder.big-format"}} ({{.BigMin}}–{{.BigMax}})</label> <input id="bb-big" type="number" min="{{.BigMin}}" max="{{.BigMax}}" value="{{.BigMax}}">
</fieldset>
<p id="bb-summary" class="bb-summary" aria-live="polite"></p>
<ul id="bb-list" class="bb-list"></ul>
<p id="bb-empty" class="muted">{{.T "builder.empty"}}</p>
<div id="bb-verdicts" class="bb-verdicts" aria-live="polite"></div>
<p><button type="button" id="bb-clear">{{.T "builder.clear"}}</button></p>
<h2>{{.T "builder.export"}}</h2>
<p><label for="bb-cue" id="bb-cue-label">{{.CueLabel}}</label><br><textarea id="bb-cue" rows="7" readonly spellcheck="false"></textarea><br>
<button type="button" id="bb-copy">{{.T "builder.copy"}}</button> <span id="bb-copied" role="status"></span></p>
<p><label for="bb-share">{{.T "builder.share"}}</label><br><input id="bb-share" type="url" readonly></p>
</section>
</div>
<script src="../band-data.js"></script>
<script src="../assets/wasm_exec.js"></script>
<script src="../assets/wasmstart.js"></script>
<script src="../assets/bandbuilder.js"></script>
`))

type builderRow struct {
	ID, Name, Add, Remove string
	Quality, Cost         int
}

// bandBuilder writes the band builder of language l, and (once) its
// scripts at the site's root.
func (c *Content) bandBuilder(out dist.Files, d pageData, l ws.Lang, write func(string, pageData) error) error {
	cat := c.Catalog
	if _, done := out["band-data.js"]; !done {
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
		out["band-data.js"] = bandcheck.Compact(cat).JS()
	}
	msgs := map[string]string{}
	for _, k := range []string{"loading", "nowasm", "defaultName", "figures", "dearest", "cue", "copied", "legal", "illegal", "standard", "big"} {
		msgs[k] = cat.Label("builder."+k, l)
	}
	msgs["points"], msgs["total"] = cat.Label("points", l), cat.Label("total", l)
	config, err := json.Marshal(map[string]any{"lang": string(l), "messages": msgs, "wasm": "../assets/deckcheck-wasm.js"})
	if err != nil {
		return err
	}
	data := struct {
		pageData
		Config                   string
		CueLabel                 string // the export's label before the script names the band's file
		Profiles                 []builderRow
		Standard, BigMin, BigMax int
	}{pageData: d, Config: string(config), CueLabel: strings.ReplaceAll(cat.Label("builder.cue", l), "%s", bandcheck.Slug(cat.Label("builder.defaultName", l))),
		Standard: cat.Limits.Standard, BigMin: cat.Limits.Standard + 1, BigMax: cat.Limits.BigMax}
	for _, p := range cat.Profiles {
		name := p.Name.In(l)
		data.Profiles = append(data.Profiles, builderRow{ID: p.ID, Name: name, Quality: p.Quality, Cost: p.Cost,
			Add: strings.ReplaceAll(cat.Label("builder.add", l), "%s", name), Remove: strings.ReplaceAll(cat.Label("builder.remove", l), "%s", name)})
	}
	var b bytes.Buffer
	if err := bandBuilderTemplate.Execute(&b, data); err != nil {
		return fmt.Errorf("band builder: %w", err)
	}
	d.Section, d.Title, d.Root, d.Body, d.Wasm = "builder", cat.Label("site.builder", l), "", template.HTML(b.String()), true
	return write(bandBuilderPage, d)
}

// bandLink is the builder's address from the bands page with band b in
// it, as its share link keeps it: bandbuilder.html#f=format&n=name&p=
// profile:count,… (every part URL-encoded, so the link is safe as is).
func bandLink(b *ws.Band, l ws.Lang) template.URL {
	var figs []string
	for _, f := range b.Figures {
		figs = append(figs, f.Profile+":"+strconv.Itoa(f.Count))
	}
	v := url.Values{"n": {b.Name.In(l)}, "f": {strconv.Itoa(b.Format)}, "p": {strings.Join(figs, ",")}}
	return template.URL(bandBuilderPage + "#" + v.Encode())
}
