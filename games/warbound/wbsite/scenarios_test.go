package wbsite

import (
	"strings"
	"testing"
	"wbtool.dev/wbtool/site/sitecheck"

	"wbtool.dev/wbtool/games/warbound/wbcatalog"
)

// TestScenarioPages: every scenario of the starter content has a page in
// both languages with its map at play scale (an SVG image next to the
// page), linked from the scenario index and the home page; the Action
// board chapter shows every Action board (issue 14 item 4).
func TestScenarioPages(t *testing.T) {
	cat := starter(t)
	if len(cat.Scenarios) == 0 || len(cat.ActionBoards) == 0 {
		t.Fatal("the starter content has no scenario or no Action board")
	}
	files := mustBuild(t, cat)
	sitecheck.CheckLinks(t, files)
	for _, l := range wbcatalog.Langs {
		lang := string(l)
		index := string(files[lang+"/scenarios/index.html"])
		home := string(files[lang+"/index.html"])
		for _, sc := range cat.Scenarios {
			page := string(files[lang+"/scenarios/"+sc.ID+"/index.html"])
			if !strings.Contains(page, `<img src="map.svg"`) {
				t.Errorf("%s scenario %s: no map image", lang, sc.ID)
			}
			svg := string(files[lang+"/scenarios/"+sc.ID+"/map.svg"])
			if !strings.HasPrefix(svg, "<svg") || !strings.Contains(svg, `lang="`+lang+`"`) {
				t.Errorf("%s scenario %s: map.svg is %.60q", lang, sc.ID, svg)
			}
			if !strings.Contains(index, `href="`+sc.ID+`/index.html"`) || !strings.Contains(home, `href="scenarios/`+sc.ID+`/index.html"`) {
				t.Errorf("%s scenario %s: not linked from the index and the home page", lang, sc.ID)
			}
			if !strings.Contains(page, "rules/action-board/index.html#board-") {
				t.Errorf("%s scenario %s: no link to its Action board", lang, sc.ID)
			}
		}
		chapter := string(files[lang+"/rules/action-board/index.html"])
		for _, ab := range cat.ActionBoards {
			src := "board-" + ab.ID + ".svg"
			if !strings.Contains(chapter, `id="board-`+ab.ID+`"`) || !strings.Contains(chapter, `<img src="`+src+`"`) {
				t.Errorf("%s: the Action board chapter does not show %s", lang, ab.ID)
			}
			if !strings.HasPrefix(string(files[lang+"/rules/action-board/"+src]), "<svg") {
				t.Errorf("%s: no %s", lang, src)
			}
		}
	}
}
