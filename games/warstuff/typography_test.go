package warstuff

import (
	"context"
	"encoding/json"
	"regexp"
	"testing"

	wsstarter "wbtool.dev/wbtool/games/warstuff/starter"
	"wbtool.dev/wbtool/games/warstuff/wscatalog"
	"wbtool.dev/wbtool/pipeline"
)

// TestStarterTypography: Warstuff's texts as Warbound's (issue 36 item
// 9): curly apostrophes in every text and label, plurals from the label
// table ("1 pt", "2 pts"; "0 pt" in French), and the content's version on
// the sheets instead of "dev".
func TestStarterTypography(t *testing.T) {
	res, err := pipeline.Run(context.Background(), pipeline.Options{Content: wsstarter.FS, Root: "games/warstuff/starter", Stages: []pipeline.Stage{pipeline.Load}})
	if err != nil {
		t.Fatal(err)
	}
	c, ok := res.Content.(*Content)
	if !ok {
		t.Fatalf("content %T: %s", res.Content, res.Diagnostics.Text())
	}
	straight := regexp.MustCompile(`\pL'\pL`)
	b, err := json.Marshal(c.Catalog)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range straight.FindAll(b, -1) {
		t.Errorf("a straight apostrophe in the starter's texts: %q", m)
	}
	for k, v := range wscatalog.Labels {
		for _, s := range []string{v.EN, v.FR} {
			if straight.MatchString(s) {
				t.Errorf("label %s: a straight apostrophe in %q", k, s)
			}
		}
	}
	for _, tt := range []struct {
		n    int
		l    wscatalog.Lang
		want string
	}{{1, "en", "1 pt"}, {2, "en", "2 pts"}, {0, "en", "0 pts"}, {1, "fr", "1 pt"}, {0, "fr", "0 pt"}, {19, "fr", "19 pts"}} {
		if got := c.Catalog.Points(tt.n, tt.l); got != tt.want {
			t.Errorf("Points(%d, %s) = %q, want %q", tt.n, tt.l, got, tt.want)
		}
	}
	if v := c.printVersion(""); v != "0.1" {
		t.Errorf("the sheets print version %q, want the starter's 0.1", v)
	}
}
