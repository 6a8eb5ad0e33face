package wbsite

import (
	"fmt"
	"os"
	"sync"
	"testing"
	"wbtool.dev/wbtool/internal/testtool"
	"wbtool.dev/wbtool/schema/designref"

	"wbtool.dev/wbtool/changes"
	"wbtool.dev/wbtool/games/warbound/wbcatalog"
	"wbtool.dev/wbtool/games/warbound/wbschema"
	"wbtool.dev/wbtool/schema"
)

// Every Build of this package's tests is checked with Check too, and
// both must say the same (TestMain): the bad-input cases of every test
// here (hostile content, broken rules pages, unknown icons, the starter,
// the generated trees) are cases of the verdict's site check.
var checked struct {
	sync.Mutex
	mismatches []string
	builds     int
	templates  map[string]bool // executed by some Build
}

func TestMain(m *testing.M) {
	testtool.PaceGC()
	afterBuild = func(cat *wbcatalog.Catalog, opts Options, err error) {
		cerr := Check(cat, opts)
		checked.Lock()
		defer checked.Unlock()
		checked.builds++
		if got, want := errText(cerr), errText(err); got != want {
			checked.mismatches = append(checked.mismatches, fmt.Sprintf("Build: %s\nCheck: %s", want, got))
		}
	}
	executed = func(name string) {
		checked.Lock()
		defer checked.Unlock()
		if checked.templates == nil {
			checked.templates = map[string]bool{}
		}
		checked.templates[name] = true
	}
	code := m.Run()
	if err := starterUnchanged(); err != nil {
		fmt.Fprintf(os.Stderr, "FAIL: %v\n", err)
		code = 1
	}
	if len(checked.mismatches) > 0 {
		fmt.Fprintf(os.Stderr, "FAIL: %d of %d builds differ from their Check:\n", len(checked.mismatches), checked.builds)
		for _, d := range checked.mismatches {
			fmt.Fprintln(os.Stderr, d)
		}
		code = 1
	}
	os.Exit(code)
}

func errText(err error) string {
	if err == nil {
		return "<nil>"
	}
	return err.Error()
}

// TestCheckBuildsNothing: Check makes no file and says nothing of good
// content; of bad content it says what Build says.
func TestCheckBuildsNothing(t *testing.T) {
	if err := Check(starter(t), Options{}); err != nil {
		t.Fatalf("starter: %v", err)
	}
	rules := map[string]string{"rules/en/01-x.md": "---\ntitle: X\n---\nSee [[no-such-card]] and :no-such-icon:.\n",
		"rules/fr/01-x.md": "---\ntitle: X\n---\nTexte.\n"}
	_, berr := Build(fixture(nil, rules), Options{})
	cerr := Check(fixture(nil, rules), Options{})
	if berr == nil || errText(cerr) != errText(berr) {
		t.Fatalf("Check: %v\nBuild: %v", cerr, berr)
	}
}

// TestEveryTemplateExecuted: Check executes no template, so a template
// that fails on some content would fail only the build. Every template
// is executed here at least once — the starter with errata and a base
// address, and the fixture — and succeeds.
func TestEveryTemplateExecuted(t *testing.T) {
	was := starter(t)
	now := ownStarter(t)
	now.Set.Version = "v0.2"
	now.Skills[0].Text.EN += " Changed."
	now.Characters = now.Characters[1:]
	// Warbound's comparison (games/warbound, which imports this
	// package): the Characters are cards
	spec := changes.Spec{Cards: []string{"characters"}}
	a, err := changes.Collect(was, spec)
	if err != nil {
		t.Fatal(err)
	}
	b, err := changes.Collect(now, spec)
	if err != nil {
		t.Fatal(err)
	}
	rep := changes.Compare(a, b)
	e := &changes.Errata{From: "v0.1", To: "v0.2", Changes: rep.Changes, Reprint: map[wbcatalog.Lang][]string{wbcatalog.English: {now.Characters[0].ID}}}
	pdf := func(l wbcatalog.Lang) string { return "print/x-" + string(l) + ".pdf" }
	ref := &designref.Reference{Game: "Warbound", Package: "warbound", Kinds: []*designref.Def{{Name: "character", Title: "#Character",
		Collection: "characters", Keyed: true, Fields: []designref.Field{{Path: "speed", Presence: "required", Type: "whole number", Range: "1 to 8", Example: "3"}}}}}
	if _, err := Build(now, Options{BaseURL: "https://warbound.example/", Errata: e, ReprintPDF: pdf, CardsPDF: pdf, Reference: ref,
		DeckPDF: func(id string, l wbcatalog.Lang) string { return "print/" + id + ".pdf" }}); err != nil {
		t.Fatal(err)
	}
	buildFixture(t)
	tmpl, err := templates()
	if err != nil {
		t.Fatal(err)
	}
	checked.Lock()
	defer checked.Unlock()
	for name := range tmpl {
		if !checked.templates[name] {
			t.Errorf("template %s was never executed", name)
		}
	}
}

// TestCheckOnScripts: the content of every CLI testscript (the frozen
// base content overlaid where the script asks for it), in draft mode and
// not, builds the site and checks it the same (TestMain compares).
func TestCheckOnScripts(t *testing.T) {
	if testing.Short() {
		t.Skip("loads the content of every CLI script")
	}
	// One load cache per mode (watch's path; wbschema's tests prove a
	// cached load the same as a cold one): a load evaluates what its
	// script changed.
	caches := map[bool]*schema.Cache{false: schema.NewCache(), true: schema.NewCache()}
	built, refused := 0, 0
	for _, sc := range testtool.ScriptContents(t, "../../../cmd/wbtool/testdata/script", "../../../cmd/wbtool/testdata/base") {
		for _, draft := range []bool{false, true} {
			cat, err := wbschema.Load(sc.Files, wbschema.Options{Root: sc.Dir, Draft: draft, Cache: caches[draft]})
			if err != nil {
				continue // the loader refuses it: the site never sees it
			}
			if _, err := Build(cat, Options{CardImages: stubImages}); err != nil {
				refused++
			}
			built++
		}
	}
	if built == 0 || refused == 0 {
		t.Errorf("%d scripts' content loads, %d refused by the site: some of both expected", built, refused)
	}
	t.Logf("%d sites built and checked, %d of them refused", built, refused)
}
