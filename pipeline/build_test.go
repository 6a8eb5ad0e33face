package pipeline

import (
	"context"
	"errors"
	"io/fs"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"wbtool.dev/wbtool/diag"
	"wbtool.dev/wbtool/internal/dist"
	"wbtool.dev/wbtool/pipeline/ruleset"
)

// toy is a game of this test's own, behind the seam: package pipeline runs
// it knowing nothing of it. Its content records what the pipeline gave
// it; an exporting toy makes exports.
type toy struct {
	name   string
	export bool
	tag    string // tells two rulesets of the game apart
}

func (t toy) Game() string { return t.name }

func (t toy) Load(fsys fs.FS, lo ruleset.LoadOptions) (ruleset.Content, error) {
	if _, err := fs.Stat(fsys, "broken.cue"); err == nil {
		return nil, diag.List{diag.Errorf(diag.Pos{File: lo.Root + "/broken.cue", Line: 1, Col: 1}, "", "broken")}
	}
	c := &toyContent{lo: lo, tag: t.tag}
	if t.export {
		return &exportingToy{c}, nil
	}
	return c, nil
}

type toyContent struct {
	lo  ruleset.LoadOptions
	tag string
}

func (c *toyContent) Summary() string     { return "a toy, " + c.tag }
func (c *toyContent) Warnings() diag.List { return nil }
func (c *toyContent) Checks(keep func(string) bool) ruleset.CheckReport {
	r := ruleset.CheckReport{}
	for _, id := range []string{"one", "two"} {
		if keep == nil || keep(id) {
			r.Passed++
		}
	}
	return r
}
func (c *toyContent) Layout() diag.List { return nil }
func (c *toyContent) Site(so ruleset.SiteOptions) (dist.Files, error) {
	if so.CheckOnly {
		return nil, nil
	}
	return dist.Files{"index.html": []byte(c.tag)}, nil
}
func (c *toyContent) Data() (dist.Files, error) { return dist.Files{"toy.json": []byte("{}")}, nil }
func (c *toyContent) Print(ruleset.PrintOptions) (dist.Files, error) {
	return dist.Files{"toy.pdf": []byte("%PDF")}, nil
}

type exportingToy struct{ *toyContent }

func (exportingToy) Export(context.Context, ruleset.ExportRequest) (ruleset.Exports, error) {
	return ruleset.Exports{
		Files:   dist.Files{"deck/a.json": []byte("a"), "png/b.png": []byte("b")},
		Replace: []string{ExportDir + "/png"},
		Linked:  []string{"deck"},
	}, nil
}

func init() {
	ruleset.Register(toy{name: "toy", tag: "registered"})
	ruleset.Register(toy{name: "toyexport", export: true, tag: "registered"})
}

func tree(game string, more ...string) fstest.MapFS {
	fsys := fstest.MapFS{"game.cue": {Data: []byte("game: \"" + game + "\"\n")}}
	for _, f := range more {
		fsys[f] = &fstest.MapFile{Data: []byte("x")}
	}
	return fsys
}

// TestSeam: Run reads the game a tree declares and runs its stages
// through the seam, with the rules configured for the build (Games) when
// the game is theirs, Rules as given without reading game.cue; the seam's
// options reach the game; what a game cannot do is refused, naming it.
func TestSeam(t *testing.T) {
	ctx := context.Background()
	run := func(o Options) *Result {
		t.Helper()
		r, err := Run(ctx, o)
		if err != nil {
			t.Fatal(err)
		}
		return r
	}

	r := run(Options{Content: tree("toy"), Root: "c", SetVersion: "v9", Draft: true, Stages: Verdict, CheckSite: true,
		CheckFilter: func(id string) bool { return id == "one" }})
	lo := r.Content.(*toyContent).lo
	if r.Game != "toy" || r.Summary() != "a toy, registered" || lo.Root != "c" || lo.SetVersion != "v9" || !lo.Draft || !lo.CheckOnly {
		t.Errorf("registered toy: game %q, %q, load options %+v", r.Game, r.Summary(), lo)
	}
	if p, f := r.CheckCounts(); p != 1 || f != 0 || len(r.Outputs) != 0 {
		t.Errorf("verdict: %d passed, %d failed, outputs %v", p, f, r.Outputs)
	}

	// the build's own rules for the game, and only for it
	own := []ruleset.Ruleset{toy{name: "toy", tag: "configured"}, toy{name: "other", tag: "wrong"}}
	if r := run(Options{Content: tree("toy"), Games: own}); r.Summary() != "a toy, configured" {
		t.Errorf("Games: %q", r.Summary())
	}
	// Rules: game.cue is not read (this one names no known game)
	if r := run(Options{Content: tree("nosuchgame"), Rules: toy{name: "toy", tag: "given"}}); r.Summary() != "a toy, given" || !r.OK(false) {
		t.Errorf("Rules: %q %v", r.Summary(), r.Diagnostics)
	}
	// an unknown game is a content error at its name
	if r := run(Options{Content: tree("nosuchgame")}); r.Content != nil || !strings.Contains(r.Diagnostics.Text(), `unknown game "nosuchgame"`) {
		t.Errorf("unknown game: %s", r.Diagnostics.Text())
	}
	// load problems are the result's, nothing is made
	if r := run(Options{Content: tree("toy", "broken.cue"), Root: "c"}); r.Content != nil || r.Diagnostics.Text() != "c/broken.cue:1:1: broken\n" || len(r.Outputs) != 0 {
		t.Errorf("broken: %q %v", r.Diagnostics.Text(), r.Outputs)
	}

	// a whole build: every output folder, the site holding a copy of the
	// sheets and of the linked exports, the replaced export folders
	r = run(Options{Content: tree("toyexport"), Exports: &ruleset.ExportRequest{}, SetVersion: "v1"})
	site := r.Outputs[SiteDir]
	if r.Outputs[DataDir]["toy.json"] == nil || r.Outputs[PrintDir]["toy.pdf"] == nil || site["print/toy.pdf"] == nil ||
		site["export/deck/a.json"] == nil || site["export/png/b.png"] != nil {
		t.Errorf("outputs: %v", r.Outputs)
	}
	var dirs []string
	for _, u := range r.Updates() {
		dirs = append(dirs, u.Dir)
		if u.Dir == ExportDir && (!u.Keep || !slices.Equal(u.Replace, []string{"png"})) {
			t.Errorf("export update: %+v", u)
		}
	}
	if !slices.Equal(dirs, []string{DataDir, PrintDir, SiteDir, ExportDir}) {
		t.Errorf("updates in %v", dirs)
	}

	// what the game cannot do: exports, an earlier version
	for _, tc := range []struct {
		opts Options
		want string
	}{
		{Options{Content: tree("toy"), Exports: &ruleset.ExportRequest{}}, "--export: the Toy game has no PNG or TTS exports yet (capability Exporter)"},
		{Options{Content: tree("toy"), Stages: ExportStages, Exports: &ruleset.ExportRequest{}}, "the Toy game has no PNG or TTS exports yet (capability Exporter)"},
		{Options{Content: tree("toy"), Stages: PrintStages, Sheets: &ruleset.SheetRequest{}}, "the Toy game has no card sheets per deck yet (capability Sheets)"},
		{Options{Content: tree("toy"), Since: "v1"}, "--since: the Toy game has no errata against an earlier version yet (capability Errata)"},
	} {
		_, err := Run(ctx, tc.opts)
		var me *ruleset.MissingError
		if !errors.As(err, &me) || err.Error() != tc.want {
			t.Errorf("%+v: %v, want the refusal %q (ruleset.Missing)", tc.opts, err, tc.want)
		}
	}
}

// TestLoaded: Options.Loaded is called once, when the load ends, before
// any other stage, whether or not the content loaded (the CLI puts its
// collector's pace back there).
func TestLoaded(t *testing.T) {
	for _, tc := range []struct {
		name string
		fsys fs.FS
		want string
	}{
		{"loads", tree("toy"), "loaded checks"},
		{"broken", tree("toy", "broken.cue"), "loaded"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var events []string
			_, err := Run(context.Background(), Options{Content: tc.fsys,
				Loaded:    func() { events = append(events, "loaded") },
				OnChecked: func(*Result) { events = append(events, "checks") }})
			if err != nil {
				t.Fatal(err)
			}
			if got := strings.Join(events, " "); got != tc.want {
				t.Errorf("events %q, want %q", got, tc.want)
			}
		})
	}
}
