package translations

import (
	"fmt"
	"sort"
	"strings"
	"unicode/utf8"

	"wbtool.dev/wbtool/diag"
	"wbtool.dev/wbtool/lang"
	"wbtool.dev/wbtool/schema"
)

// The translators' own formats (`wbtool i18n export` and `i18n import`,
// issue 33): a language's texts as gettext PO or XLIFF 1.2 entries, one per
// text, keyed by the text's stable content path (the lock's key: msgctxt in
// PO, the trans-unit id in XLIFF), with the source text, the translation,
// comments for the translator, the stale flag the lock knows of (PO's
// `#, fuzzy` with the previous source as `#| msgid`), and the longest text
// that fits where the card prints it (Weblate's max-length flag, XLIFF's
// maxwidth). The glossary travels as TBX (tbx.go). Everything here is the
// same for every game: a game gives its texts (Texts), and its card layout
// through Texts.Layout.

// Layout is a game's card layout as the exchange formats ask it: which
// cards print a text, and whether they still lay out with another text in
// its place. A game without cards has none (Texts.Layout nil).
type Layout interface {
	// Cards names the cards that print the text at key (a lock key,
	// "skills/cool-headed/text"), in a stable order; none when the text
	// prints on no card (the site, the rules only).
	Cards(key string) []string
	// Fits reports whether the given cards among those printing key
	// (all of them when cards is nil) still lay out, at the layout's
	// smallest size, with text in its place and every other text as it
	// is.
	Fits(key, text string, cards []string) bool
}

// Entry is one text of a language in an exchange file.
type Entry struct {
	Key    string // the stable key: "characters/copp/name"
	Source string // the source-language text
	Target string // the translation ("" untranslated)
	// Fuzzy marks a translation to review: its source changed since it
	// was accepted (Previous holds the accepted source) or it was never
	// accepted. An import leaves fuzzy entries as they are.
	Fuzzy       bool
	Previous    string
	HasPrevious bool
	// Comments are for the translator: what the text is and where it
	// prints (PO's #. lines, XLIFF notes).
	Comments []string
	// Refs are the text's places in the content ("content/cards/x.cue:12").
	Refs []string
	// MaxLen is the longest translation, in characters, that fits the
	// card's box (0: no limit known).
	MaxLen int
	// Pos is the entry's position in the exchange file it was read from,
	// TargetPos the translation's (both empty for an exported entry).
	Pos, TargetPos diag.Pos
}

// File is a language's texts as an exchange file holds them.
type File struct {
	Game    string    // the game's name, for the header
	Source  lang.Lang // the language the texts are written in first
	Lang    lang.Lang // the translation's language
	Entries []Entry
	// LangPos is where the file names its language (read files only).
	LangPos diag.Pos
}

// LimitCap bounds the length the limit search tries: a text that still
// fits at this many characters has no limit worth telling.
const LimitCap = 4096

// filler is the text the limits are measured with: ordinary prose of
// average-width letters and spaces, in no language, repeated.
const filler = "lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor incididunt ut labore et dolore magna aliqua "

// Filler is n characters of the limits' measuring text (a space never
// ends it: the layout would drop it).
func Filler(n int) string {
	if n <= 0 {
		return ""
	}
	var b strings.Builder
	for b.Len() < n {
		b.WriteString(filler)
	}
	s := []byte(b.String()[:n])
	if s[n-1] == ' ' {
		s[n-1] = 'o'
	}
	return string(s)
}

// MaxLength is the longest text of the measuring prose (Filler) that fits
// where key prints, in characters: 0 when no limit is known (the text
// prints on no card, even one character does not fit, or LimitCap does).
// It is the smallest of the cards' limits: the first card's is searched
// (doubling, then halving), and each further card lowers it only when the
// limit so far does not fit it, so that a text printed on a thousand cards
// costs about a thousand layouts, not ten times as many.
func MaxLength(ly Layout, key string) int {
	if ly == nil {
		return 0
	}
	cards := ly.Cards(key)
	if len(cards) == 0 || !ly.Fits(key, Filler(1), nil) {
		return 0
	}
	best := 0 // the limit so far (0: none yet)
	for _, c := range cards {
		on := []string{c}
		if best > 0 {
			if ly.Fits(key, Filler(best), on) {
				continue
			}
			best = search(ly, key, on, 1, best)
			continue
		}
		lo, hi := 1, 64 // Filler(lo) fits; find a hi that does not
		for ly.Fits(key, Filler(hi), on) {
			lo = hi
			if hi >= LimitCap {
				lo = 0 // no limit on this card
				break
			}
			hi = min(hi*2, LimitCap)
		}
		if lo > 0 {
			best = search(ly, key, on, lo, hi)
		}
	}
	return best
}

// search is the longest measuring text that fits the cards, knowing
// that lo characters fit and hi do not.
func search(ly Layout, key string, cards []string, lo, hi int) int {
	for hi-lo > 1 {
		mid := (lo + hi) / 2
		if ly.Fits(key, Filler(mid), cards) {
			lo = mid
		} else {
			hi = mid
		}
	}
	return lo
}

// Length is the length of a text as the limits count it: in characters
// (Unicode code points), as Weblate's max-length and XLIFF's
// size-unit="char".
func Length(s string) int { return utf8.RuneCountInString(s) }

// Export is language tgt's texts as an exchange file: one entry per text
// written in the source language src (lock's, or the one named), in path
// order, with the lock's view of each translation (stale: fuzzy with the
// previous source; never accepted: fuzzy) and, when the game has a card
// layout, the longest translation that fits. ix, when given, places each
// entry at its translation's string in the content files (else at its
// source's, else where the game places it).
func Export(texts *Texts, lock *Lock, ix *schema.TextIndex, game string, src, tgt lang.Lang) *File {
	f := &File{Game: game, Source: src, Lang: tgt}
	ly := texts.layout(tgt)
	list := texts.List()
	names := map[string]string{}
	for _, t := range list {
		if len(t.Path) == 3 && t.Path[2] == "name" {
			names[t.Path[0]+"/"+t.Path[1]] = t.Text.In(src)
		}
	}
	for _, t := range list {
		source := t.Text.In(src)
		if draftText(source) || source == "" {
			continue
		}
		e := Entry{Key: t.Key(), Source: source}
		if !texts.untranslated(t, tgt) {
			e.Target = texts.In(t, tgt)
		}
		if lock != nil && e.Target != "" {
			le, ok := lock.Entries[e.Key+" "+string(tgt)]
			switch {
			case !ok:
				e.Fuzzy = true
				e.Comments = append(e.Comments, "Never accepted: check it; an import accepts it once the fuzzy flag is removed.")
			case le.Source != Fingerprint(source):
				e.Fuzzy, e.Previous, e.HasPrevious = true, le.Text, true
			}
		}
		e.Comments = append(describe(t, names), e.Comments...)
		if ly != nil {
			// a text the cards read but do not print (an id they name)
			// has no limit: it is not said to print
			if e.MaxLen = MaxLength(ly, e.Key); e.MaxLen > 0 {
				e.Comments = append(e.Comments, "Prints on: "+strings.Join(ly.Cards(e.Key), ", ")+".",
					fmt.Sprintf("At most %d characters fit the card's box (at its smallest size, with its other texts as they are).", e.MaxLen))
			}
		}
		if pos := refPos(ix, texts, t, src, tgt); pos.File != "" {
			e.Refs = append(e.Refs, fmt.Sprintf("%s:%d", pos.File, pos.Line))
		}
		f.Entries = append(f.Entries, e)
	}
	sort.SliceStable(f.Entries, func(i, j int) bool { return f.Entries[i].Key < f.Entries[j].Key })
	return f
}

// layout is the card layout of language l: a language in draft is
// printed nowhere yet, and measured in the English cards' boxes.
func (t *Texts) layout(l lang.Lang) Layout {
	if t.Layout == nil {
		return nil
	}
	if t.Draft(l) {
		l = lang.English
	}
	return t.Layout(l)
}

// describe is the comment naming what a text is: its kind (the content's
// collection), its entry's name and its field.
func describe(t lang.TextAt, names map[string]string) []string {
	if len(t.Path) < 2 {
		return []string{"Text " + t.Key() + "."}
	}
	s := fmt.Sprintf("Kind: %s; entry: %s", t.Path[0], t.Path[1])
	if n, ok := names[t.Path[0]+"/"+t.Path[1]]; ok && !draftText(n) {
		s += fmt.Sprintf(" (%s)", n)
	}
	if len(t.Path) > 2 {
		s += "; field: " + strings.Join(t.Path[2:], "/")
	}
	return []string{s + "."}
}

// refPos is where the content writes the translation of t (its source
// when it has none), from ix, else where the game places it.
func refPos(ix *schema.TextIndex, texts *Texts, t lang.TextAt, src, tgt lang.Lang) diag.Pos {
	if ix != nil {
		for _, l := range []lang.Lang{tgt, src} {
			if sites := ix.Strings[t.Key()+"/"+string(l)]; len(sites) == 1 {
				return sites[0].Pos
			}
		}
	}
	return texts.Pos(t.Path, tgt, t.Pos)
}
