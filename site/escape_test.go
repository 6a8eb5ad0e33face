package site

import (
	"html/template"
	"math/rand/v2"
	"strings"
	"testing"
)

// TestEscTextIsHTMLTemplates: escText escapes a string as html/template
// does in HTML text and in a quoted attribute value, on hostile strings:
// markup, quotes, plus signs, NUL, invalid UTF-8, noncharacters, and
// random bytes.
func TestEscTextIsHTMLTemplates(t *testing.T) {
	tm := template.Must(template.New("").Parse(`{{.}}|<p title="{{.}}">|<img alt='{{.}}'>`))
	cases := []string{"", "plain", `<script>alert("x")</script>`, "a+b & c's \"q\"", "nul\x00here", "bad\xff\xfeutf8",
		"\ufdd0\uffff\ufffe", "é ü — ’ «»", "\u2028\u2029", "{{.}}", "&amp;&#34;", "+<>'\"&\x00"}
	r := rand.New(rand.NewPCG(13, 13))
	for range 2000 {
		b := make([]byte, r.IntN(24))
		for i := range b {
			b[i] = byte(r.IntN(256))
		}
		cases = append(cases, string(b))
	}
	for _, s := range cases {
		var want strings.Builder
		if err := tm.Execute(&want, s); err != nil {
			t.Fatal(err)
		}
		var sb strings.Builder
		escText(&sb, s)
		e := sb.String()
		if got := e + `|<p title="` + e + `">|<img alt='` + e + `'>`; got != want.String() {
			t.Errorf("escText(%q) = %q, html/template %q", s, got, want.String())
		}
	}
}
