package browsertest

import (
	"bytes"
	"os"
	"testing"

	"github.com/chromedp/chromedp"

	"wbtool.dev/wbtool/balance"
	"wbtool.dev/wbtool/site"
)

// TestBalanceReportAxe runs axe-core on the balance report (`wbtool
// balance`'s HTML page, here of the balance package's pinned run) on a
// desktop and at 360 px, where its wide tables and figures scroll: zero
// violations (landmark-one-main, region, scrollable-region-focusable).
func TestBalanceReportAxe(t *testing.T) {
	t.Parallel()
	axe, err := os.ReadFile(toolFile(t, "node_modules/axe-core/axe.min.js"))
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile("../../balance/testdata/small.json")
	if err != nil {
		t.Fatal(err)
	}
	r, err := balance.ParseResult(data, func(string) ([]string, error) { return []string{"exploration", "confrontation"}, nil })
	if err != nil {
		t.Fatal(err)
	}
	var page bytes.Buffer
	if err := balance.Report(&page, r); err != nil {
		t.Fatal(err)
	}
	base := serveSite(t, site.Files{"balance.html": page.Bytes()})
	b := newBrowser(t)
	for _, w := range []int64{1280, 360} {
		tab := axeTab(t, b, axe)
		if err := chromedp.Do(tab, chromedp.EmulateViewport(w, 740)); err != nil {
			t.Fatal(err)
		}
		vs, err := axePage(tab, base+"/balance.html")
		if err != nil {
			t.Fatal(err)
		}
		for _, v := range vs {
			t.Errorf("balance report at %d px: %v", w, v)
		}
	}
}
