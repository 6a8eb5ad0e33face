package wbcards

import (
	"strings"
	"sync"
	"testing"

	"wbtool.dev/wbtool/games/warbound/wbcatalog"
	"wbtool.dev/wbtool/render"
)

// TestStarterLabels lays out every starter card and both sheets in both
// languages: every interface string they read has a built-in text (no key
// shows raw), and falls under LabelKeys (which watch uses to know which
// string edits re-render cards).
func TestStarterLabels(t *testing.T) {
	cat := starterCatalog(t)
	var mu sync.Mutex
	seen := map[string]bool{}
	labelSeen = func(k string) { mu.Lock(); seen[k] = true; mu.Unlock() }
	defer func() { labelSeen = nil }()
	for _, l := range wbcatalog.Langs {
		if _, err := Layout(cat, l); err != nil {
			t.Fatal(err)
		}
		if _, err := Sheets(cat, Options{SheetOptions: render.SheetOptions{Lang: l}}); err != nil {
			t.Fatal(err)
		}
		if _, err := kitSheets(cat, Options{SheetOptions: render.SheetOptions{Lang: l}, Kit: Kit{Kind: KitCalibrate}}); err != nil {
			t.Fatal(err)
		}
	}
	if len(seen) == 0 {
		t.Fatal("no interface string looked up")
	}
	listed := map[string]bool{}
	for _, k := range LabelKeys() {
		listed[k] = true
	}
	for k := range seen {
		if _, ok := wbcatalog.BuiltinLabel(k); !ok {
			t.Errorf("render reads %q, which has no built-in text", k)
		}
		if !listed[k] {
			t.Errorf("render reads %q, not under LabelKeys: add its group to labelPrefixes", k)
		}
	}
	for _, k := range wbcatalog.MissingLabels() {
		if !strings.HasPrefix(k, "test.") {
			t.Errorf("interface string %q looked up without a text", k)
		}
	}
}

// TestCalibrationLabelsAgree: the calibration sheet's built-in texts
// (render.CalibrationLabel, what `wbtool print --calibrate` prints) are
// Warbound's interface strings under the same keys, which a content tree
// may override on the kit's calibration sheet.
func TestCalibrationLabelsAgree(t *testing.T) {
	n := 0
	for _, key := range wbcatalog.LabelKeys() {
		if !strings.HasPrefix(key, "print.calibrate.") && !strings.HasPrefix(key, "kit.calibrate.") {
			continue
		}
		n++
		want, _ := wbcatalog.BuiltinLabel(key)
		for _, l := range wbcatalog.Langs {
			if got := render.CalibrationLabel(key, l); got != want.In(l) {
				t.Errorf("%s (%s): the kit says %q, Warbound's strings %q", key, l, got, want.In(l))
			}
		}
	}
	if n != 12 {
		t.Errorf("%d calibration keys, want 12", n)
	}
}
