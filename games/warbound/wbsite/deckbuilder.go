package wbsite

import (
	_ "embed"
	"encoding/json"
	"net/url"

	"wbtool.dev/wbtool/games/warbound/wbcatalog"
	"wbtool.dev/wbtool/games/warbound/wbdeck"
	"wbtool.dev/wbtool/site"
)

// The deck builder (issue 17 item 4): a page per language where a player
// picks cards and attachments and sees the deck's legality in each format
// as they go. Legality has one implementation, wbcatalog.CheckDeck: the page
// runs it compiled to WebAssembly (site/deckwasm, through package
// deckcheck). The module is built once by
//
//	WBTOOL_UPDATE=1 go test ./games/warbound/wbdeck -run TestWasmIsFresh
//
// (or `make wasm`) and committed as assets/deckcheck.wasm, so that
// building a site needs no Go toolchain; the test fails when the committed
// module is not what the current Go code compiles to. wasm_exec.js is the
// Go distribution's ($(go env GOROOT)/lib/wasm), copied by the same test.
//
// From file:// a page can fetch nothing, so the module and the catalog
// data are scripts (<script src>), as the search index is: the module as
// base64 in assets/deckcheck-wasm.js, the deck checker's part of the
// catalog in deck-data.js (wbdeck.Data). Card names, kinds and images
// come from the language's search index.

//go:embed assets/deckbuilder.js
var deckbuilderJS string

//go:embed assets/deckbuilder.css
var deckbuilderCSS string

// builderPage is the path of the deck builder in each language folder.
const builderPage = "deckbuilder/index.html"

// builderFiles are the deck builder's files at the site root.
func (b *builder) builderFiles() {
	for name, data := range site.CheckerScripts() {
		b.files[name] = data
	}
	builderAssets(b.files)
	b.files[deckDataFile] = wbdeck.Compact(b.cat).JS()
}

// deckDataFile is the deck builder's catalog.
const deckDataFile = "deck-data.js"

// builderAssets adds the deck builder's own script and style to files.
func builderAssets(files site.Files) {
	files["assets/deckbuilder.js"] = []byte(deckbuilderJS)
	files["assets/deckbuilder.css"] = []byte(deckbuilderCSS)
}

// builderMessages are the interface strings the script shows, by the
// names it knows them by (label keys stay out of outputs).
var builderMessages = map[string]string{"loading": "builder.loading", "nowasm": "builder.nowasm", "add": "builder.add",
	"remove": "builder.remove", "attach": "builder.attach", "detached": "builder.detached", "notInDeck": "builder.notInDeck",
	"counts": "builder.counts", "leaders": "builder.leaders", "characters": "builder.characters",
	"upgrades": "builder.upgrades", "colour": "builder.colour", "demand": "builder.demand", "colourless": "builder.colourless",
	"noLeader": "builder.noLeader", "defaultName": "builder.defaultName", "copied": "builder.copied", "legal": "deck.format.legal", "illegal": "deck.format.illegal",
	"period": "leader.period", "exploration": "format.exploration", "confrontation": "format.confrontation"}

// buildDeckBuilder writes the deck builder page of language l. Without
// JavaScript or WebAssembly it lists the cards, read-only.
func (b *builder) buildDeckBuilder(l wbcatalog.Lang) error {
	p := b.newPage(l, builderPage, b.label("builder.title", l), "decks", nil)
	p.HasWasm = true
	p.Description = b.label("builder.intro", l)
	msgs := map[string]string{}
	for name, k := range builderMessages {
		msgs[name] = b.label(k, l)
	}
	// The rules the checker names link to their anchor, as on deck pages.
	rules := map[string]string{}
	for _, r := range []string{"R-FMT-1", "R-DECK-1", "R-DECK-2", "R-DECK-3", "R-DECK-4", "R-DECK-5", "R-DECK-6", "R-DECK-7"} {
		if h := b.ruleHref(p, r); h != "" {
			rules[r] = h
		}
	}
	factions := map[string]string{}
	for _, f := range b.cat.Factions {
		factions[f.ID] = f.Name.In(l)
	}
	config, _ := json.Marshal(map[string]any{"messages": msgs, "rules": rules, "factions": factions,
		"cards": p.Link("cards/index.html"), "wasm": p.Asset("assets/deckcheck-wasm.js")})
	var cards []card
	for _, c := range b.allCards() {
		if c.Kind != wbcatalog.KindReference && c.Kind != wbcatalog.KindObjective {
			cards = append(cards, c)
		}
	}
	p.Data = map[string]any{
		"Config": string(config),
		"Items":  b.listItems(p, cards),
		"Formats": []option{{string(wbcatalog.Exploration), b.label("format.exploration", l)},
			{string(wbcatalog.Confrontation), b.label("format.confrontation", l)}},
	}
	return b.render("deckbuilder", p)
}

// builderLink is the deck builder's address from page p with deck d in it
// (the deck pages' "open in the deck builder").
func builderLink(p *page, d *wbcatalog.Deck) string {
	return p.Link(builderPage) + "#" + builderFragment(d, p.Lang)
}

// builderFragment is a deck as the builder's address holds it:
// f=format&n=name&c=id,id,…&a=upgrade:to,… (ids are kebab: nothing to
// escape but the name).
func builderFragment(d *wbcatalog.Deck, l wbcatalog.Lang) string {
	s := "f=" + string(d.Format) + "&n=" + url.QueryEscape(d.Name.In(l)) + "&c="
	for i, id := range d.Cards {
		if i > 0 {
			s += ","
		}
		s += id
	}
	s += "&a="
	for i, a := range d.Attachments {
		if i > 0 {
			s += ","
		}
		s += a.Upgrade + ":" + a.To
	}
	return s
}
