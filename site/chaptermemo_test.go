package site

import (
	"reflect"
	"strings"
	"testing"

	"wbtool.dev/wbtool/lang"
)

// TestRenderChaptersMemo: the chapters rendered again from the same
// pages with the same answers are the kept ones; a changed answer the
// pages asked for (the name of a card they link, an icon) renders them
// again, as a rendering without the memo does; a changed answer they
// never asked for does not.
func TestRenderChaptersMemo(t *testing.T) {
	pages := []lang.RulesPage{{Lang: lang.English, Path: "rules/en/01-basics.md", Source: []byte(
		"---\ntitle: Basics\n---\n## Moving {#T-MOVE-1}\n\nThe [[scout]] moves first :hit:.\n")}}
	opts := func(scout, other, icon string) RulesOptions {
		return RulesOptions{RulePrefix: "T", Noun: "card",
			Entity: func(id string, l lang.Lang) (string, string, bool) {
				switch id {
				case "scout":
					return scout, "cards/scout/index.html", true
				case "brute": // no page links it
					return other, "cards/brute/index.html", true
				}
				return "", "", false
			},
			Icon:      func(name string, l lang.Lang) (string, bool) { return icon, name == "hit" },
			IconLabel: func(name string) string { return name },
		}
	}
	render := func(o RulesOptions) string {
		t.Helper()
		out, errs, err := RenderChapters(pages, o)
		if err != nil || len(errs) > 0 {
			t.Fatalf("RenderChapters: %v %v", err, errs)
		}
		fresh, _, _ := renderChapters(pages, o)
		if !reflect.DeepEqual(out, fresh) {
			t.Errorf("the chapters differ from a rendering without the memo")
		}
		return string(out[lang.English][0].Body)
	}
	base := render(opts("Scout", "Brute", "<svg>1</svg>"))
	tests := []struct {
		name, scout, other, icon, want string
	}{
		{"a name no page prints", "Scout", "Big brute", "<svg>1</svg>", "Scout"},
		{"the name of a card the pages link", "Pathfinder", "Brute", "<svg>1</svg>", "Pathfinder"},
		{"an icon the pages draw", "Scout", "Brute", "<svg>2</svg>", "<svg>2</svg>"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			body := render(opts(tt.scout, tt.other, tt.icon))
			if !strings.Contains(body, tt.want) {
				t.Errorf("body %q lacks %q", body, tt.want)
			}
			if tt.name == "a name no page prints" && body != base {
				t.Errorf("body changed: %q, was %q", body, base)
			}
		})
	}
}
