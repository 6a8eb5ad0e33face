package site

import (
	"crypto/sha256"
	"encoding/binary"
	"maps"
	"slices"
	"sync"

	"wbtool.dev/wbtool/diag"
	"wbtool.dev/wbtool/lang"
)

// The last rules pages rendered (RenderChapters), for watch and serve:
// a save that changes neither the pages nor any answer the game gave
// their rendering (a name [[id]] prints, an icon, a figure, a
// chapter's path) renders the same chapters, which are then not
// rendered again. The answers are recorded while rendering and asked
// again of the new build's functions: the same answers, the same
// chapters.

var chapterMemo struct {
	sync.Mutex
	entries [4]*chapterEntry
	next    int
}

// chapterEntry is one rendering: the digest of its pages and options,
// the game's answers it asked for, and what it made.
type chapterEntry struct {
	key     [32]byte
	lookups []lookup
	out     map[lang.Lang][]Chapter
	errs    diag.List
}

// lookup is one question asked of the game's functions and its answer,
// written as a string.
type lookup struct {
	ask    func(o RulesOptions) string
	answer string
}

// recorder wraps a build's functions, keeping every question and answer
// once.
type recorder struct {
	sync.Mutex
	seen    map[string]bool
	lookups []lookup
}

func (r *recorder) keep(q string, ask func(o RulesOptions) string, answer string) {
	r.Lock()
	defer r.Unlock()
	if !r.seen[q] {
		r.seen[q] = true
		r.lookups = append(r.lookups, lookup{ask, answer})
	}
}

// strs writes strings with their lengths (no two lists write the same).
func strs(ss ...string) string {
	var b []byte
	for _, s := range ss {
		b = binary.LittleEndian.AppendUint64(b, uint64(len(s)))
		b = append(b, s...)
	}
	return string(b)
}

func flag(b bool) string {
	if b {
		return "1"
	}
	return "0"
}

// asks are the questions RenderChapters asks of opts' functions, each
// as the function asking it of any options.
var (
	askPath = func(slug string) func(RulesOptions) string {
		return func(o RulesOptions) string { return o.Path(slug) }
	}
	askEntity = func(id string, l lang.Lang) func(RulesOptions) string {
		return func(o RulesOptions) string {
			name, page, ok := o.Entity(id, l)
			return strs(name, page, flag(ok))
		}
	}
	askIcon = func(name string, l lang.Lang) func(RulesOptions) string {
		return func(o RulesOptions) string {
			svg, ok := o.Icon(name, l)
			return strs(svg, flag(ok))
		}
	}
	askIconLabel = func(name string) func(RulesOptions) string {
		return func(o RulesOptions) string { return o.IconLabel(name) }
	}
	askFigure = func(kind, id string, l lang.Lang) func(RulesOptions) string {
		return func(o RulesOptions) string {
			src, alt, ok := o.Figure(kind, id, l)
			return strs(src, alt, flag(ok))
		}
	}
	askDraw = func(f lang.Figure, l lang.Lang) func(RulesOptions) string {
		return func(o RulesOptions) string {
			svg, alt, err := o.Draw(f, l)
			e := ""
			if err != nil {
				e = "error: " + err.Error()
			}
			return strs(string(svg), alt, e)
		}
	}
)

// recording is opts whose functions tell r what they were asked.
func (r *recorder) recording(opts RulesOptions) RulesOptions {
	rec := opts
	if opts.Path != nil {
		rec.Path = func(slug string) string {
			p := opts.Path(slug)
			r.keep(strs("path", slug), askPath(slug), p)
			return p
		}
	}
	if opts.Entity != nil {
		rec.Entity = func(id string, l lang.Lang) (string, string, bool) {
			name, page, ok := opts.Entity(id, l)
			r.keep(strs("entity", id, string(l)), askEntity(id, l), strs(name, page, flag(ok)))
			return name, page, ok
		}
	}
	if opts.Icon != nil {
		rec.Icon = func(name string, l lang.Lang) (string, bool) {
			svg, ok := opts.Icon(name, l)
			r.keep(strs("icon", name, string(l)), askIcon(name, l), strs(svg, flag(ok)))
			return svg, ok
		}
	}
	if opts.IconLabel != nil {
		rec.IconLabel = func(name string) string {
			s := opts.IconLabel(name)
			r.keep(strs("label", name), askIconLabel(name), s)
			return s
		}
	}
	if opts.Figure != nil {
		rec.Figure = func(kind, id string, l lang.Lang) (string, string, bool) {
			src, alt, ok := opts.Figure(kind, id, l)
			r.keep(strs("figure", kind, id, string(l)), askFigure(kind, id, l), strs(src, alt, flag(ok)))
			return src, alt, ok
		}
	}
	if opts.Draw != nil {
		rec.Draw = func(f lang.Figure, l lang.Lang) ([]byte, string, error) {
			svg, alt, err := opts.Draw(f, l)
			e := ""
			if err != nil {
				e = "error: " + err.Error()
			}
			f = lang.Figure{Kind: f.Kind, ID: f.ID, Args: slices.Clone(f.Args)}
			r.keep(strs("draw", f.String(), string(l)), askDraw(f, l), strs(string(svg), alt, e))
			return svg, alt, err
		}
	}
	return rec
}

// chapterKey digests the pages and the options that are not functions,
// and which functions are given.
func chapterKey(pages []lang.RulesPage, o RulesOptions) [32]byte {
	h := sha256.New()
	h.Write([]byte(strs(o.RulePrefix, o.Noun, flag(o.RequireAnchors), flag(o.Path != nil), flag(o.Entity != nil),
		flag(o.Icon != nil), flag(o.IconLabel != nil), flag(o.Figure != nil), flag(o.Draw != nil))))
	for _, p := range pages {
		h.Write([]byte(strs(string(p.Lang), p.Path, string(p.Source))))
	}
	var k [32]byte
	h.Sum(k[:0])
	return k
}

// rememberedChapters are the chapters of an earlier rendering of the
// same pages whose every answer opts gives again, copied (the caller
// may change its copy), or false.
func rememberedChapters(key [32]byte, opts RulesOptions) (map[lang.Lang][]Chapter, diag.List, bool) {
	chapterMemo.Lock()
	var cands []*chapterEntry
	for _, e := range chapterMemo.entries {
		if e != nil && e.key == key {
			cands = append(cands, e)
		}
	}
	chapterMemo.Unlock()
next:
	for _, e := range cands {
		for _, lk := range e.lookups {
			if lk.ask(opts) != lk.answer {
				continue next
			}
		}
		out := make(map[lang.Lang][]Chapter, len(e.out))
		for l, chs := range e.out {
			out[l] = slices.Clone(chs)
		}
		return out, slices.Clone(e.errs), true
	}
	return nil, nil, false
}

// rememberChapters keeps a rendering, forgetting the oldest.
func rememberChapters(e *chapterEntry) {
	e.out = maps.Clone(e.out)
	for l, chs := range e.out {
		e.out[l] = slices.Clone(chs)
	}
	e.errs = slices.Clone(e.errs)
	chapterMemo.Lock()
	defer chapterMemo.Unlock()
	chapterMemo.entries[chapterMemo.next] = e
	chapterMemo.next = (chapterMemo.next + 1) % len(chapterMemo.entries)
}
