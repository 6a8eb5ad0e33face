package booklet

import (
	"crypto/sha256"
	"encoding/binary"
	"hash"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"time"

	"wbtool.dev/wbtool/lang"
	"wbtool.dev/wbtool/pipeline/ruleset"
	"wbtool.dev/wbtool/render"
	"wbtool.dev/wbtool/site"
)

// The last rulebooks made, by what they are made of: watch and serve
// rebuild on every save, and a save that does not touch the rules pages,
// the glossary, the aids or a name the pages print gives the same
// books, which are then not laid out again.

var memo lastFew[*Result]

// aidMemo is the same for the player aids' card sheets (AidSheets).
var aidMemo lastFew[map[string][]byte]

// lastFew keeps the last memoSize values made, by the digest of what
// they are made of.
type lastFew[T any] struct {
	sync.Mutex
	keys [memoSize][32]byte
	vals [memoSize]T
	set  [memoSize]bool
	next int
}

const memoSize = 4

// memoRefs find what the pages print from outside them: [[id]] names
// and :icon: drawings.
var (
	memoEntity = regexp.MustCompile(`\[\[([a-z0-9]+(?:-[a-z0-9]+)*)\]\]`)
	memoIcon   = regexp.MustCompile(`:([a-z][a-z0-9]*(?:-[a-z0-9]+)*):`)
	memoFigure = regexp.MustCompile(`\[\[[a-z]+:[^\[\]\n]*\]\]`)
)

// memoKey digests everything a rulebook is made of: the sources, and
// what the source's functions answer for the names the pages use.
func memoKey(src ruleset.RulebookSource, o Options) [32]byte {
	h, str := keyHash()
	str(src.Game, src.Set.EN, src.Set.FR, src.Version, src.RulePrefix, src.Noun, o.Tool, o.Date.UTC().Format(time.RFC3339Nano))
	if src.RequireAnchors {
		str("anchors")
	}
	if src.Defined != nil {
		str("defined")
		str(src.Defined...)
	}
	if o.CheckOnly {
		str("check")
	}
	for _, l := range o.Langs {
		str("lang", string(l))
	}
	for _, l := range src.Langs {
		str("source lang", string(l))
	}
	str("paper", o.Paper)
	if o.Name != nil {
		for _, l := range lang.Langs {
			for _, f := range Formats(o.Paper) {
				str(o.Name(l, f))
			}
		}
	}
	for _, p := range src.Pages {
		str(string(p.Lang), p.Path, string(p.Source))
		for _, m := range memoEntity.FindAllStringSubmatch(string(p.Source), -1) {
			if src.Entity != nil {
				name, ok := src.Entity(m[1], p.Lang)
				str(m[1], name, boolStr(ok))
			}
		}
		for _, m := range memoFigure.FindAllString(string(p.Source), -1) {
			fig, err := site.ParseFigure(m)
			switch {
			case err != nil:
			case fig.Kind == "card" && src.Figure != nil:
				f, ok := src.Figure(fig.Kind, fig.ID, p.Lang)
				str(fig.Kind, fig.ID, boolStr(ok))
				if ok && f != nil {
					str(f.Dump())
				}
			case fig.Kind != "card" && src.Draw != nil:
				d, err := src.Draw(fig, p.Lang)
				str(fig.String(), boolStr(err == nil))
				if err == nil && d != nil {
					str(d.Dump())
				}
			}
		}
		for _, m := range memoIcon.FindAllStringSubmatch(string(p.Source), -1) {
			iconKey(src, m[1], str)
		}
	}
	for _, t := range src.Glossary {
		str("term", t.ID, t.Term.EN, t.Term.FR, t.Definition.EN, t.Definition.FR, t.Pos.String())
	}
	aidsKey(src, str)
	var k [32]byte
	h.Sum(k[:0])
	return k
}

// keyHash is a digest and the function writing strings to it, each
// with its length (no two lists of strings write the same bytes).
func keyHash() (hash.Hash, func(ss ...string)) {
	h := sha256.New()
	return h, func(ss ...string) {
		for _, s := range ss {
			var n [8]byte
			binary.LittleEndian.PutUint64(n[:], uint64(len(s)))
			h.Write(n[:])
			h.Write([]byte(s))
		}
	}
}

// aidsKey writes what the player aids are made of: their entries, and
// what the source's functions answer for the icons they draw.
func aidsKey(src ruleset.RulebookSource, str func(ss ...string)) {
	for _, a := range src.Aids {
		str("aid", a.ID, a.Title.EN, a.Title.FR)
		for _, e := range a.Entries {
			str(e.Name.EN, e.Name.FR, e.Text.EN, e.Text.FR, e.Rule, e.Pos.String())
			for _, l := range lang.Langs {
				for _, m := range memoIcon.FindAllStringSubmatch(e.Text.In(l), -1) {
					iconKey(src, m[1], str)
				}
			}
		}
	}
}

// iconKey writes what the source's functions answer for an :icon:.
func iconKey(src ruleset.RulebookSource, icon string, str func(ss ...string)) {
	if src.HasIcon != nil {
		str(icon, boolStr(src.HasIcon(icon)))
	}
	if src.IconLabel != nil {
		str(src.IconLabel(icon))
	}
	if f, ok := strings.CutPrefix(icon, "order-"); ok && src.FactionColour != nil {
		c, ok := src.FactionColour(f)
		str(c, boolStr(ok))
	}
}

// aidSheetsKey digests everything the aids' card sheets are made of.
func aidSheetsKey(src ruleset.RulebookSource, langs []lang.Lang, o render.SheetOptions, name func(l lang.Lang) string) [32]byte {
	h, str := keyHash()
	str(src.Game, string(o.Lang), o.Paper, strconv.FormatFloat(o.Bleed, 'g', -1, 64),
		strconv.FormatFloat(o.BackOffset.X, 'g', -1, 64), strconv.FormatFloat(o.BackOffset.Y, 'g', -1, 64),
		o.Version, o.Set, o.Game, o.Tool, o.Date.UTC().Format(time.RFC3339Nano), o.Title, boolStr(o.Uncompressed))
	for _, l := range langs {
		str("lang", string(l), name(l))
	}
	aidsKey(src, str)
	var k [32]byte
	h.Sum(k[:0])
	return k
}

func boolStr(b bool) string {
	if b {
		return "1"
	}
	return "0"
}

// get is the value made for key, if it is kept.
func (m *lastFew[T]) get(key [32]byte) (T, bool) {
	m.Lock()
	defer m.Unlock()
	for i, k := range m.keys {
		if k == key && m.set[i] {
			return m.vals[i], true
		}
	}
	var zero T
	return zero, false
}

// put keeps v for key, forgetting the oldest.
func (m *lastFew[T]) put(key [32]byte, v T) {
	m.Lock()
	defer m.Unlock()
	m.keys[m.next], m.vals[m.next], m.set[m.next] = key, v, true
	m.next = (m.next + 1) % memoSize
}
