package wbsite

import (
	"testing"

	"wbtool.dev/wbtool/content"
	"wbtool.dev/wbtool/games/warbound/wbcatalog"
	"wbtool.dev/wbtool/games/warbound/wbschema"
)

// starter loads the embedded starter content.
func starter(tb testing.TB) *wbcatalog.Catalog {
	tb.Helper()
	cat, err := wbschema.Load(content.FS, wbschema.Options{Root: "content"})
	if err != nil {
		tb.Fatalf("load starter content: %v", err)
	}
	return cat
}

func TestBuildStarter(t *testing.T) {
	files, err := Build(starter(t), Options{})
	if err != nil {
		t.Fatalf("Build: %v", err)
	}
	if len(files) < 20 {
		t.Fatalf("only %d files", len(files))
	}
	if testing.Verbose() {
		t.Logf("%d files", len(files))
	}
}
