package browsertest

import (
	"testing"

	"github.com/chromedp/chromedp"
)

// The builders on a phone (issue 36 item 7): the reasons a deck or band is
// illegal are never under the sticky summary line, and the cards to pick
// are one tap away from the top of the page.

// coveredReasons scrolls the page from top to bottom in steps of a third
// of the screen and, at each step, asks the browser what is drawn at the
// middle and at the bottom of every reason (selector sel) on screen: the
// reasons something else covers, with the scroll position.
func coveredReasons(t *testing.T, b *browser, sel string) []string {
	t.Helper()
	return eval[[]string](t, b, `(() => {
		const out = [], step = Math.floor(innerHeight / 3);
		const end = document.documentElement.scrollHeight;
		for (let y = 0; y <= end; y += step) {
			window.scrollTo(0, y);
			for (const li of document.querySelectorAll(`+jsString(sel)+`)) {
				const r = li.getBoundingClientRect();
				for (const py of [r.top + r.height / 2, r.bottom - 2]) {
					if (py < 0 || py >= innerHeight || r.height === 0) continue;
					const at = document.elementFromPoint(r.left + Math.min(20, r.width / 2), py);
					// The site's menu covers what scrolls under it on every page.
					if (at && !li.contains(at) && !at.closest('header.top')) out.push('at ' + scrollY + 'px "' + li.textContent.slice(0, 40) + '" under ' + at.tagName + '#' + at.id + '.' + at.className);
				}
			}
		}
		window.scrollTo(0, 0);
		return out;
	})()`)
}

// oneTapToPool checks that a link to the cards to pick is on the first
// screen, and that following it shows the first card to pick.
func oneTapToPool(t *testing.T, b *browser, link, first string) {
	t.Helper()
	eval[bool](t, b, `(window.scrollTo(0, 0), true)`)
	if !eval[bool](t, b, `(() => { const a = document.querySelector(`+jsString(link)+`);
		if (!a) return false; const r = a.getBoundingClientRect();
		return r.height > 0 && r.top >= 0 && r.bottom <= innerHeight; })()`) {
		t.Fatalf("no link %s on the first screen of the phone", link)
	}
	b.do(t, "tap "+link, chromedp.Click(chromedp.CSS(link)))
	// In view, below the site's sticky menu.
	b.waitFor(t, `(() => { const e = document.querySelector(`+jsString(first)+`); const r = e.getBoundingClientRect();
		return r.top >= document.querySelector('header.top').getBoundingClientRect().bottom && r.bottom <= innerHeight; })()`)
}

// TestBuildersOnAPhone opens the deck builder (French: the longest
// summary line) and the band builder at 390 px with an illegal deck and
// band, screenshots them (and on a desktop), and checks that no reason is
// ever covered and that the cards to pick are one tap away.
func TestBuildersOnAPhone(t *testing.T) {
	t.Parallel()
	b := newBrowser(t)
	_, files := starterSite(t)
	base := serveSite(t, files)
	_, wsFiles := warstuffSite(t)
	wsBase := serveSite(t, wsFiles)
	for _, phone := range []bool{false, true} {
		name := "desktop"
		if phone {
			name = "phone"
			b.do(t, "phone", chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(2), chromedp.EmulateMobile))
		}
		t.Run("deck/"+name, func(t *testing.T) {
			openBuilder(t, b, base, "fr", "")
			if phone {
				oneTapToPool(t, b, `.db-jump a[href="#db-pool-title"]`, `#db-pool li`)
			}
			// Three cards: too few, and not led; the reasons show.
			ids := eval[[]string](t, b, `Array.from(document.querySelectorAll('#db-pool li')).slice(0, 3).map(li => li.dataset.id)`)
			for _, id := range ids {
				clickAdd(t, b, id)
			}
			b.waitFor(t, `document.querySelectorAll('#db-legality .db-problems li').length > 0`)
			eval[bool](t, b, `(document.getElementById('db-legality').scrollIntoView({block: 'end'}), true)`)
			b.screenshot(t, "deckbuilder-"+name+".png")
			for _, c := range coveredReasons(t, b, `#db-legality .db-problems li, #db-legality .legal`) {
				t.Errorf("deck builder on a %s: a reason is hidden %s", name, c)
			}
			if w := eval[int](t, b, `document.documentElement.scrollWidth`); phone && w > 390 {
				t.Errorf("the deck builder is %dpx wide on a 390px phone", w)
			}
		})
		t.Run("band/"+name, func(t *testing.T) {
			b.do(t, "open", chromedp.Navigate(wsBase+"/fr/bandbuilder.html#n=A&f=50&p=trooper:3,militia:12"), chromedp.WaitReady(chromedp.ID("bb-pool")))
			b.waitFor(t, bandBuilderReady+` && document.querySelectorAll('.bb-problems li').length > 0`)
			if phone {
				oneTapToPool(t, b, `.bb-jump a[href="#bb-pool-h"]`, `#bb-pool tbody tr`)
			}
			eval[bool](t, b, `(document.getElementById('bb-verdicts').scrollIntoView({block: 'end'}), true)`)
			b.screenshot(t, "bandbuilder-"+name+".png")
			for _, c := range coveredReasons(t, b, `.bb-verdict h3, .bb-problems li`) {
				t.Errorf("band builder on a %s: a reason is hidden %s", name, c)
			}
			if w := eval[int](t, b, `document.documentElement.scrollWidth`); phone && w > 390 {
				t.Errorf("the band builder is %dpx wide on a 390px phone", w)
			}
		})
	}
	if issues := b.takeIssues(); len(issues) > 0 {
		t.Errorf("the pages reported problems: %q", issues)
	}
}
