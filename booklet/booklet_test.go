package booklet

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"wbtool.dev/wbtool/diag"
	"wbtool.dev/wbtool/internal/golden"
	"wbtool.dev/wbtool/internal/testtool"
	"wbtool.dev/wbtool/lang"
	"wbtool.dev/wbtool/pipeline/ruleset"
	"wbtool.dev/wbtool/render"
)

// TestImposeSixteenPages: a 16-page signature folds to sheets holding
// 16|1 and 2|15, 14|3 and 4|13, … (1-based), each page once.
func TestImposeSixteenPages(t *testing.T) {
	want := [][2]int{{16, 1}, {2, 15}, {14, 3}, {4, 13}, {12, 5}, {6, 11}, {10, 7}, {8, 9}}
	got := Impose(16, 0)
	if len(got) != len(want) {
		t.Fatalf("%d sides, want %d", len(got), len(want))
	}
	seen := map[int]bool{}
	for i, s := range got {
		if s.Left+1 != want[i][0] || s.Right+1 != want[i][1] {
			t.Errorf("side %d: %d|%d, want %d|%d", i+1, s.Left+1, s.Right+1, want[i][0], want[i][1])
		}
		seen[s.Left], seen[s.Right] = true, true
	}
	if len(seen) != 16 {
		t.Errorf("%d pages placed, want 16", len(seen))
	}
}

// TestImposeSignaturesAndBlanks: pages padded to whole sheets with
// blanks at the end; signatures of 8 are each folded alone.
func TestImposeSignaturesAndBlanks(t *testing.T) {
	tests := []struct {
		n, sig int
		want   []Side
	}{
		{6, 0, []Side{{-1, 0}, {1, -1}, {5, 2}, {3, 4}}},
		{16, 8, []Side{{7, 0}, {1, 6}, {5, 2}, {3, 4}, {15, 8}, {9, 14}, {13, 10}, {11, 12}}},
		{0, 0, nil},
	}
	for _, tt := range tests {
		if got := Impose(tt.n, tt.sig); !slices.Equal(got, tt.want) {
			t.Errorf("Impose(%d, %d) = %v, want %v", tt.n, tt.sig, got, tt.want)
		}
	}
}

// fixture is a small game's rules: three chapters long enough for
// several pages, rule anchors by heading and by paragraph, references
// forward and back, a table, lists, a quotation and glossary terms.
func fixture() ruleset.RulebookSource {
	filler := func(n int, word string) string {
		var b strings.Builder
		for i := range n {
			fmt.Fprintf(&b, "Every %s of the table is moved with care, turn after turn, %d times. ", word, i+1)
		}
		return b.String()
	}
	pages := func(l lang.Lang, title [3]string, see string) []lang.RulesPage {
		return []lang.RulesPage{
			{Lang: l, Path: "rules/" + string(l) + "/01-basics.md", Source: []byte("---\ntitle: " + title[0] + "\n---\n" +
				"## Dice {#T-DICE-1}\n\nRoll a die. " + filler(30, "token") + "\n\n" +
				"**T-DICE-2** A natural [6] always hits; " + see + " [the shot](03-shooting.md#T-SHOOT-2).\n\n" +
				"- first point, " + filler(3, "marker") + "\n- second point\n\n" +
				"> A quotation " + filler(4, "figure") + "\n\n" +
				"| Roll | Result |\n|---|---|\n| 1 | miss |\n| 6 | hit (T-SHOOT-1) now |\n")},
			{Lang: l, Path: "rules/" + string(l) + "/02-moving.md", Source: []byte("---\ntitle: " + title[1] + "\n---\n" +
				"## Moving {#T-MOVE-1}\n\n" + filler(60, "figure") + "\n\n" +
				"### Running {#T-MOVE-2}\n\nA runner moves twice (T-DICE-1). " + filler(40, "runner") + "\n")},
			{Lang: l, Path: "rules/" + string(l) + "/03-shooting.md", Source: []byte("---\ntitle: " + title[2] + "\n---\n" +
				"## Targets {#T-SHOOT-1}\n\n" + filler(20, "shooter") + " See T-MOVE-2 for runners.\n\n" +
				"## The shot {#T-SHOOT-2}\n\n1. roll\n2. compare with T-DICE-2 again\n3. hit\n")},
		}
	}
	src := ruleset.RulebookSource{Game: "Testgame", Version: "1.0", RulePrefix: "T", RequireAnchors: true,
		Glossary: []lang.Term{
			{ID: "figure", Term: lang.Text{EN: "Figure", FR: "Figurine"}, Definition: lang.Text{EN: "A piece on the table.", FR: "Une pièce sur la table."}},
			{ID: "token", Term: lang.Text{EN: "Token", FR: "Jeton"}, Definition: lang.Text{EN: "A *marker* of cardboard.", FR: "Un *marqueur* en carton."}},
		},
		Aids: []ruleset.Aid{{ID: "sequence", Title: lang.Text{EN: "Turn sequence", FR: "Déroulement du tour"}, Entries: []ruleset.AidEntry{
			{Name: lang.Text{EN: "Move", FR: "Bouger"}, Text: lang.Text{EN: "Move every figure.", FR: "Bougez chaque figurine : une fois."}, Rule: "T-MOVE-1"},
			{Name: lang.Text{EN: "Shoot", FR: "Tirer"}, Text: lang.Text{EN: "Shoot once.", FR: "Tirez « une » fois !"}, Rule: "T-SHOOT-1"},
		}}},
	}
	src.Pages = append(pages(lang.English, [3]string{"Basics", "Moving", "Shooting"}, "see"),
		pages(lang.French, [3]string{"Bases", "Mouvement", "Tir"}, "voir")...)
	return src
}

func buildBook(t *testing.T, src ruleset.RulebookSource) *Result {
	t.Helper()
	res, err := Build(src, Options{Tool: "test"})
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// pdfText is the text of pages from..to (0: every page) of a PDF.
func pdfText(t *testing.T, pdf []byte, from, to int) string {
	t.Helper()
	bin := testtool.Require(t, "pdftotext")
	f := filepath.Join(t.TempDir(), "b.pdf")
	if err := os.WriteFile(f, pdf, 0o644); err != nil {
		t.Fatal(err)
	}
	args := []string{"-layout"}
	if from > 0 {
		args = append(args, "-f", fmt.Sprint(from), "-l", fmt.Sprint(to))
	}
	out, err := exec.Command(bin, append(args, f, "-")...).Output()
	if err != nil {
		t.Fatalf("pdftotext: %v", err)
	}
	return string(out)
}

// TestRuleNumbersInOrder: the reading copy's text holds every rule
// number its pages anchor, in the order the pages give them, in both
// languages; and the book is several pages long.
func TestRuleNumbersInOrder(t *testing.T) {
	res := buildBook(t, fixture())
	if len(res.Problems) > 0 {
		t.Fatalf("problems: %v", res.Problems)
	}
	for _, l := range lang.Langs {
		var bk Book
		for _, b := range res.Books {
			if b.Lang == l && b.Format == "a4" {
				bk = b
			}
		}
		if bk.Pages < 5 {
			t.Errorf("%s: %d pages; the fixture should take more", l, bk.Pages)
		}
		want := []string{"T-DICE-1", "T-DICE-2", "T-MOVE-1", "T-MOVE-2", "T-SHOOT-1", "T-SHOOT-2"}
		if !slices.Equal(bk.Rules, want) {
			t.Errorf("%s: rules %v, want %v", l, bk.Rules, want)
		}
		// the body starts after the contents, which list the rules too
		text := pdfText(t, res.Files[DefaultName(l, "a4")], bk.Anchors["basics#"], bk.Pages)
		at := 0
		for _, id := range want {
			// the anchor: the rule's heading or paragraph on its page
			i := strings.Index(text[at:], id)
			if i < 0 {
				t.Errorf("%s: rule %s not found after offset %d", l, id, at)
				continue
			}
			at += i + len(id)
		}
	}
}

// TestCrossReferencesResolve: every "(see T-…, p. N)" and "T-… (p. N)"
// printed names the page its rule is on, and that page holds the rule.
func TestCrossReferencesResolve(t *testing.T) {
	res := buildBook(t, fixture())
	for _, f := range []string{"a4", "a5"} {
		for _, l := range lang.Langs {
			var bk Book
			for _, b := range res.Books {
				if b.Lang == l && b.Format == f {
					bk = b
				}
			}
			pdf := res.Files[DefaultName(l, "a4")]
			if f == "a5" {
				continue // imposed: the text of a sheet is two pages
			}
			text := pdfText(t, pdf, 0, 0)
			refs := regexp.MustCompile(`(T-[A-Z]+-[0-9]+)(?:, | \()p\.\s([0-9]+)`).FindAllStringSubmatch(text, -1)
			if len(refs) < 4 {
				t.Fatalf("%s %s: %d references found in\n%s", l, f, len(refs), text)
			}
			for _, m := range refs {
				id, page := m[1], m[2]
				if fmt.Sprint(bk.Anchors[id]) != page {
					t.Errorf("%s %s: %s printed on p. %s, anchored on p. %d", l, f, id, page, bk.Anchors[id])
				}
				var n int
				fmt.Sscan(page, &n)
				if !strings.Contains(pdfText(t, pdf, n, n), id) {
					t.Errorf("%s: page %s does not hold %s", l, page, id)
				}
			}
		}
	}
}

// TestPDFsAreValidAndDeterministic: qpdf finds no problem, and two
// builds are the same bytes.
func TestPDFsAreValidAndDeterministic(t *testing.T) {
	a := buildBook(t, fixture())
	b, err := build(fixture(), Options{Tool: "test"}) // not the memo's
	if err != nil {
		t.Fatal(err)
	}
	if len(a.Files) != 4 {
		t.Fatalf("%d files, want 4", len(a.Files))
	}
	qpdf := testtool.Require(t, "qpdf")
	pdffonts := testtool.Require(t, "pdffonts")
	for name, pdf := range a.Files {
		if !bytes.Equal(pdf, b.Files[name]) {
			t.Errorf("%s differs between two builds", name)
		}
		f := filepath.Join(t.TempDir(), name)
		if err := os.WriteFile(f, pdf, 0o644); err != nil {
			t.Fatal(err)
		}
		if out, err := exec.Command(qpdf, "--check", f).CombinedOutput(); err != nil {
			t.Errorf("qpdf --check %s: %v\n%s", name, err, out)
		}
		// every font embedded (a subset), every page trimmed
		fonts, err := exec.Command(pdffonts, f).Output()
		if err != nil {
			t.Fatalf("pdffonts: %v", err)
		}
		for _, line := range strings.Split(strings.TrimSpace(string(fonts)), "\n")[2:] {
			if fs := strings.Fields(line); len(fs) < 5 || fs[len(fs)-5] != "yes" {
				t.Errorf("%s: a font is not embedded: %s", name, line)
			}
		}
		if !bytes.Contains(pdf, []byte("/TrimBox [")) {
			t.Errorf("%s: no TrimBox", name)
		}
	}
}

// TestBrokenReferencesAtTheirLine: a reference to a rule no page
// anchors is a warning at its Markdown line when the game does not
// require anchors (the site reports it as an error otherwise), and a
// player aid naming an unknown rule is an error.
func TestBrokenReferencesAtTheirLine(t *testing.T) {
	src := fixture()
	src.RequireAnchors = false
	src.Pages = slices.Clone(src.Pages)
	src.Pages[1].Source = bytes.Replace(src.Pages[1].Source, []byte("twice (T-DICE-1)"), []byte("twice (T-DICE-9)"), 1)
	src.Aids = []ruleset.Aid{{ID: "seq", Entries: []ruleset.AidEntry{{Name: lang.Text{EN: "x", FR: "x"}, Rule: "T-NONE-1", Pos: diag.Pos{File: "aids.cue", Line: 3, Col: 2}}}}}
	res := buildBook(t, src)
	var got []string
	for _, d := range res.Problems {
		got = append(got, d.String())
	}
	want := []string{
		"rules/en/02-moving.md:10:23: warning: cross-reference to rule T-DICE-9: no rules page of this language (en) anchors it, so the rulebook prints it without a page number (a heading \"## Title {#T-DICE-9}\" or a paragraph starting with **T-DICE-9** gives it one)",
		"aids.cue:3:2: player aid \"seq\" names rule T-NONE-1, which no rules page (en) anchors",
		"aids.cue:3:2: player aid \"seq\" names rule T-NONE-1, which no rules page (fr) anchors",
	}
	if !slices.Equal(got, want) {
		t.Errorf("problems:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestNoWidowNoOrphan: a paragraph of n lines is cut only where at
// least two lines stay on each side.
func TestNoWidowNoOrphan(t *testing.T) {
	b := newBook(fixture(), lang.English, nil, regexp.MustCompile(`^T-[A-Z]+-[0-9]+$`).MatchString)
	p := &pass{b: b, g: formatA5, prev: map[string]int{}}
	for _, n := range []int{1, 2, 3, 4, 5, 9} {
		text := strings.TrimSpace(strings.Repeat("word ", 20*n))
		us := p.para([]inl{{text: text}}, render.Regular, 1, render.ColInk, 0, "", diag.Pos{})
		lines := 0
		var sizes []int
		for _, u := range us {
			k := int(u.h/(p.g.em()*1.2) + 0.5)
			sizes = append(sizes, k)
			lines += k
		}
		if lines < 2 && n > 1 {
			t.Fatalf("n=%d: %d lines", n, lines)
		}
		if lines <= 3 && len(us) != 1 {
			t.Errorf("%d lines cut into %v", lines, sizes)
		}
		if lines > 3 && (sizes[0] < 2 || sizes[len(sizes)-1] < 2) {
			t.Errorf("%d lines cut into %v: a line alone at a page's foot or head", lines, sizes)
		}
	}
}

// TestGoldenPages: a few pages of each language rendered by pdftoppm,
// compared with their golden image with a tolerance (anti-aliasing and
// poppler versions move a few grey levels): the cover, the contents, a
// body page, the booklet's first sheet.
func TestGoldenPages(t *testing.T) {
	bin := testtool.Require(t, "pdftoppm")
	res := buildBook(t, fixture())
	for _, c := range []struct {
		file string
		page int
	}{{DefaultName(lang.English, "a4"), 1}, {DefaultName(lang.English, "a4"), 2}, {DefaultName(lang.French, "a4"), 4}, {DefaultName(lang.French, "a5"), 1}} {
		dir := t.TempDir()
		f := filepath.Join(dir, "b.pdf")
		if err := os.WriteFile(f, res.Files[c.file], 0o644); err != nil {
			t.Fatal(err)
		}
		p := fmt.Sprint(c.page)
		out := filepath.Join(dir, "page")
		if err := exec.Command(bin, "-gray", "-r", "36", "-f", p, "-l", p, "-singlefile", f, out).Run(); err != nil {
			t.Fatalf("pdftoppm: %v", err)
		}
		got, err := os.ReadFile(out + ".pgm")
		if err != nil {
			t.Fatal(err)
		}
		name := filepath.Join("testdata", strings.TrimSuffix(c.file, ".pdf")+"-p"+p+".pgm")
		if golden.Update() {
			golden.Check(t, name, got)
			continue
		}
		want, err := os.ReadFile(name)
		if err != nil {
			t.Fatalf("%v (WBTOOL_UPDATE=1 writes it)", err)
		}
		if d := pgmDiff(got, want); d != 0 {
			t.Errorf("%s page %s: %d blocks of 8 × 8 pixels differ from %s by more than 16 grey levels on average (-1: another size; WBTOOL_UPDATE=1 accepts it)", c.file, p, d, name)
		}
	}
}

// pgmDiff counts the 8 × 8 pixel blocks of two binary PGM images whose
// mean difference is more than 16 grey levels (-1 when their sizes
// differ): anti-aliasing and poppler versions move a few levels here and
// there, a moved or changed text moves a block.
func pgmDiff(a, b []byte) int {
	ha, pa := pgmPixels(a)
	hb, pb := pgmPixels(b)
	if ha != hb || len(pa) != len(pb) || len(pa) == 0 {
		return -1
	}
	var w, h int
	if f := strings.Fields(ha); len(f) == 4 {
		fmt.Sscan(f[1], &w)
		fmt.Sscan(f[2], &h)
	}
	if w*h != len(pa) {
		return -1
	}
	n := 0
	for by := 0; by < h; by += 8 {
		for bx := 0; bx < w; bx += 8 {
			sum, px := 0, 0
			for y := by; y < min(by+8, h); y++ {
				for x := bx; x < min(bx+8, w); x++ {
					d := int(pa[y*w+x]) - int(pb[y*w+x])
					sum += max(d, -d)
					px++
				}
			}
			if sum > 16*px {
				n++
			}
		}
	}
	return n
}

// pgmPixels splits a binary PGM (P5) into its header and its pixels.
func pgmPixels(b []byte) (string, []byte) {
	fields := 0
	for i := 0; i < len(b); i++ {
		if b[i] == ' ' || b[i] == '\n' || b[i] == '\t' || b[i] == '\r' {
			if i > 0 && b[i-1] != ' ' && b[i-1] != '\n' {
				fields++
			}
			if fields == 4 {
				return string(b[:i]), b[i+1:]
			}
		}
	}
	return "", nil
}

// TestMemo: the same sources give the rulebooks made before; a change
// of a page, or of a name a page prints, makes them again.
func TestMemo(t *testing.T) {
	src := fixture()
	src.Pages = slices.Clone(src.Pages)
	src.Pages[0].Source = append([]byte(nil), src.Pages[0].Source...)
	src.Pages[0].Source = append(src.Pages[0].Source, "\nSee [[scout]].\n"...)
	name := "Scout"
	src.Entity = func(id string, l lang.Lang) (string, bool) { return name, id == "scout" }
	a, b := buildBook(t, src), buildBook(t, src)
	if a != b {
		t.Error("the same sources laid out twice")
	}
	name = "Ranger"
	c := buildBook(t, src)
	if c == a || bytes.Equal(c.Files[DefaultName(lang.English, "a4")], a.Files[DefaultName(lang.English, "a4")]) {
		t.Error("a renamed card kept the old rulebook")
	}
	src.Pages[1].Source = append(append([]byte(nil), src.Pages[1].Source...), "\nMore.\n"...)
	if d := buildBook(t, src); d == c {
		t.Error("an edited page kept the old rulebook")
	}
}

// TestOverflowAtItsLine: a block taller than a page (a table row of a
// thousand words) is an error at its Markdown line, once per format.
func TestOverflowAtItsLine(t *testing.T) {
	src := fixture()
	src.Pages = slices.Clone(src.Pages)
	src.Pages[2].Source = append(append([]byte(nil), src.Pages[2].Source...), "\n| Long | Row |\n|---|---|\n| a | "+strings.Repeat("word ", 3000)+"|\n"...)
	res := buildBook(t, src)
	var got []string
	for _, d := range res.Problems {
		got = append(got, d.String())
	}
	want := []string{
		"rules/en/03-shooting.md:16:3: this block is 670 mm high, taller than the text of an A4 page (251 mm): split it",
		"rules/en/03-shooting.md:16:3: this block is 688 mm high, taller than the text of an A5 page (175 mm): split it",
	}
	if !slices.Equal(got, want) {
		t.Errorf("problems:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestLetter: on letter, a letter reading copy and a half-letter
// booklet imposed on letter sheets (PDF points: 612 × 792, 792 × 612).
func TestLetter(t *testing.T) {
	res, err := Build(fixture(), Options{Tool: "test", Paper: "letter", Langs: []lang.Lang{lang.French}})
	if err != nil {
		t.Fatal(err)
	}
	for name, box := range map[string]string{"rules-fr-letter.pdf": "/MediaBox [0 0 612.00 792.00]", "rules-fr-half-letter-booklet.pdf": "/MediaBox [0 0 792.00 612.00]"} {
		pdf, ok := res.Files[name]
		if !ok {
			t.Fatalf("no %s among %d files", name, len(res.Files))
		}
		if !bytes.Contains(pdf, []byte(box)) {
			t.Errorf("%s: no page of %s", name, box)
		}
	}
}

// TestDrawnFigures: the figures a game draws (Draw) are laid out after
// their paragraph, a paragraph's drawings in one row, as vector art: the
// drawings' own text is the PDF's, on the page of the words that show
// them; the page matches its golden image.
func TestDrawnFigures(t *testing.T) {
	bin := testtool.Require(t, "pdftoppm")
	src := fixture()
	src.Pages = append(src.Pages, lang.RulesPage{Lang: lang.English, Path: "rules/en/04-figures.md", Source: []byte("---\ntitle: Figures\n---\n" +
		"## Seen {#T-SEEN-1}\n\nTwo dice against 4+ and a token:\n\n[[dice:d6 2 5 4+]] [[token:wound]]\n\nA wide map, scaled to the column:\n\n[[map:field]]\n")})
	calls := 0
	src.Draw = func(f lang.Figure, l lang.Lang) (*render.Drawing, error) {
		calls++
		switch f.Kind {
		case "dice":
			return render.DiceDrawing(render.Die{Name: f.ID, Sides: 6, Max: 6, Pips: true, Colour: render.ColInk}, "Dice", string(l), f.Args)
		case "token":
			return &render.Drawing{W: 16, H: 16, Title: "Wound", Items: []render.Item{render.Circle{X: 8, Y: 8, R: 8, Paint: render.Fill(render.ColHealth)},
				render.PlaceText("WOUNDTOKEN", "en", render.Bold, render.ColWhite, 8, 9, 14, 6, 3, 'c')}}, nil
		}
		return &render.Drawing{W: 400, H: 100, Title: "Field", Items: []render.Item{render.Rect{W: 400, H: 100, Paint: render.Stroke(render.ColInk, 1)},
			render.PlaceText("FIELDMAP", "en", render.Bold, render.ColInk, 200, 50, 0, 40, 40, 'c')}}, nil
	}
	res := buildBook(t, src)
	if calls == 0 {
		t.Fatal("the booklet never asked the game to draw its figures")
	}
	pdf := res.Files[DefaultName(lang.English, "a4")]
	text := pdfText(t, pdf, 0, 0)
	page := 0
	for i, p := range strings.Split(text, "\f") {
		if strings.Contains(p, "Two dice against 4+") {
			page = i + 1
			for _, want := range []string{"4+", "WOUNDTOKEN", "FIELDMAP"} {
				if !strings.Contains(p, want) {
					t.Errorf("page %d lacks the drawings' text %q:\n%s", page, want, p)
				}
			}
		}
	}
	if page == 0 {
		t.Fatalf("no page shows the figures' words:\n%s", text)
	}
	dir := t.TempDir()
	f := filepath.Join(dir, "b.pdf")
	if err := os.WriteFile(f, pdf, 0o644); err != nil {
		t.Fatal(err)
	}
	p := fmt.Sprint(page)
	if err := exec.Command(bin, "-gray", "-r", "36", "-f", p, "-l", p, "-singlefile", f, filepath.Join(dir, "page")).Run(); err != nil {
		t.Fatalf("pdftoppm: %v", err)
	}
	got, err := os.ReadFile(filepath.Join(dir, "page.pgm"))
	if err != nil {
		t.Fatal(err)
	}
	name := filepath.Join("testdata", "rules-en-figures.pgm")
	if golden.Update() {
		golden.Check(t, name, got)
		return
	}
	want, err := os.ReadFile(name)
	if err != nil {
		t.Fatalf("%v (WBTOOL_UPDATE=1 writes it)", err)
	}
	if d := pgmDiff(got, want); d != 0 {
		t.Errorf("page %s: %d blocks of 8 × 8 pixels differ from %s (WBTOOL_UPDATE=1 accepts it)", p, d, name)
	}
}

// TestAidCards: each player aid on cards of the card sheets' size, a
// long one flowing onto several cards titled 1/n…, every entry's text
// and rule on them, with a back each; the sheets are a PDF with them.
func TestAidCards(t *testing.T) {
	src := fixture()
	long := ruleset.Aid{ID: "long", Title: lang.Text{EN: "Long aid", FR: "Longue aide"}}
	for i := range 30 {
		long.Entries = append(long.Entries, ruleset.AidEntry{Name: lang.Text{EN: fmt.Sprintf("Step%d", i+1), FR: "Étape"},
			Text: lang.Text{EN: "Do what the step says, then the next one, as the rules page tells.", FR: "Faites ce que dit l’étape."}, Rule: "T-MOVE-1"})
	}
	src.Aids = append(src.Aids, long)
	fronts, backs, err := AidCards(src, lang.English)
	if err != nil {
		t.Fatal(err)
	}
	if len(fronts) < 3 || len(fronts) != len(backs) {
		t.Fatalf("%d fronts and %d backs, want one card for the short aid and several for the long one, a back each", len(fronts), len(backs))
	}
	var all strings.Builder
	for _, f := range fronts {
		all.WriteString(f.Dump())
		for _, it := range f.Items {
			if tx, ok := it.(render.Text); ok && tx.Y > render.CardH {
				t.Errorf("%s: text below the card at %.1f mm: %q", f.Card, tx.Y, tx.S)
			}
		}
	}
	for _, want := range []string{"Turn sequence", "Long aid 1/", "Step1", "Step30", "T-MOVE-1"} {
		if !strings.Contains(all.String(), want) {
			t.Errorf("the aid cards lack %q", want)
		}
	}
	sheets, err := AidSheets(src, []lang.Lang{lang.English}, render.SheetOptions{Tool: "test"}, func(l lang.Lang) string { return "aids-" + string(l) + ".pdf" })
	if err != nil {
		t.Fatal(err)
	}
	if text := pdfText(t, sheets["aids-en.pdf"], 0, 0); !strings.Contains(text, "Step30") {
		t.Errorf("the aid sheets' text lacks Step30:\n%s", text)
	}
}
