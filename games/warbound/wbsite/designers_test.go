package wbsite

import (
	"regexp"
	"strings"
	"testing"
)

// TestChecksOutOfThePlayersWay: the main menu, the home page and the rules
// pages are for players and do not link to the check games; every page's
// footer links to the designers' check games page, which lists the check
// games and, by rule, which check games pin it (issue 11 item 6).
func TestChecksOutOfThePlayersWay(t *testing.T) {
	files := mustBuild(t, starter(t))
	nav := regexp.MustCompile(`(?s)<nav class="nav".*?</nav>`)
	main := regexp.MustCompile(`(?s)<main id="main">.*?</main>`)
	foot := regexp.MustCompile(`(?s)<footer class="foot">.*?</footer>`)
	pages := 0
	for p, b := range files {
		if !strings.HasSuffix(p, ".html") || !strings.HasPrefix(p, "en/") && !strings.HasPrefix(p, "fr/") {
			continue
		}
		pages++
		s := string(b)
		if n := nav.FindString(s); strings.Contains(n, "checks/") {
			t.Errorf("%s: the main menu links to the check games", p)
		}
		isRules := strings.Contains(p, "/rules/")
		isHome := p == "en/index.html" || p == "fr/index.html"
		if m := main.FindString(s); (isRules || isHome) && (strings.Contains(m, "checks/") || strings.Contains(m, `class="checked"`)) {
			t.Errorf("%s: a player's page links to the check games:\n%s", p, m)
		}
		if f := foot.FindString(s); !strings.Contains(f, `index.html#rules-pinned"`) || !strings.Contains(f, `checks/index.html"`) && !strings.HasSuffix(p, "/checks/index.html") {
			t.Errorf("%s: the footer has no link to the designers' check games:\n%s", p, f)
		}
	}
	if pages < 20 {
		t.Fatalf("only %d pages", pages)
	}
	for _, c := range []struct{ page, want string }{
		{"en/index.html", `<p class="designers">For designers: <a href="checks/index.html">Check games</a>`},
		{"fr/rules/index.html", "<p class=\"designers\">Pour les concepteurs\u00a0: <a href=\"../checks/index.html\">Parties de contrôle</a>"},
		{"en/checks/index.html", `<section class="pinned" id="rules-pinned">`},
		{"en/checks/index.html", `<h2>Rules each check game pins</h2>`},
		// A rule links to its place in the rules and to the check games
		// that pin it, on the same page.
		{"en/checks/index.html", `<li><a class="rule-ref" href="../rules/`},
		{"en/checks/index.html", `</a> checked by <a href="#check-`},
		// Card pages keep a link to their check games.
		{"en/cards/scrapper/index.html", `../../checks/index.html#check-`},
	} {
		if !strings.Contains(string(files[c.page]), c.want) {
			t.Errorf("%s does not contain %q", c.page, c.want)
		}
	}
}
