package wbsite

import (
	"regexp"
	"strings"
	"testing"

	"wbtool.dev/wbtool/games/warbound/wbcatalog"
	"wbtool.dev/wbtool/render"
	"wbtool.dev/wbtool/render/markup"
)

// TestDiceLikeCards: the site draws a die as the cards do, a d12 face
// (a pentagon, never an Order hex) in the rulebooks' colour: green
// ranged, red melee, black either (issue 14 item 5).
func TestDiceLikeCards(t *testing.T) {
	b := &builder{cat: fixture(nil, nil)}
	poly := regexp.MustCompile(`<polygon points="([^"]*)"[^>]*fill="(#[0-9a-f]{6})"`)
	for name, colour := range map[string]string{markup.IconRangedDie: "#2e7d32", markup.IconMeleeDie: "#a23b2a", markup.IconAnyDie: "#22201e"} {
		svg, ok := b.iconSVG(name, wbcatalog.French)
		if !ok {
			t.Fatalf("no icon %s", name)
		}
		if !strings.Contains(svg, render.IconSVG(name)) {
			t.Errorf("%s: not the cards' drawing", name)
		}
		m := poly.FindStringSubmatch(svg)
		if m == nil || len(strings.Fields(m[1])) != 5 || m[2] != colour {
			t.Errorf("%s: %v, want a pentagon filled %s", name, m, colour)
		}
	}
}
