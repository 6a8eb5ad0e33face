package lang

import (
	"bytes"
	"encoding/json"
	"testing"
)

// A text in English and French encodes as the two-field struct did (the
// bytes every output holds), with and without HTML escaping; a text in more
// languages adds them under "more" and reads back.
func TestTextJSON(t *testing.T) {
	type old struct {
		EN string `json:"en"`
		FR string `json:"fr"`
	}
	for _, tc := range []old{{}, {"a", "b"}, {"<b>&</b>", "l’é\u2028\x01\"\\"}, {"\xff", "tab\t"}, {"\b\f\x7f\u2029\r\n", "a\xc3(é\xe2\x80"}} {
		for _, esc := range []bool{true, false} {
			enc := func(v any) string {
				var b bytes.Buffer
				e := json.NewEncoder(&b)
				e.SetEscapeHTML(esc)
				e.SetIndent("", "  ")
				if err := e.Encode([]any{v}); err != nil {
					t.Fatal(err)
				}
				return b.String()
			}
			if got, want := enc(Text{EN: tc.EN, FR: tc.FR}), enc(tc); got != want {
				t.Errorf("escape %v: %q, want %q", esc, got, want)
			}
		}
	}
	x := Text{EN: "Scout", FR: "Éclaireur"}.With("el", "Ανιχνευτής").With("de", "Späher")
	b, err := json.Marshal(x)
	if err != nil || string(b) != `{"en":"Scout","fr":"Éclaireur","more":{"de":"Späher","el":"Ανιχνευτής"}}` {
		t.Fatalf("%s %v", b, err)
	}
	var back Text
	if err := json.Unmarshal(b, &back); err != nil || !back.Equal(x) {
		t.Fatalf("%#v %v", back, err)
	}
}

// With never writes into the text it is called on.
func TestTextWith(t *testing.T) {
	a := Text{EN: "a"}.With("de", "x")
	b := a.With("de", "y").With(French, "f")
	if a.In("de") != "x" || b.In("de") != "y" || a.FR != "" || b.In(French) != "f" {
		t.Fatalf("%#v %#v", a, b)
	}
	if c := b.With("de", ""); c.More != nil || !c.Equal(Text{EN: "a", FR: "f"}) || c.IsZero() || !(Text{}).IsZero() {
		t.Fatalf("%#v", c)
	}
}

// Fill reaches every text of a value (fields, slices, maps, pointers,
// shared or cyclic), fills only what lacks the language and never English
// or French.
func TestFill(t *testing.T) {
	type node struct {
		Name  Text
		Kids  []node
		By    map[string]Text
		Next  *node
		Other string
	}
	n := &node{Name: Text{EN: "a"}.With("de", "A"), Kids: []node{{Name: Text{EN: "b"}}}, By: map[string]Text{"c": {EN: "c"}, "e": {}}}
	n.Next = n
	Fill(n, "de", func(x Text) string { return x.EN })
	Fill(n, French, func(x Text) string { return x.EN })
	if n.Name.In("de") != "A" || n.Kids[0].Name.In("de") != "b" || n.By["c"].In("de") != "c" || !n.By["e"].IsZero() || n.Kids[0].Name.FR != "" {
		t.Fatalf("%#v", n)
	}
	if (Text{EN: "x"}).Show("de") != "x" || (Text{EN: "x"}).Show(French) != "" || (Text{EN: "x"}.With("de", "y")).Show("de") != "y" {
		t.Fatal("Show")
	}
}
