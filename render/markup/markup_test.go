package markup

import (
	"errors"
	"reflect"
	"strings"
	"testing"
)

func para(runs ...Run) Paragraph { return Paragraph{Runs: runs} }
func txt(s string) Run           { return Run{Text: s} }

func TestParse(t *testing.T) {
	tests := []struct {
		name string
		src  string
		want []Paragraph
	}{
		{"empty", "", nil},
		{"plain", "Move two tiles.", []Paragraph{para(txt("Move two tiles."))}},
		{"accents", "Attaquez l’unité « ennemie » !", []Paragraph{para(txt("Attaquez l’unité « ennemie » !"))}},
		{"emphasis", "a *b* _c_ **d** ***e***", []Paragraph{para(
			txt("a "), Run{Text: "b", Emph: true}, txt(" "), Run{Text: "c", Emph: true}, txt(" "),
			Run{Text: "d", Strong: true}, txt(" "), Run{Text: "e", Strong: true, Emph: true})}},
		{"icons", ":active: After :move:, roll :ranged-die:", []Paragraph{para(
			Run{Icon: "active"}, txt(" After "), Run{Icon: "move"}, txt(", roll "), Run{Icon: "ranged-die"})}},
		{"order faction", "Gain :order-raiders: or :order:.", []Paragraph{para(
			txt("Gain "), Run{Icon: "order-raiders"}, txt(" or "), Run{Icon: "order"}, txt("."))}},
		// R-DICE-2: [X] is the natural face rolled.
		{"naturals", `On [1] or [10], \[11] and \[0] stay.`, []Paragraph{para(
			txt("On "), Run{Natural: 1}, txt(" or "), Run{Natural: 10}, txt(", [11] and [0] stay."))}},
		{"strong icon", "**:fight: [10]**", []Paragraph{para(Run{Icon: "fight", Strong: true}, Run{Text: " ", Strong: true}, Run{Natural: 10, Strong: true})}},
		{"paragraphs", "One\nline.\n\nTwo.", []Paragraph{para(txt("One line.")), para(txt("Two."))}},
		{"hard break", "One\\\nTwo", []Paragraph{para(txt("One")), para(txt("Two"))}},
		{"html is text", "<b>x</b> <script>", []Paragraph{para(txt("<b>x</b> <script>"))}},
		{"link is text", "[see](http://x.example) <http://y.example>", []Paragraph{para(txt("[see](http://x.example) <http://y.example>"))}},
		{"heading and list are text", "# Title\n- item", []Paragraph{para(txt("# Title - item"))}},
		{"code is text", "`x` and ```y```", []Paragraph{para(txt("`x` and ```y```"))}},
		{"link reference is text", "[1]: http://x.example", []Paragraph{para(Run{Natural: 1}, txt(": http://x.example"))}},
		{"escapes", `\*no\* \:move: \[1]`, []Paragraph{para(txt("*no* :move: [1]"))}},
		{"entities", "caf&eacute; &#233;", []Paragraph{para(txt("café é"))}},
		{"colons in words", "12:30, a:b:c, Note: ok, : move :", []Paragraph{para(txt("12:30, a:b:c, Note: ok, : move :"))}},
		{"french colon", "Puis : :move:", []Paragraph{para(txt("Puis : "), Run{Icon: "move"})}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d, err := Parse(tt.src)
			if err != nil {
				t.Fatalf("Parse(%q): %v", tt.src, err)
			}
			if !reflect.DeepEqual(d.Paragraphs, tt.want) {
				t.Errorf("Parse(%q)\n got %#v\nwant %#v", tt.src, d.Paragraphs, tt.want)
			}
		})
	}
}

// Mistakes that would print literally are errors at their offset; the
// document stays usable.
func TestParseLiteralMistakes(t *testing.T) {
	for _, tt := range []struct {
		src    string
		offset []int
		want   string
	}{
		{"Gain **two Orders.", []int{5}, "opens or closes no emphasis"},
		{"Gain *one Order.", []int{5}, "opens or closes no emphasis"},
		{"2 * 3", []int{2}, "write \\* for a star"},
		{"On [11], retry.", []int{3}, "[11] is not a natural result: a 10-sided die shows [1] to [10]"},
		{"[0] and [99]", []int{0, 8}, "is not a natural result"},
		{`\*fine\* and \[11] fine`, nil, ""},
		{"*a* **b** [1] [10]", nil, ""},
	} {
		d, err := Parse(tt.src)
		errs := Errors(err)
		var offs []int
		for _, e := range errs {
			offs = append(offs, Offset(e))
		}
		if !reflect.DeepEqual(offs, tt.offset) {
			t.Errorf("Parse(%q): error offsets %v, want %v (%v)", tt.src, offs, tt.offset, err)
		}
		if tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)) {
			t.Errorf("Parse(%q) = %v, want %q", tt.src, err, tt.want)
		}
		if len(d.Paragraphs) == 0 {
			t.Errorf("Parse(%q): no paragraphs", tt.src)
		}
	}
}

func TestParseUnknownIcons(t *testing.T) {
	d, err := Parse("Roll :dice: then :shoot: and :order-: :teleport:")
	if err == nil {
		t.Fatal("want an error for :dice: and :teleport:")
	}
	var names []string
	for _, e := range err.(interface{ Unwrap() []error }).Unwrap() {
		var ie *IconError
		if !errors.As(e, &ie) {
			t.Fatalf("error %v is not an *IconError", e)
		}
		names = append(names, ie.Name)
	}
	if got := strings.Join(names, ","); got != "dice,teleport" {
		t.Errorf("unknown icons = %s, want dice,teleport", got)
	}
	if !strings.Contains(err.Error(), "unknown icon :dice:") {
		t.Errorf("message %q does not name the icon", err)
	}
	// The document is still usable: unknown icons are kept as text.
	if !strings.Contains(d.Plain(), ":dice:") || !strings.Contains(d.Plain(), ":shoot:") {
		t.Errorf("Plain() = %q", d.Plain())
	}
}

func TestFactionsAndPlain(t *testing.T) {
	d, err := Parse(":order-wardens: :order-raiders: :order-raiders: :order:\n\n*x* [5]")
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(d.Factions(), ","); got != "raiders,wardens" {
		t.Errorf("Factions() = %s", got)
	}
	if got, want := d.Plain(), ":order-wardens: :order-raiders: :order-raiders: :order:\n\nx [5]"; got != want {
		t.Errorf("Plain() = %q, want %q", got, want)
	}
}

func TestIsIcon(t *testing.T) {
	for name, want := range map[string]bool{
		"move": true, "active": true, "any-die": true, "order": true, "order-raiders": true,
		"order-red-hand": true, "order-": false, "order--x": false, "dice": false, "Move": false, "": false,
	} {
		if got := IsIcon(name); got != want {
			t.Errorf("IsIcon(%q) = %v, want %v", name, got, want)
		}
	}
}

func TestTypography(t *testing.T) {
	tests := []struct{ in, lang, want string }{
		{"ok\u202f! «\u202fx\u202f» a\u2009b", "en", "ok\u00a0! «\u00a0x\u00a0» a\u00a0b"},
		{"Puis : « attaquez » ! Vraiment ?", "fr", "Puis\u00a0: «\u00a0attaquez\u00a0»\u00a0! Vraiment\u00a0?"},
		{"Then : go !", "en", "Then : go !"},
	}
	for _, tt := range tests {
		if got := Typography(tt.in, tt.lang); got != tt.want {
			t.Errorf("Typography(%q, %s) = %q, want %q", tt.in, tt.lang, got, tt.want)
		}
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{"", "*a* **b** :move: [1] [10]", ":order-raiders:", "\\:x:", "<b>", "[1]: x",
		"a\n\nb\\\nc", "***x*** _y_", ":", "::", "[", "[]", "&#0;", "é :aim:"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		d, err := Parse(s)
		for _, p := range d.Paragraphs {
			if len(p.Runs) == 0 {
				t.Fatalf("empty paragraph from %q", s)
			}
			for _, r := range p.Runs {
				n := 0
				if r.Text != "" {
					n++
				}
				if r.Icon != "" {
					n++
					if !IsIcon(r.Icon) {
						t.Fatalf("run with unknown icon %q from %q", r.Icon, s)
					}
				}
				if r.Natural != 0 {
					n++
					if r.Natural < 1 || r.Natural > 10 {
						t.Fatalf("natural %d from %q", r.Natural, s)
					}
				}
				if n != 1 {
					t.Fatalf("run %#v sets %d of Text/Icon/Natural, from %q", r, n, s)
				}
			}
		}
		if err != nil && !strings.Contains(err.Error(), "unknown icon") {
			t.Fatalf("unexpected error %v from %q", err, s)
		}
	})
}
