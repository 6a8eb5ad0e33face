package browsertest

import (
	"testing"

	"github.com/chromedp/chromedp"
)

// TestEnlargeCardImage clicks a card image on a desktop and taps it on a
// phone: the image opens large in a dialog, and the close button shuts it.
func TestEnlargeCardImage(t *testing.T) {
	t.Parallel()
	b, _, base := starterBrowser(t)
	for _, vp := range viewports {
		b.do(t, "viewport "+vp.name, chromedp.EmulateViewport(vp.w, vp.h))
		b.do(t, "open copp", chromedp.Navigate(base+"/en/cards/copp/index.html"), chromedp.WaitVisible(chromedp.CSS(".card-images img")))
		small := eval[float64](t, b, `document.querySelector('.card-images img').getBoundingClientRect().width`)
		b.do(t, "click the image", chromedp.Click(chromedp.CSS(".card-images a.enlarge img")))
		b.waitFor(t, `document.querySelector('dialog.zoom') && document.querySelector('dialog.zoom').open && document.querySelector('dialog.zoom img').complete && document.querySelector('dialog.zoom img').naturalWidth > 0`)
		large := eval[float64](t, b, `document.querySelector('dialog.zoom img').getBoundingClientRect().width`)
		if large < small*1.2 && large < float64(vp.w)*0.8 {
			t.Errorf("%s: the enlarged image is %.0fpx wide, the small one %.0fpx", vp.name, large, small)
		}
		if h := eval[float64](t, b, `document.querySelector('dialog.zoom img').getBoundingClientRect().height`); h > float64(vp.h) {
			t.Errorf("%s: the enlarged image is %.0fpx high, taller than the screen", vp.name, h)
		}
		b.screenshot(t, "enlarge-"+vp.name+".png")
		b.do(t, "close", chromedp.Click(chromedp.CSS("dialog.zoom button")))
		b.waitFor(t, `!document.querySelector('dialog.zoom').open`)
	}
	b.noIssues(t)
}

// TestMenuFits: at 360 px wide, every link of the menu shows whole, on
// pages of each section, in both languages (the French labels are the
// longest), and the page does not scroll sideways.
func TestMenuFits(t *testing.T) {
	t.Parallel()
	b, _, base := starterBrowser(t)
	b.do(t, "phone", chromedp.EmulateViewport(360, 740))
	for _, p := range []string{"/fr/index.html", "/fr/cards/index.html", "/en/cards/index.html", "/fr/rules/index.html",
		"/fr/glossary/index.html", "/fr/search/index.html", "/en/cards/copp/index.html"} {
		b.do(t, "open "+p, chromedp.Navigate(base+p), chromedp.WaitVisible(chromedp.CSS("nav.nav")))
		clipped := eval[[]string](t, b, `Array.from(document.querySelectorAll('nav.nav a, .bar a')).filter(a => {
			const r = a.getBoundingClientRect(); return r.left < 0 || r.right > window.innerWidth || r.width === 0 || a.scrollWidth > a.clientWidth + 1;
		}).map(a => a.textContent)`)
		if len(clipped) > 0 {
			t.Errorf("%s: menu links cut at 360px: %q", p, clipped)
		}
		if w := eval[int](t, b, `document.documentElement.scrollWidth`); w > 360 {
			t.Errorf("%s is %dpx wide at 360px", p, w)
		}
		// The filter panel's fields and buttons stay inside it (the French
		// count once pushed Clear 2 px past its right edge).
		if out := eval[[]string](t, b, `(() => { const f = document.querySelector('form.filters'); if (!f) return []; const r = f.getBoundingClientRect();
			return Array.from(f.querySelectorAll('input, select, button, .count')).filter(e => { const q = e.getBoundingClientRect(); return q.left < r.left || q.right > r.right; }).map(e => e.textContent || e.id); })()`); len(out) > 0 {
			t.Errorf("%s: past the filter panel's edge at 360px: %q", p, out)
		}
		if small := eval[[]string](t, b, `Array.from(document.querySelectorAll('nav.nav a')).filter(a => a.getBoundingClientRect().height < 24).map(a => a.textContent)`); len(small) > 0 {
			t.Errorf("%s: menu links lower than 24px: %q", p, small)
		}
	}
	b.do(t, "list", chromedp.Navigate(base+"/fr/cards/index.html"), chromedp.WaitVisible(chromedp.CSS("#card-list img.thumb")))
	b.screenshot(t, "cards-phone.png")
	// The tiles show a thumbnail, a type and, for Characters, key stats.
	n := eval[int](t, b, `document.querySelectorAll('#card-list li img.thumb').length`)
	total := eval[int](t, b, `document.querySelectorAll('#card-list li').length`)
	if n != total || n == 0 {
		t.Errorf("%d thumbnails for %d cards", n, total)
	}
	if s := eval[int](t, b, `document.querySelectorAll('#card-list li[data-kind="character"] .key-stats .stat').length`); s == 0 {
		t.Error("no key stats on the Characters' tiles")
	}
	if f := eval[string](t, b, `(document.querySelector('#card-list li[data-kind="objective"] .format') || {}).textContent || ''`); f != "Exploration" && f != "Confrontation" {
		t.Errorf("an Objective's tile is labelled %q, want its format", f)
	}
	b.noIssues(t)
}

// TestGlossaryLinksResolve follows the glossary links of a rules page and
// of a card page in both languages: each lands on its entry of the
// glossary page, and the glossary's letter index leads to its letters.
func TestGlossaryLinksResolve(t *testing.T) {
	t.Parallel()
	b, _, base := starterBrowser(t)
	for _, p := range []string{"/en/rules/shooting/index.html", "/fr/rules/shooting/index.html", "/en/cards/copp/index.html", "/fr/cards/howler/index.html"} {
		b.do(t, "open "+p, chromedp.Navigate(base+p), chromedp.WaitVisible(chromedp.CSS("main")))
		hrefs := eval[[]string](t, b, `Array.from(document.querySelectorAll('a.gloss')).map(a => a.href)`)
		if len(hrefs) == 0 {
			t.Errorf("%s has no glossary link", p)
			continue
		}
		if n := eval[int](t, b, `document.querySelectorAll('h1 a.gloss, h2 a.gloss, h3 a.gloss, figure a.gloss, svg a.gloss').length`); n > 0 {
			t.Errorf("%s: %d glossary links in headings or images", p, n)
		}
		for _, h := range hrefs {
			b.do(t, "follow "+h, chromedp.Navigate(h), chromedp.WaitVisible(chromedp.CSS("dl.glossary")))
			ok := eval[bool](t, b, `(() => { const e = document.getElementById(location.hash.slice(1)); if (!e) return false; const r = e.getBoundingClientRect(); return e.tagName === 'DT' && r.top >= 0 && r.top < window.innerHeight; })()`)
			if !ok {
				t.Errorf("%s: the glossary link %s does not land on its entry", p, h)
			}
		}
	}
	b.do(t, "glossary", chromedp.Navigate(base+"/fr/glossary/index.html"), chromedp.WaitVisible(chromedp.CSS("nav.letters")))
	letters := eval[[]string](t, b, `Array.from(document.querySelectorAll('nav.letters a')).map(a => a.getAttribute('href'))`)
	if len(letters) < 10 {
		t.Errorf("the glossary index has %d letters", len(letters))
	}
	for _, l := range letters {
		if !eval[bool](t, b, `document.getElementById(`+jsString(l[1:])+`) !== null`) {
			t.Errorf("letter %s has no section", l)
		}
	}
	b.screenshot(t, "glossary-fr.png")
	b.noIssues(t)
}

// TestTapTargets: on a 360 px phone, the links of the check games page
// (the densest page) and of a card page are at least 24 px high and wide
// (WCAG 2.5.8), links inside sentences apart.
func TestTapTargets(t *testing.T) {
	t.Parallel()
	b, _, base := starterBrowser(t)
	b.do(t, "phone", chromedp.EmulateViewport(360, 740))
	for _, p := range []string{"/en/checks/index.html", "/fr/checks/index.html", "/en/cards/copp/index.html", "/fr/rules/index.html"} {
		b.do(t, "open "+p, chromedp.Navigate(base+p), chromedp.WaitVisible(chromedp.CSS("main")))
		small := eval[[]string](t, b, `Array.from(document.querySelectorAll('a')).filter(a => {
			if (a.closest('p, dd, .card-text, .prose li, td.muted') && !a.closest('.foot, .designers')) return false; // in a sentence
			const r = a.getBoundingClientRect();
			return r.width > 0 && (r.height < 24 || r.width < 24);
		}).slice(0, 5).map(a => a.textContent + ' ' + Math.round(a.getBoundingClientRect().width) + 'x' + Math.round(a.getBoundingClientRect().height))`)
		if len(small) > 0 {
			t.Errorf("%s: tap targets under 24 px: %q", p, small)
		}
	}
	b.noIssues(t)
}
