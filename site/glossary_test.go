package site

import (
	"testing"

	"wbtool.dev/wbtool/games/warbound/wbcatalog"
)

func TestGlossaryLinks(t *testing.T) {
	// exact: the game's terms matched only as written (Warbound's actions).
	exact := func(id string) bool { return id == "action-run" || id == "action-hide" || id == "action-fight" }
	terms := []wbcatalog.Term{
		{ID: "deck", Term: wbcatalog.Text{EN: "Deck", FR: "Deck"}},
		{ID: "order", Term: wbcatalog.Text{EN: "Order token", FR: "Jeton Ordre"}},
		{ID: "order-short", Term: wbcatalog.Text{EN: "Order", FR: "Ordre"}},
		{ID: "health", Term: wbcatalog.Text{EN: "health pool", FR: "réserve de vie"}},
		{ID: "ab", Term: wbcatalog.Text{EN: "ab", FR: "ab"}}, // too short to find safely
		{ID: "action-run", Term: wbcatalog.Text{EN: "Run", FR: "Course"}},
		{ID: "action-hide", Term: wbcatalog.Text{EN: "Hide", FR: "Se cacher"}},
		{ID: "action-fight", Term: wbcatalog.Text{EN: "Fight", FR: "Combat"}},
		{ID: "run-value", Term: wbcatalog.Text{EN: "Run value", FR: "Valeur de Course"}},
		{ID: "clear", Term: wbcatalog.Text{EN: "Clear", FR: "Libérer"}, Definition: wbcatalog.Text{EN: "To remove the tokens from an Action space."}},
		{ID: "pass", Term: wbcatalog.Text{EN: "Pass", FR: "Passer"}, Definition: wbcatalog.Text{EN: "To stop activating."}},
	}
	for _, tc := range []struct {
		name, lang, in, want string
	}{
		{"first use only", "en", `<div class="card-text"><p>Deck and deck.</p></div>`,
			`<div class="card-text"><p><a class="gloss" href="g.html#term-deck">Deck</a> and deck.</p></div>`},
		{"plural and case", "en", `<div class="card-text"><p>Two decks.</p></div>`,
			`<div class="card-text"><p>Two <a class="gloss" href="g.html#term-deck">decks</a>.</p></div>`},
		{"longest term", "en", `<div class="card-text"><p>Spend an Order token.</p></div>`,
			`<div class="card-text"><p>Spend an <a class="gloss" href="g.html#term-order">Order token</a>.</p></div>`},
		{"inside a word", "en", `<div class="card-text"><p>Deckbuilding, redeck, ab.</p></div>`,
			`<div class="card-text"><p>Deckbuilding, redeck, ab.</p></div>`},
		{"out of scope", "en", `<p>Deck</p><div class="card-text"><h2>Deck</h2><h3>Deck</h3><a href="x">Deck</a><code>Deck</code><figure><figcaption>Deck</figcaption></figure><svg><title>Deck</title></svg><p>deck</p></div><p>Deck</p>`,
			`<p>Deck</p><div class="card-text"><h2>Deck</h2><h3>Deck</h3><a href="x">Deck</a><code>Deck</code><figure><figcaption>Deck</figcaption></figure><svg><title>Deck</title></svg><p><a class="gloss" href="g.html#term-deck">deck</a></p></div><p>Deck</p>`},
		{"void elements", "en", `<article class="gloss-scope"><p>a<br>b<img src="x" alt="Deck"> Deck</p></article>`,
			`<article class="gloss-scope"><p>a<br>b<img src="x" alt="Deck"> <a class="gloss" href="g.html#term-deck">Deck</a></p></article>`},
		{"French, accents", "fr", `<div class="card-text"><p>Sa réserve de vie, un jeton ordre.</p></div>`,
			`<div class="card-text"><p>Sa <a class="gloss" href="g.html#term-health">réserve de vie</a>, un <a class="gloss" href="g.html#term-order">jeton ordre</a>.</p></div>`},
		// Action names are linked only as the glossary writes them: the
		// lower-case word is the plain verb.
		{"action verbs", "en", `<div class="card-text"><p>It runs, terrain hides it, a fight. On a Run space.</p></div>`,
			`<div class="card-text"><p>It runs, terrain hides it, a fight. On a <a class="gloss" href="g.html#term-action-run">Run</a> space.</p></div>`},
		{"action name plural", "en", `<div class="card-text"><p>Two Fights, the Hide action.</p></div>`,
			`<div class="card-text"><p>Two <a class="gloss" href="g.html#term-action-fight">Fights</a>, the <a class="gloss" href="g.html#term-action-hide">Hide</a> action.</p></div>`},
		{"longer term of any case", "en", `<div class="card-text"><p>Its run value.</p></div>`,
			`<div class="card-text"><p>Its <a class="gloss" href="g.html#term-run-value">run value</a>.</p></div>`},
		{"French action names", "fr", `<div class="card-text"><p>Un combat, puis une case Combat.</p></div>`,
			`<div class="card-text"><p>Un combat, puis une case <a class="gloss" href="g.html#term-action-fight">Combat</a>.</p></div>`},
		// A verb term is linked where it is the verb: with its object, or
		// in bold.
		{"verb, not adjective", "en", `<div class="gloss-scope"><p>One clear version, a clear view; they pass as well. Then clear an Action space.</p></div>`,
			`<div class="gloss-scope"><p>One clear version, a clear view; they pass as well. Then <a class="gloss" href="g.html#term-clear">clear</a> an Action space.</p></div>`},
		{"verb in bold", "en", `<div class="gloss-scope"><p>Is it clear? You may <strong>pass</strong>; <em>clear</em>.</p></div>`,
			`<div class="gloss-scope"><p>Is it clear? You may <strong><a class="gloss" href="g.html#term-pass">pass</a></strong>; <em><a class="gloss" href="g.html#term-clear">clear</a></em>.</p></div>`},
		{"French verb", "fr", `<div class="card-text"><p>Passer son tour, puis libérer l’espace.</p></div>`,
			`<div class="card-text"><p><a class="gloss" href="g.html#term-pass">Passer</a> son tour, puis <a class="gloss" href="g.html#term-clear">libérer</a> l’espace.</p></div>`},
		{"escaped text", "en", `<div class="card-text"><p>&lt;Deck&gt; &amp; Order</p></div>`,
			`<div class="card-text"><p>&lt;<a class="gloss" href="g.html#term-deck">Deck</a>&gt; &amp; <a class="gloss" href="g.html#term-order-short">Order</a></p></div>`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := NewGlossLinker(terms, wbcatalog.Lang(tc.lang), exact)
			if got := string(g.link([]byte(tc.in), "g.html")); got != tc.want {
				t.Errorf("got  %s\nwant %s", got, tc.want)
			}
		})
	}
}
