package browsertest

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
)

// searchQueries are typed queries of the search syntax (issue 17 item 1)
// and the starter cards each must find, in id order.
var searchQueries = []struct {
	lang, q string
	want    []string
}{
	{"en", "f:raiders t:character o<=2", []string{"analyst", "copp", "howler", "jammer", "jammeuse", "scrapper", "splatter"}},
	{"en", "faction:clans type:leader", []string{"nemi-ha", "sa-keth"}},
	{"en", "t:objective l:exploration", []string{"break-their-nerve", "data-haul", "deep-strike", "first-blood", "hold-the-relay", "no-one-left-behind", "sweep-the-field"}},
	{"en", "cost.clans>=2", []string{"ash-warden", "oshi-goru", "rah-na"}},
	{"en", "o.any=0 t:character", []string{"ork-edo-drummer", "rah-na", "scrapper", "splatter", "thorn-spitter"}},
	{"en", "h>=5", []string{"ash-warden", "oshi-goru", "wrecker"}},
	{"en", "speed>4", []string{"howler"}},
	{"en", "g:ranged t:equipment", []string{"scope", "scrap-harpoon"}},
	{"en", "gear:armour -t:equipment", []string{"ash-warden", "copp", "oshi-goru", "wrecker"}},
	{"en", "(f:raiders or f:clans) t:leader", []string{"mother-rust", "nemi-ha", "sa-keth", "vanta"}},
	{"en", "t:leader and not f:raiders", []string{"nemi-ha", "sa-keth"}},
	{"en", "k:steadfast t:character", []string{"ork-edo-drummer", "rah-na", "roh-na"}},
	{"en", "acc<=4", []string{"copp", "roh-na"}},
	{"en", "md>=2 f:clans", []string{"oshi-goru"}},
	{"en", `n:"JAMMER"`, []string{"jammer"}},
	{"en", `x:"sharp"`, []string{"copp", "roh-na"}},
	{"en", "a:4", []string{"oshi-goru", "rah-na", "splatter"}},
	{"en", "t:upgrade f:clans", []string{"ash-seer", "bone-charm", "bone-mail"}},
	{"en", "m<3", []string{"scrapper"}},
	{"en", "r>=2 OR s>=5", []string{"howler", "rah-na", "splatter"}},
	{"fr", "t:personnage f:pillards o=1", []string{"analyst", "scrapper"}},
	{"fr", "eclaireur", []string{"pathfinder"}},
	{"fr", "n:jammeu ou t:ref", []string{"clans-reference", "jammer", "jammeuse", "raiders-reference"}},
}

// viewports are the screens the tests look at: a desktop and a 360 × 740
// phone.
var viewports = []struct {
	name string
	w, h int64
}{{"desktop", 1280, 900}, {"phone", 360, 740}}

// searchErrors are queries the syntax refuses, with a word the message
// must hold.
var searchErrors = []struct{ q, want string }{
	{"colour:red", "Unknown field"},
	{"fation:clans", "faction"}, // did you mean
	{"f:pirates", "Known: clans, raiders, neutral"},
	{"o<=two", "compares numbers"},
	{"(f:raiders", "parenthesis"},
	{"t:leader or", "needs a value"},
}

// shownQuery is what the card list shows after a query is typed.
type shownQuery struct {
	Shown   []string `json:"shown"`
	Error   string   `json:"error"`
	Address string   `json:"address"`
}

// typeQuery empties the search box and enters q: character by character
// with perChar (each one an input event, as typed, so the list and the
// error box go through every state on the way: a state one leaves behind
// shows in the end), else at once, as pasted. A character is given to the
// page as an input method does (Input.insertText: the input event, no key
// events, which the page does not read): a key's down and up, each
// answered by the page, cost a third more.
func typeQuery(t *testing.T, b *browser, q string, perChar bool) {
	t.Helper()
	eval[bool](t, b, `(document.getElementById('q').value = '', document.getElementById('q').focus(), true)`)
	parts := []string{q}
	if perChar {
		parts = strings.Split(q, "")
	}
	b.do(t, "type "+q, chromedp.Func(func(ctx context.Context, _ *chromedp.Target) error {
		for _, p := range parts {
			if _, err := chromedp.Call(ctx, input.InsertText, input.InsertTextParams{Text: p}); err != nil {
				return err
			}
		}
		return nil
	}))
}

// TestTypedQueries types each query of the table in the card list, on a
// desktop, and pastes it on a 360 × 740 phone (what the screen can change
// is what shows, not how the typing goes), and compares the cards shown
// and the query in the address.
func TestTypedQueries(t *testing.T) {
	t.Parallel()
	b, _, base := starterBrowser(t)
	for _, vp := range viewports {
		b.do(t, "viewport "+vp.name, chromedp.EmulateViewport(vp.w, vp.h))
		lang := ""
		for i, tc := range searchQueries {
			if tc.lang != lang {
				lang = tc.lang
				b.do(t, "open "+tc.q, chromedp.Navigate(base+"/"+tc.lang+"/cards/index.html"), chromedp.WaitVisible(chromedp.ID("q")))
			}
			typeQuery(t, b, tc.q, vp.name == "desktop")
			b.waitFor(t, `document.getElementById('q').value === `+jsString(tc.q))
			// The query reaches the address once the typing pauses (the
			// page's 300 ms timer), or at once when the box loses focus,
			// as when a card is clicked. The pause, once: a page timer
			// of 400 ms set after the last keystroke fires after the
			// page's, however busy the machine (timers run in the order
			// of their deadlines).
			if i == 0 && vp.name == "desktop" {
				paused := eval[string](t, b, `new Promise(r => setTimeout(() => r(new URLSearchParams(location.search).get('q') || ''), 400))`, chromedp.EvalAwaitPromise)
				if paused != tc.q {
					t.Errorf("%s %q: after a pause in the typing, the address holds q=%q", vp.name, tc.q, paused)
				}
			}
			eval[bool](t, b, `(document.getElementById('q').blur(), true)`)
			// what the page shows, read at once: the cards, the error, the
			// query in the address (written when the box lost focus)
			got := eval[shownQuery](t, b, `({shown: `+visibleItems+`.map(li => li.getAttribute('data-id')).sort(),
				error: document.getElementById('q-error').hidden ? '' : document.getElementById('q-error').textContent,
				address: new URLSearchParams(location.search).get('q') || ''})`)
			if !slices.Equal(got.Shown, tc.want) {
				t.Errorf("%s %s %q shows %v, want %v", vp.name, tc.lang, tc.q, got.Shown, tc.want)
			}
			if got.Error != "" {
				t.Errorf("%s %q: error %q", vp.name, tc.q, got.Error)
			}
			// The query stays in the address.
			if got.Address != tc.q {
				t.Errorf("%s %q: the address holds q=%q", vp.name, tc.q, got.Address)
			}
		}
		if vp.name == "desktop" {
			b.do(t, "highlight", chromedp.Navigate(base+"/en/cards/index.html?q="+strings.ReplaceAll(`x:"sharp"`, `"`, "%22")), chromedp.WaitVisible(chromedp.ID("q")))
			b.waitFor(t, `document.querySelectorAll('#card-list li:not([hidden]) .snip mark').length >= 2`)
			marked := eval[[]string](t, b, `Array.from(document.querySelectorAll('#card-list li:not([hidden]) .snip mark')).map(m => m.textContent.toLowerCase())`)
			for _, m := range marked {
				if m != "sharp" {
					t.Errorf("highlighted %q for x:\"sharp\"", m)
				}
			}
		}
		for _, tc := range searchErrors {
			b.do(t, "open "+tc.q, chromedp.Navigate(base+"/en/cards/index.html?q="+urlQuery(tc.q)), chromedp.WaitVisible(chromedp.ID("q")))
			b.waitFor(t, `!document.getElementById('q-error').hidden`)
			msg := eval[string](t, b, `document.getElementById('q-error').textContent`)
			if !strings.Contains(msg, tc.want) {
				t.Errorf("%s %q says %q, want it to mention %q", vp.name, tc.q, msg, tc.want)
			}
			// Not an empty list: the cards stay, with the message.
			if n := eval[int](t, b, visibleItems+`.length`); n == 0 {
				t.Errorf("%s %q: the list is empty", vp.name, tc.q)
			}
			if vp.name == "phone" && tc.q == "colour:red" {
				b.screenshot(t, "search-error-phone.png")
			}
		}
	}
	b.noIssues(t)
}

// TestSortOrders sorts the list by cost and by health.
func TestSortOrders(t *testing.T) {
	t.Parallel()
	b, files, base := starterBrowser(t)
	b.do(t, "open", chromedp.Navigate(base+"/en/cards/index.html?q=t:character&sort=health"), chromedp.WaitVisible(chromedp.ID("q")))
	ids := eval[[]string](t, b, visibleItems+`.map(li => li.getAttribute('data-id'))`)
	var idx struct {
		Cards []struct {
			ID  string         `json:"id"`
			Num map[string]int `json:"num"`
		} `json:"cards"`
	}
	if err := json.Unmarshal(files["en/search-index.json"], &idx); err != nil {
		t.Fatal(err)
	}
	health := map[string]int{}
	for _, c := range idx.Cards {
		health[c.ID] = c.Num["health"]
	}
	if len(ids) < 5 {
		t.Fatalf("only %d characters", len(ids))
	}
	for i := 1; i < len(ids); i++ {
		if health[ids[i-1]] > health[ids[i]] {
			t.Errorf("sorted by health: %s (%d) before %s (%d)", ids[i-1], health[ids[i-1]], ids[i], health[ids[i]])
		}
	}
	if v := eval[string](t, b, `document.getElementById('f-sort').value`); v != "health" {
		t.Errorf("sort menu shows %q", v)
	}
	b.noIssues(t)
}

func jsString(s string) string {
	data, _ := json.Marshal(s)
	return string(data)
}

func urlQuery(s string) string {
	var sb strings.Builder
	for _, c := range []byte(s) {
		if c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' {
			sb.WriteByte(c)
		} else {
			fmt.Fprintf(&sb, "%%%02X", c)
		}
	}
	return sb.String()
}
