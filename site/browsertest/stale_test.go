package browsertest

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"wbtool.dev/wbtool/games/warbound/wbsite"

	"github.com/chromedp/chromedp"

	"wbtool.dev/wbtool/changes"
	"wbtool.dev/wbtool/content"
	"wbtool.dev/wbtool/games/warbound"
	"wbtool.dev/wbtool/games/warbound/wbcatalog"
	"wbtool.dev/wbtool/games/warbound/wbschema"
	"wbtool.dev/wbtool/site"
)

// erratumSite builds the starter site as a build with --since and a
// stale translation makes it: COPP's speed changed since "0.1" (the errata
// page, its history, its reprint), and the English of COPP's name and of
// its first skill's text are stale (the starter's source is French).
func erratumSite(t *testing.T) (*wbcatalog.Catalog, site.Files) {
	t.Helper()
	skipShort(t) // its callers drive Chromium and a validator: build nothing in -short
	return buildOnce(t, "warbound errata", func() (*wbcatalog.Catalog, site.Files, error) {
		old, err := wbschema.Load(content.FS, wbschema.Options{Root: "content"})
		if err != nil {
			return nil, nil, fmt.Errorf("load: %w", err)
		}
		cat, err := wbschema.Load(content.FS, wbschema.Options{Root: "content"})
		if err != nil {
			return nil, nil, fmt.Errorf("load: %w", err)
		}
		copp := cat.Character("copp")
		if copp == nil {
			return nil, nil, errors.New("no copp in the starter content")
		}
		old.Character("copp").Front.Speed = copp.Front.Speed - 1
		rep, err := warbound.Compare(old, cat)
		if err != nil {
			return nil, nil, err
		}
		e := &changes.Errata{From: "0.1", To: "0.2", Changes: rep.Changes,
			Reprint: map[wbcatalog.Lang][]string{wbcatalog.English: {"copp"}, wbcatalog.French: {"copp"}}}
		cat.Stale = map[string]bool{
			wbcatalog.TextKey([]string{"characters", "copp", "name"}, wbcatalog.English):           true,
			wbcatalog.TextKey([]string{"skills", copp.Front.Skills[0], "text"}, wbcatalog.English): true,
		}
		files, err := wbsite.Build(cat, wbsite.Options{Errata: e, ReprintPDF: func(l wbcatalog.Lang) string { return "print/reprint-" + string(l) + ".pdf" }})
		if err != nil {
			return nil, nil, fmt.Errorf("build: %w", err)
		}
		return cat, files, nil
	})
}

// TestStaleMarkAndErrata: the errata page and a card page with its
// history and stale marks pass axe-core (desktop and 360 px) and the Nu
// Html Checker; in Chromium the marks are visible, small, and say what
// they mean to a screen reader, in English only.
func TestStaleMarkAndErrata(t *testing.T) {
	t.Parallel()
	_, files := erratumSite(t)
	pages := []string{"en/cards/copp/index.html", "fr/cards/copp/index.html", "en/errata/index.html", "fr/errata/index.html"}
	for _, p := range pages {
		if files[p] == nil {
			t.Fatalf("no %s", p)
		}
	}
	vnuCheck(t, files, pages)

	b := axeBrowser(t)
	base := serveSite(t, files)
	for _, width := range []int64{1280, 360} {
		b.do(t, "viewport", chromedp.EmulateViewport(width, 900))
		for _, p := range pages {
			for _, v := range axeRun(t, b, base, p) {
				t.Errorf("%s at %d px: %v", p, width, v)
			}
		}
	}
	note, _ := wbcatalog.BuiltinLabel("stale.note")
	b.do(t, "open copp", chromedp.Navigate(base+"/en/cards/copp/index.html"), chromedp.WaitReady(chromedp.CSS("body")))
	marks := eval[[]string](t, b, `[...document.querySelectorAll('.stale-mark')].map(m => {
		const r = m.getBoundingClientRect(), h = m.closest('h1, h3').getBoundingClientRect();
		return m.closest('h1, h3').tagName + ' ' + (r.width > 0 && r.height > 0 && r.height < h.height) + ' ' + m.textContent + '|' + m.title;
	})`)
	if len(marks) < 2 {
		t.Fatalf("en/cards/copp: %d marks %q, want the name's and the skill's (on each side that has it)", len(marks), marks)
	}
	for i, m := range marks {
		// the sign is shown, the words are for screen readers and the
		// pointer's tooltip
		tag := "H3"
		if i == 0 {
			tag = "H1"
		}
		if want := tag + " true ⚠" + note.EN + "|" + note.EN; m != want {
			t.Errorf("mark %d: %q, want %q", i, m, want)
		}
	}
	history := eval[string](t, b, `document.querySelector('.history') ? document.querySelector('.history').textContent : ''`)
	if !strings.Contains(history, "0.1 → v0.2") && !strings.Contains(history, "v0.1 → v0.2") {
		t.Errorf("en/cards/copp: history %q does not name the versions", history)
	}
	b.do(t, "open copp fr", chromedp.Navigate(base+"/fr/cards/copp/index.html"), chromedp.WaitReady(chromedp.CSS("body")))
	if n := eval[int](t, b, `document.querySelectorAll('.stale-mark').length`); n != 0 {
		t.Errorf("fr/cards/copp (the source language): %d marks", n)
	}
	b.do(t, "open errata", chromedp.Navigate(base+"/en/errata/index.html"), chromedp.WaitReady(chromedp.CSS("body")))
	if txt := eval[string](t, b, `document.querySelector('main').innerText`); !strings.Contains(txt, "COPP") || !strings.Contains(txt, "Speed") {
		t.Errorf("en/errata: %.300q lacks COPP's speed", txt)
	}
	b.screenshot(t, "stale-copp-en.png")
}
