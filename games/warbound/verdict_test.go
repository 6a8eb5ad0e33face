package warbound

import (
	"bytes"
	"context"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"regexp"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"
	"testing/fstest"
	"wbtool.dev/wbtool/pipeline"
	"wbtool.dev/wbtool/schema"

	"wbtool.dev/wbtool/content"
)

// starterFS copies the embedded starter content into a map file system
// that mutations can change.
func starterFS(t testing.TB) fstest.MapFS {
	t.Helper()
	out := fstest.MapFS{}
	err := fs.WalkDir(content.FS, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := fs.ReadFile(content.FS, p)
		out[p] = &fstest.MapFile{Data: b}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// mutations change one content file the way designers' edits go wrong (or
// right): each returns the new text, or "" when it does not apply.
var mutations = []struct {
	name string
	f    func(src string, rng *rand.Rand) string
}{
	{"typo in an icon", func(s string, rng *rand.Rand) string { return replaceNth(s, ":shoot:", ":shot:", rng) }},
	{"unknown faction order icon", func(s string, rng *rand.Rand) string { return replaceNth(s, ":order:", ":order-pirates:", rng) }},
	{"unclosed strong", func(s string, rng *rand.Rand) string { return replaceNth(s, "**", "*", rng) }},
	{"natural result off the die", func(s string, rng *rand.Rand) string { return replaceNth(s, "[10]", "[11]", rng) }},
	{"a very long text", func(s string, rng *rand.Rand) string {
		return replaceNth(s, `en: "`, `en: "`+strings.Repeat("Move again and fight an enemy next to it. ", 30), rng)
	}},
	{"a long name", func(s string, rng *rand.Rand) string {
		return replaceNth(s, `name: {en: "`, `name: {en: "`+strings.Repeat("Extraordinarily ", 6), rng)
	}},
	{"a stat out of range", func(s string, rng *rand.Rand) string { return replaceNth(s, "speed: ", "speed: 1", rng) }},
	{"an unknown skill", func(s string, rng *rand.Rand) string { return replaceNth(s, `skills: ["`, `skills: ["no-such-`, rng) }},
	{"an unknown card in a deck", func(s string, rng *rand.Rand) string { return replaceNth(s, `cards: ["`, `cards: ["no-such-`, rng) }},
	{"a removed line", func(s string, rng *rand.Rand) string {
		lines := strings.Split(s, "\n")
		if len(lines) < 3 {
			return ""
		}
		i := 1 + rng.IntN(len(lines)-1)
		return strings.Join(append(lines[:i:i], lines[i+1:]...), "\n")
	}},
	{"a French text emptied", func(s string, rng *rand.Rand) string {
		locs := frText.FindAllStringIndex(s, -1)
		if len(locs) == 0 {
			return ""
		}
		l := locs[rng.IntN(len(locs))]
		return s[:l[0]] + `fr: ""` + s[l[1]:]
	}},
	{"a harmless rewording", func(s string, rng *rand.Rand) string { return replaceNth(s, "Character", "fighter", rng) }},
}

var frText = regexp.MustCompile(`fr: "(?:[^"\\]|\\.)*"`)

// replaceNth replaces one occurrence of old, chosen at random.
func replaceNth(s, old, new string, rng *rand.Rand) string {
	n := strings.Count(s, old)
	if n == 0 {
		return ""
	}
	k := rng.IntN(n)
	i := 0
	for range k + 1 {
		j := strings.Index(s[i:], old)
		i += j + len(old)
	}
	i -= len(old)
	return s[:i] + new + s[i+len(old):]
}

// TestValidateMeansBuild is the property of issue 11: on mutations of the
// starter content, whenever the verdict stages (what `wbtool validate`
// runs) accept the content, the whole build succeeds too, with no error
// in any stage; and whenever they refuse it, the build refuses it with the
// same diagnostics. The mutants share one schema cache (watch's path: a
// load evaluates the edited file, not the tree; TestStarterBuilds loads
// cold, and wbschema's tests compare the cache with a cold load).
func TestValidateMeansBuild(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the starter content many times")
	}
	base := starterFS(t)
	// Most edits are to cards; some to scenarios, strings and check games.
	var cards, others []string
	for p := range base {
		switch {
		case strings.HasPrefix(p, "cards/") && strings.HasSuffix(p, ".cue"):
			cards = append(cards, p)
		case strings.HasSuffix(p, ".cue"):
			others = append(others, p)
		}
	}
	sort.Strings(cards)
	sort.Strings(others)
	rng := rand.New(rand.NewPCG(11, 13))
	const runs = 24
	accepted, refused := 0, 0
	cache := schema.NewCache()
	for i := 0; i < runs; {
		m := mutations[rng.IntN(len(mutations))]
		file := cards[rng.IntN(len(cards))]
		if rng.IntN(4) == 0 {
			file = others[rng.IntN(len(others))]
		}
		mutated := m.f(string(base[file].Data), rng)
		if mutated == "" {
			continue
		}
		i++
		fsys := fstest.MapFS{}
		for p, f := range base {
			fsys[p] = f
		}
		fsys[file] = &fstest.MapFile{Data: []byte(mutated)}
		t.Run(fmt.Sprintf("%d %s in %s", i, m.name, file), func(t *testing.T) {
			opts := pipeline.Options{Content: fsys, Root: "content", Version: "test", Cache: cache}
			verdict := opts
			verdict.Stages = pipeline.Verdict
			verdict.CheckSite = true // as validate runs it
			v, err := pipeline.Run(context.Background(), verdict)
			if err != nil {
				t.Fatal(err)
			}
			b, err := pipeline.Run(context.Background(), opts)
			if err != nil {
				t.Fatal(err)
			}
			if v.OK(false) {
				accepted++
				if !b.OK(false) {
					t.Fatalf("validate accepts, build refuses:\n%s", b.Diagnostics.Text())
				}
				if len(b.Outputs[pipeline.DataDir]) == 0 || len(b.Outputs[pipeline.PrintDir]) == 0 || len(b.Outputs[pipeline.SiteDir]) == 0 {
					t.Fatalf("validate accepts, build writes %d folders", len(b.Outputs))
				}
				return
			}
			refused++
			if b.OK(false) {
				t.Fatalf("validate refuses, build accepts:\n%s", v.Diagnostics.Text())
			}
			if got, want := b.Diagnostics.Errors().Text(), v.Diagnostics.Errors().Text(); got != want {
				t.Errorf("build and validate disagree:\nbuild:\n%s\nvalidate:\n%s", got, want)
			}
			if len(b.Outputs) != 0 {
				t.Errorf("refused content wrote %d folders", len(b.Outputs))
			}
		})
	}
	t.Logf("%d mutations: %d accepted, %d refused", runs, accepted, refused)
	if accepted == 0 || refused == 0 {
		t.Errorf("the mutations should include accepted and refused content (%d, %d)", accepted, refused)
	}
}

// The starter content builds whole, and the verdict diagnostics are empty.
func TestStarterBuilds(t *testing.T) {
	res, err := pipeline.Run(context.Background(), pipeline.Options{Content: starterFS(t), Root: "content", Version: "test"})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Diagnostics) > 0 {
		t.Fatalf("starter content:\n%s", res.Diagnostics.Text())
	}
	var stages []pipeline.Stage
	for _, tm := range res.Times {
		stages = append(stages, tm.Stage)
	}
	// every stage but the errata and the exports, which run only when
	// asked for (--since, --export)
	want := slices.DeleteFunc(slices.Clone(pipeline.Stages), func(s pipeline.Stage) bool { return s == pipeline.Errata || s == pipeline.Export })
	if fmt.Sprint(stages) != fmt.Sprint(want) {
		t.Errorf("stages run: %v, want %v", stages, want)
	}
	for _, p := range []string{pipeline.CatalogPath, pipeline.CardsSheet("en"), pipeline.CardsSheet("fr"), pipeline.SiteDir + "/index.html", pipeline.SiteDir + "/" + pipeline.CardsSheet("fr")} {
		dir, rel := pipeline.InDir(p)
		if res.Outputs[dir][rel] == nil {
			t.Errorf("no %s", p)
		}
	}
}

// TestEmitHandsTheOutputs: Options.Emit is handed the outputs as the
// stages make them (cmd/wbtool writes them meanwhile into the stage of a
// fresh output folder: dist.Prestage), with the bytes the build returns;
// only a few small files the site adds last are not handed. When Emit
// takes them, the site holds none of their bytes (nil: written as made,
// issue 35), and the bytes handed are those of a build that keeps them.
func TestEmitHandsTheOutputs(t *testing.T) {
	build := func(take bool) (*pipeline.Result, map[string][]byte) {
		var mu sync.Mutex
		emitted := map[string][]byte{}
		res, err := pipeline.Run(context.Background(), pipeline.Options{Content: starterFS(t), Root: "content", Version: "test",
			Emit: func(dir, rel string, data []byte) bool {
				mu.Lock()
				defer mu.Unlock()
				emitted[dir+"/"+rel] = data
				return take
			}})
		if err != nil || !res.OK(false) {
			t.Fatalf("%v %s", err, res.Diagnostics.Text())
		}
		return res, emitted
	}
	kept, emitted := build(false)
	total, missed := 0, 0
	for dir, files := range kept.Outputs {
		for rel, b := range files {
			total++
			got, ok := emitted[dir+"/"+rel]
			switch {
			case !ok:
				missed++
			case !bytes.Equal(got, b):
				t.Errorf("%s/%s: handed %d bytes, the build returns %d others", dir, rel, len(got), len(b))
			}
			delete(emitted, dir+"/"+rel)
		}
	}
	for p := range emitted {
		t.Errorf("%s handed, not an output", p)
	}
	if missed > total/20 {
		t.Errorf("%d of %d outputs were not handed", missed, total)
	}
	t.Logf("%d outputs, %d not handed", total, missed)

	taken, handed := build(true)
	dropped := 0
	for rel, b := range taken.Outputs[pipeline.SiteDir] {
		want, ok := kept.Outputs[pipeline.SiteDir][rel]
		got, wasHanded := handed[pipeline.SiteDir+"/"+rel]
		switch {
		case !ok:
			t.Errorf("site/%s: not in the build that keeps the bytes", rel)
		case b == nil && wasHanded:
			dropped++
			if !bytes.Equal(got, want) {
				t.Errorf("site/%s: taken with %d bytes, the build makes %d others", rel, len(got), len(want))
			}
		case !bytes.Equal(b, want):
			t.Errorf("site/%s: %d bytes kept, the build makes %d others", rel, len(b), len(want))
		}
	}
	if n := len(kept.Outputs[pipeline.SiteDir]); len(taken.Outputs[pipeline.SiteDir]) != n || dropped < n*3/4 {
		t.Errorf("site: %d of %d files held without their bytes (%d files)", dropped, n, len(taken.Outputs[pipeline.SiteDir]))
	}
}
