package site

import (
	"strings"
	"testing"
)

func TestSlug(t *testing.T) {
	for in, want := range map[string]string{
		"Règles générales":           "regles-generales",
		"Phase d'été":                "phase-d-ete",
		"Œuvre & cœur":               "oeuvre-coeur",
		"Tir *à distance* (R-SHOOT)": "tir-a-distance-r-shoot",
		"日本語":                        "日本語",
		"  ":                         "",
		"Ça, c’est « ça » !":         "ca-c-est-ca",
	} {
		if got := slug(in); got != want {
			t.Errorf("slug(%q) = %q, want %q", in, got, want)
		}
	}
	ids := newSlugIDs()
	var got []string
	for _, h := range []string{"Même titre", "Même titre", "", "Même titre"} {
		got = append(got, string(ids.Generate([]byte(h), 0)))
	}
	if want := "meme-titre meme-titre-1 section meme-titre-2"; strings.Join(got, " ") != want {
		t.Errorf("ids = %q, want %q", got, want)
	}
}

func TestSafeURL(t *testing.T) {
	for u, want := range map[string]bool{
		"../x/index.html":                   true,
		"#R-SHOOT-7":                        true,
		"https://example.org":               true,
		"mailto:a@b.c":                      true,
		"javascript:alert(1)":               false,
		"JaVaScRiPt:alert(1)":               false,
		"&#106;avascript:alert(1)":          false,
		"&#x6A;avascript:alert(1)":          false,
		"java&Tab;script:alert(1)":          false,
		"javascript&colon;alert(1)":         false,
		"&amp;#106;avascript:alert(1)":      false,
		" \x01javascript:alert(1)":          false,
		"java\nscript:alert(1)":             false,
		"vbscript:msgbox":                   false,
		"file:///etc/passwd":                false,
		"data:text/html,<script>":           false,
		"data:image/svg+xml,<svg onload=x>": false,
		"a/b:c":                             true,
	} {
		if got := safeURL(u); got != want {
			t.Errorf("safeURL(%q) = %v, want %v", u, got, want)
		}
	}
}
