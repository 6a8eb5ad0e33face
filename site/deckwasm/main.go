//go:build js && wasm

// Command deckwasm is the site's deck checker compiled to WebAssembly: the
// catalog's deck-building rules (wbcatalog.CheckDeckAs, through package
// deckcheck), the same Go code as `wbtool deck check`, run in the
// browser. It is built by `go generate ./site` into
// site/assets/deckcheck.wasm, which the site embeds (see
// site/deckbuilder.go).
//
// The page sets window.WB_DECK_DATA (the JSON of wbdeck.Data) before
// starting it. The module reads and writes JSON through the page's
// JSON.parse and JSON.stringify and the games' tree conversions
// (wbdeck.DataFromTree, Result.Tree…), not encoding/json: that package
// and the reflect and fmt it brings were a third of the module's bytes. It then defines window.wbDeckCheck(deckJSON) → resultJSON
// (wbdeck.Deck in, wbdeck.Result out; {"error": "..."} for input it
// cannot read), calls window.wbDeckReady() when the page defined it, and
// waits for calls.
//
// The Warstuff band builder sets window.WB_BAND_DATA (wsbands.Data)
// instead and gets window.wbBandCheck(bandJSON) → resultJSON
// (wsbands.Band in, wsbands.Result out: wscatalog.Catalog.CheckBand,
// the code `wbtool validate` runs on a band) and window.wbBandReady().
package main

import (
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
		data, err := wbdeck.DataFromTree(parse(deck.String()))
		if err != nil {
			js.Global().Get("console").Call("error", "deck checker: "+err.Error())
			return
		}
		cat := data.Catalog()
		js.Global().Set("wbDeckCheck", checker("wbDeckCheck", wbdeck.DeckFromTree, func(d wbdeck.Deck) map[string]any { return wbdeck.Check(cat, d).Tree() }))
	}
	if band.Type() == js.TypeString {
		data, err := wsbands.DataFromTree(parse(band.String()))
		if err != nil {
			js.Global().Get("console").Call("error", "band checker: "+err.Error())
			return
		}
		cat := data.Catalog()
		js.Global().Set("wbBandCheck", checker("wbBandCheck", wsbands.BandFromTree, func(b wsbands.Band) map[string]any { return wsbands.Check(cat, b).Tree() }))
	}
	for _, name := range []string{"wbDeckReady", "wbBandReady"} {
		if ready := js.Global().Get(name); ready.Type() == js.TypeFunction {
			ready.Invoke()
		}
	}
	select {} // serve calls until the page goes away
}

// checker is a JS function of one JSON string: it reads it into an In,
// runs check and returns its result as JSON ({"error": "..."} for input
// it cannot read).
func checker[In any](name string, read func(any) (In, error), check func(In) map[string]any) js.Func {
	return js.FuncOf(func(this js.Value, args []js.Value) any {
		if len(args) != 1 || args[0].Type() != js.TypeString {
			return errorJSON(name + " takes one JSON string")
		}
		tree, err := tryParse(args[0].String())
		if err != nil {
			return errorJSON(err.Error())
		}
		in, err := read(tree)
		if err != nil {
			return errorJSON(err.Error())
		}
		return stringify(check(in))
	})
}

// jsError is a JavaScript exception's message.
type jsError struct{ msg string }

func (e jsError) Error() string { return e.msg }

// tryParse is the tree of JSON text s (JSON.parse), or JSON.parse's error.
func tryParse(s string) (tree any, err error) {
	defer func() {
		if r := recover(); r != nil {
			tree, err = nil, jsError{"not JSON"}
			if e, ok := r.(js.Error); ok {
				err = jsError{e.Get("message").String()}
			}
		}
	}()
	return parse(s), nil
}

// parse is the tree of JSON text s (JSON.parse).
func parse(s string) any {
	return fromJS(js.Global().Get("JSON").Call("parse", s))
}

// fromJS is a JSON value as a tree: objects, arrays, strings, numbers,
// booleans and null.
func fromJS(v js.Value) any {
	switch v.Type() {
	case js.TypeString:
		return v.String()
	case js.TypeNumber:
		return v.Float()
	case js.TypeBoolean:
		return v.Bool()
	case js.TypeObject:
		if js.Global().Get("Array").Call("isArray", v).Bool() {
			out := make([]any, v.Length())
			for i := range out {
				out[i] = fromJS(v.Index(i))
			}
			return out
		}
		keys := js.Global().Get("Object").Call("keys", v)
		out := make(map[string]any, keys.Length())
		for i := 0; i < keys.Length(); i++ {
			k := keys.Index(i).String()
			out[k] = fromJS(v.Get(k))
		}
		return out
	}
	return nil
}

// stringify is tree as JSON text (JSON.stringify).
func stringify(tree map[string]any) string {
	return js.Global().Get("JSON").Call("stringify", js.ValueOf(tree)).String()
}

func errorJSON(msg string) string {
	return stringify(map[string]any{"error": msg})
}
