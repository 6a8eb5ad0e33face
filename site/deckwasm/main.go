//go:build js && wasm

// Command deckwasm is the site's deck checker compiled to WebAssembly: the
// catalog's deck-building rules (catalog.CheckDeckAs, through package
// deckcheck), the same Go code as `wbtool deck check`, run in the
// browser. It is built by `go generate ./site` into
// site/assets/deckcheck.wasm, which the site embeds (see
// site/deckbuilder.go).
//
// The page sets window.WB_DECK_DATA (the JSON of deckcheck.Data) before
// starting it. It then defines window.wbDeckCheck(deckJSON) → resultJSON
// (deckcheck.Deck in, deckcheck.Result out; {"error": "..."} for input it
// cannot read), calls window.wbDeckReady() when the page defined it, and
// waits for calls.
package main

import (
	"encoding/json"
	"syscall/js"

	"wbtool.dev/wbtool/site/deckcheck"
)

func main() {
	var data deckcheck.Data
	src := js.Global().Get("WB_DECK_DATA")
	if src.Type() != js.TypeString {
		js.Global().Get("console").Call("error", "deck checker: window.WB_DECK_DATA is not set")
		return
	}
	if err := json.Unmarshal([]byte(src.String()), &data); err != nil {
		js.Global().Get("console").Call("error", "deck checker: "+err.Error())
		return
	}
	cat := data.Catalog()
	check := js.FuncOf(func(this js.Value, args []js.Value) any {
		if len(args) != 1 || args[0].Type() != js.TypeString {
			return errorJSON("wbDeckCheck takes the deck as one JSON string")
		}
		var d deckcheck.Deck
		if err := json.Unmarshal([]byte(args[0].String()), &d); err != nil {
			return errorJSON(err.Error())
		}
		out, err := json.Marshal(deckcheck.Check(cat, d))
		if err != nil {
			return errorJSON(err.Error())
		}
		return string(out)
	})
	js.Global().Set("wbDeckCheck", check)
	if ready := js.Global().Get("wbDeckReady"); ready.Type() == js.TypeFunction {
		ready.Invoke()
	}
	select {} // serve calls until the page goes away
}

func errorJSON(msg string) string {
	out, _ := json.Marshal(map[string]string{"error": msg})
	return string(out)
}
