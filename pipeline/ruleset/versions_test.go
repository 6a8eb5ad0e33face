package ruleset

import "testing"

// TestVersionName: the name the published pages give an earlier version
// never holds a path of this machine (build --since /home/…/old once put
// the whole path on Warstuff's errata page and home page).
func TestVersionName(t *testing.T) {
	for _, c := range []struct {
		v    Version
		want string
	}{
		{Version{Rev: "v0.1"}, "v0.1"},
		{Version{Rev: "HEAD~2", Describe: func() string { return "v0.4-2-g1a2b3c4" }}, "v0.4-2-g1a2b3c4"},
		{Version{Rev: "/home/alice/games/old/", Folder: true}, "old"},
		{Version{Rev: "../_v0.1", Folder: true}, "_v0.1"},
		{Version{Rev: "_v0.1", Folder: true}, "_v0.1"},
		{Version{Rev: "/home/alice/v1/content", Folder: true}, "v1"},
		{Version{Rev: "content", Folder: true}, "content"},
		{Version{Rev: "../content", Folder: true}, "content"},
	} {
		if got := c.v.Name(); got != c.want {
			t.Errorf("Name of %q = %q, want %q", c.v.Rev, got, c.want)
		}
	}
}
