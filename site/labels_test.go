package site

import (
	"testing"

	"wbtool.dev/wbtool/catalog"
)

// TestStarterLabels builds the starter site: every interface string it
// reads (pages, templates, icon names) has a text, none shows as its key.
func TestStarterLabels(t *testing.T) {
	if _, err := Build(starter(t), Options{}); err != nil {
		t.Fatalf("Build: %v", err)
	}
	for _, k := range catalog.MissingLabels() {
		t.Errorf("interface string %q looked up without a text", k)
	}
}

// TestIconLabels: every icon the site draws is named in both languages.
func TestIconLabels(t *testing.T) {
	for name := range iconPaths {
		key, ok := iconKeys[name]
		if !ok {
			t.Errorf("icon %q has no name key in iconKeys", name)
			continue
		}
		tx, ok := catalog.BuiltinLabel(key)
		if !ok || tx.EN == "" || tx.FR == "" {
			t.Errorf("icon %q: key %q has no built-in text in both languages", name, key)
		}
		if iconLabels[name] != tx {
			t.Errorf("icon %q: iconLabels disagrees with the table", name)
		}
	}
}
