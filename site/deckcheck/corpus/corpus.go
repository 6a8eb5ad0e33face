// Package corpus gives the tests of the deck builder their decks: the
// starter content's decks and the illegal decks of the CLI's bad-input
// corpus (cmd/wbtool/testdata/script/deck_*.txtar), each with what
// `wbtool deck check` says of it: the loader's "deck is not legal"
// messages, got by loading the starter content with the deck file as
// `wbtool deck check FILE` does. Tests only.
package corpus

import (
	"errors"

	"path/filepath"
	"regexp"
	"runtime"
	"sort"
	"strings"

	"github.com/rogpeppe/go-internal/txtar"

	"wbtool.dev/wbtool/content"
	"wbtool.dev/wbtool/games/warbound/wbcatalog"
	"wbtool.dev/wbtool/games/warbound/wbdeck"
	"wbtool.dev/wbtool/schema"
)

// Case is a deck and the CLI's verdict on it in its own format.
type Case struct {
	Name string // the deck id, or the script's name
	Deck wbdeck.Deck
	// Want are the problems `wbtool deck check` reports, each "message
	// (rule)" in English, in its order; none for a legal deck.
	Want []string
}

// Starter loads the starter content.
func Starter() (*wbcatalog.Catalog, error) {
	return schema.Load(content.FS, schema.Options{Root: "content"})
}

// Decks returns the starter decks (legal) and the corpus' illegal decks.
func Decks() ([]Case, error) {
	cat, err := Starter()
	if err != nil {
		return nil, err
	}
	var out []Case
	for _, d := range cat.Decks {
		out = append(out, Case{Name: d.ID, Deck: wbdeck.Deck{Name: d.Name.EN, Format: d.Format, Cards: d.Cards, Attachments: d.Attachments}})
	}
	_, here, _, _ := runtime.Caller(0)
	scripts, err := filepath.Glob(filepath.Join(filepath.Dir(here), "..", "..", "..", "cmd", "wbtool", "testdata", "script", "deck_*.txtar"))
	if err != nil {
		return nil, err
	}
	sort.Strings(scripts)
	for _, s := range scripts {
		ar, err := txtar.ParseFile(s)
		if err != nil {
			return nil, err
		}
		for _, f := range ar.Files {
			if !strings.HasSuffix(f.Name, ".cue") {
				continue
			}
			d, ok := parseDeck(string(f.Data))
			if !ok {
				continue
			}
			want, err := cliVerdict(f.Name, f.Data)
			if err != nil {
				return nil, err
			}
			if len(want) == 0 {
				continue // the corpus' legal decks are the starter decks' kind
			}
			out = append(out, Case{Name: strings.TrimSuffix(filepath.Base(s), ".txtar") + "/" + filepath.Base(f.Name), Deck: d, Want: want})
		}
	}
	return out, nil
}

// cliVerdict loads the starter content with the deck file, as `wbtool
// deck check FILE` does, and returns its "deck is not legal" messages.
func cliVerdict(name string, src []byte) ([]string, error) {
	_, err := schema.Load(content.FS, schema.Options{Root: "content", Extra: []schema.File{{Name: name, Src: src}}})
	if err == nil {
		return nil, nil
	}
	var errs schema.Errors
	if !errors.As(err, &errs) {
		return nil, err
	}
	var out []string
	for _, e := range errs.Errors() {
		_, msg, ok := strings.Cut(e.String(), "deck is not legal: ")
		if !ok {
			return nil, errors.New(name + ": not a legality error: " + e.String())
		}
		out = append(out, msg)
	}
	return out, nil
}

var (
	formatRe = regexp.MustCompile(`format:\s*"(\w+)"`)
	nameRe   = regexp.MustCompile(`name:\s*\{en:\s*"([^"]*)"`)
	cardsRe  = regexp.MustCompile(`cards:\s*\[([^\]]*)\]`)
	quotedRe = regexp.MustCompile(`"([a-z0-9-]+)"`)
	attachRe = regexp.MustCompile(`\{upgrade:\s*"([a-z0-9-]+)",\s*to:\s*"([a-z0-9-]+)"\}`)
)

// parseDeck reads the one deck of a corpus file (the corpus writes them
// plainly: one deck, its lists on single lines).
func parseDeck(src string) (wbdeck.Deck, bool) {
	i := strings.Index(src, "decks:")
	if i < 0 {
		return wbdeck.Deck{}, false
	}
	src = src[i:]
	var d wbdeck.Deck
	if m := formatRe.FindStringSubmatch(src); m != nil {
		d.Format = wbcatalog.Format(m[1])
	}
	if m := nameRe.FindStringSubmatch(src); m != nil {
		d.Name = m[1]
	}
	m := cardsRe.FindStringSubmatch(src)
	if m == nil {
		return d, false
	}
	for _, q := range quotedRe.FindAllStringSubmatch(m[1], -1) {
		d.Cards = append(d.Cards, q[1])
	}
	for _, a := range attachRe.FindAllStringSubmatch(src, -1) {
		d.Attachments = append(d.Attachments, wbcatalog.Attachment{Upgrade: a[1], To: a[2]})
	}
	return d, true
}
