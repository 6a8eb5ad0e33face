package render

import (
	"strings"
	"sync"
	"testing"

	"wbtool.dev/wbtool/content"
	"wbtool.dev/wbtool/games/warbound/wbcatalog"
	"wbtool.dev/wbtool/schema"
)

// TestStarterLabels lays out every starter card and both sheets in both
// languages: every interface string they read has a built-in text (no key
// shows raw), and falls under LabelKeys (which watch uses to know which
// string edits re-render cards).
func TestStarterLabels(t *testing.T) {
	cat, err := schema.Load(content.FS, schema.Options{Root: "content"})
	if err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	seen := map[string]bool{}
	labelSeen = func(k string) { mu.Lock(); seen[k] = true; mu.Unlock() }
	defer func() { labelSeen = nil }()
	for _, l := range wbcatalog.Langs {
		if _, err := Layout(cat, l); err != nil {
			t.Fatal(err)
		}
		if _, err := Sheets(cat, SheetOptions{Lang: l}); err != nil {
			t.Fatal(err)
		}
		if _, err := Calibration(cat, SheetOptions{Lang: l}); err != nil {
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
