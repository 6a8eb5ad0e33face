//go:build js && wasm

// Command deckwasm is the site's deck checker compiled to WebAssembly: the
// catalog's deck-building rules (catalog.CheckDeckAs, through package
// deckcheck), the same Go code as `wbtool deck check`, run in the
// browser. It is built by `go generate ./site` into
// site/assets/deckcheck.wasm, which the site embeds (see
// site/deckbuilder.go).
//
// The page sets window.WB_DECK_DATA (the JSON of wbdeck.Data) before
// starting it. It then defines window.wbDeckCheck(deckJSON) → resultJSON
// (wbdeck.Deck in, wbdeck.Result out; {"error": "..."} for input it
// cannot read), calls window.wbDeckReady() when the page defined it, and
// waits for calls.
//
// The Warstuff band builder sets window.WB_BAND_DATA (wsbands.Data)
// instead and gets window.wbBandCheck(bandJSON) → resultJSON
// (wsbands.Band in, wsbands.Result out: warstuff.Catalog.CheckBand,
// the code `wbtool validate` runs on a band) and window.wbBandReady().
package main

import (
	"encoding/json"
	"syscall/js"

	"wbtool.dev/wbtool/games/warbound/wbdeck"
	"wbtool.dev/wbtool/games/warstuff/wsbands"
)

func main() {
	deck := js.Global().Get("WB_DECK_DATA")
	band := js.Global().Get("WB_BAND_DATA")
	if deck.Type() != js.TypeString && band.Type() != js.TypeString {
		js.Global().Get("console").Call("error", "checker: neither window.WB_DECK_DATA nor window.WB_BAND_DATA is set")
		return
	}
	if deck.Type() == js.TypeString {
		var data wbdeck.Data
		if err := json.Unmarshal([]byte(deck.String()), &data); err != nil {
			js.Global().Get("console").Call("error", "deck checker: "+err.Error())
			return
		}
		cat := data.Catalog()
		js.Global().Set("wbDeckCheck", checker("wbDeckCheck", func(d wbdeck.Deck) any { return wbdeck.Check(cat, d) }))
	}
	if band.Type() == js.TypeString {
		var data wsbands.Data
		if err := json.Unmarshal([]byte(band.String()), &data); err != nil {
			js.Global().Get("console").Call("error", "band checker: "+err.Error())
			return
		}
		cat := data.Catalog()
		js.Global().Set("wbBandCheck", checker("wbBandCheck", func(b wsbands.Band) any { return wsbands.Check(cat, b) }))
	}
	for _, name := range []string{"wbDeckReady", "wbBandReady"} {
		if ready := js.Global().Get(name); ready.Type() == js.TypeFunction {
			ready.Invoke()
		}
	}
	select {} // serve calls until the page goes away
}

// checker is a JS function of one JSON string: it decodes it into an In,
// runs check and returns its result as JSON ({"error": "..."} for input
// it cannot read).
func checker[In any](name string, check func(In) any) js.Func {
	return js.FuncOf(func(this js.Value, args []js.Value) any {
		if len(args) != 1 || args[0].Type() != js.TypeString {
			return errorJSON(name + " takes one JSON string")
		}
		var in In
		if err := json.Unmarshal([]byte(args[0].String()), &in); err != nil {
			return errorJSON(err.Error())
		}
		out, err := json.Marshal(check(in))
		if err != nil {
			return errorJSON(err.Error())
		}
		return string(out)
	})
}

func errorJSON(msg string) string {
	out, _ := json.Marshal(map[string]string{"error": msg})
	return string(out)
}
