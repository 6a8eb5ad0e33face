package main

import (
	"fmt"
	"math"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"wbtool.dev/wbtool/internal/testtool"
	"wbtool.dev/wbtool/pipeline/ruleset"
)

// TestBleedBoxes reads the sheets `print` writes with a PDF reader
// (pdfinfo -box) at 0, 1 and 3 mm of bleed on A4 and letter (issue 36
// item 6): on every page of cards the BleedBox is the TrimBox grown by
// the whole bleed on each of its four edges, inside the paper; the card
// sheets and a deck's sheets declare the same boxes on their pages of
// cards; a page printed whole (a deck's list) declares the whole page.
func TestBleedBoxes(t *testing.T) {
	if testing.Short() {
		t.Skip("prints the starter's sheets six times")
	}
	t.Parallel()
	pdfinfo := testtool.Require(t, "pdfinfo")
	out := t.TempDir()
	for _, paper := range []string{"a4", "letter"} {
		for _, bleed := range []float64{0, 1, 3} {
			name := fmt.Sprintf("%s %gmm", paper, bleed)
			dir := filepath.Join(out, fmt.Sprintf("%s-%g", paper, bleed))
			common := []string{"--paper", paper, "--bleed", fmt.Sprintf("%gmm", bleed), "--lang", "en", "--out", dir}
			for _, args := range [][]string{append([]string{"print"}, common...), append([]string{"print", "--deck", "raiders-strike"}, common...)} {
				if code, _, stderr := runIn(t, args...); code != 0 {
					t.Fatalf("wbtool %s exits %d:\n%s", strings.Join(args, " "), code, stderr)
				}
			}
			cards := pageBoxes(t, pdfinfo, filepath.Join(dir, "print", "cards-en.pdf"))
			deck := pageBoxes(t, pdfinfo, filepath.Join(dir, "print", "decks", "raiders-strike-en.pdf"))
			grid := func(p boxes) bool { return p["TrimBox"] != p["MediaBox"] }
			var gridBox boxes
			for _, doc := range []struct {
				name  string
				pages []boxes
			}{{"cards-en.pdf", cards}, {"decks/raiders-strike-en.pdf", deck}} {
				n := 0
				for i, p := range doc.pages {
					if !grid(p) {
						if bleed > 0 && doc.name == "cards-en.pdf" {
							t.Errorf("%s %s page %d: no card grid declared (TrimBox is the page)", name, doc.name, i+1)
						}
						if p["BleedBox"] != p["MediaBox"] {
							t.Errorf("%s %s page %d: a page printed whole with BleedBox %v", name, doc.name, i+1, p["BleedBox"])
						}
						continue
					}
					n++
					checkBleedBox(t, fmt.Sprintf("%s %s page %d", name, doc.name, i+1), p, bleed)
					if i%2 == 0 && doc.name == "cards-en.pdf" && gridBox == nil {
						gridBox = p
					}
				}
				if n == 0 && bleed > 0 {
					t.Errorf("%s %s: no page of cards", name, doc.name)
				}
			}
			// the deck's fronts lie where the card sheets' fronts lie
			for i, p := range deck {
				if grid(p) && gridBox != nil && i == firstGrid(deck, grid) && (p["TrimBox"] != gridBox["TrimBox"] || p["BleedBox"] != gridBox["BleedBox"]) {
					t.Errorf("%s: the deck's first sheet declares %v / %v, the card sheets %v / %v", name, p["TrimBox"], p["BleedBox"], gridBox["TrimBox"], gridBox["BleedBox"])
				}
			}
		}
	}
}

const ptPerMM = 72 / 25.4

// checkBleedBox: a page of cards' BleedBox is its TrimBox grown by the
// whole bleed on each of its four edges, inside the paper.
func checkBleedBox(t *testing.T, where string, p boxes, bleed float64) {
	t.Helper()
	tr, bl, media := p["TrimBox"], p["BleedBox"], p["MediaBox"]
	want := [4]float64{tr[0] - bleed*ptPerMM, tr[1] - bleed*ptPerMM, tr[2] + bleed*ptPerMM, tr[3] + bleed*ptPerMM}
	for k := range 4 {
		if math.Abs(bl[k]-want[k]) > 0.02 {
			t.Errorf("%s: BleedBox %v, want the TrimBox %v grown by %g mm on every edge %v", where, bl, tr, bleed, want)
			break
		}
	}
	if bl[0] < media[0] || bl[1] < media[1] || bl[2] > media[2] || bl[3] > media[3] {
		t.Errorf("%s: BleedBox %v off the paper %v", where, bl, media)
	}
}

// TestBleedBoxesEveryGame reads the card sheets `print` writes for every
// other game's starter (Warbound's: TestBleedBoxes) at 0, 1 and 3 mm of
// bleed on A4 and letter (issue 36 item 6): each page is a grid of cards
// whose BleedBox is the TrimBox grown by the whole bleed on every edge,
// or a page printed whole (a reference sheet, tokens) whose boxes are the
// page; with a bleed, at least one page of cards.
func TestBleedBoxesEveryGame(t *testing.T) {
	if testing.Short() {
		t.Skip("prints each game's starter six times")
	}
	t.Parallel()
	pdfinfo := testtool.Require(t, "pdfinfo")
	for _, game := range ruleset.Starters() {
		if game == "warbound" {
			continue
		}
		t.Run(game, func(t *testing.T) {
			dir := t.TempDir()
			tree := filepath.Join(dir, "tree")
			if code, _, stderr := runIn(t, "init", tree, "--game", game, "--example", "full"); code != 0 {
				t.Fatalf("init exits %d:\n%s", code, stderr)
			}
			for _, paper := range []string{"a4", "letter"} {
				for _, bleed := range []float64{0, 1, 3} {
					name := fmt.Sprintf("%s %s %gmm", game, paper, bleed)
					out := filepath.Join(dir, fmt.Sprintf("%s-%g", paper, bleed))
					args := []string{"print", "--content", filepath.Join(tree, "content"), "--paper", paper, "--bleed", fmt.Sprintf("%gmm", bleed), "--lang", "en", "--out", out}
					if code, _, stderr := runIn(t, args...); code != 0 {
						t.Fatalf("wbtool %s exits %d:\n%s", strings.Join(args, " "), code, stderr)
					}
					n := 0
					for i, p := range pageBoxes(t, pdfinfo, filepath.Join(out, "print", "cards-en.pdf")) {
						if p["TrimBox"] == p["MediaBox"] {
							if p["BleedBox"] != p["MediaBox"] {
								t.Errorf("%s page %d: a page printed whole with BleedBox %v", name, i+1, p["BleedBox"])
							}
							continue
						}
						n++
						checkBleedBox(t, fmt.Sprintf("%s page %d", name, i+1), p, bleed)
					}
					if n == 0 && bleed > 0 {
						t.Errorf("%s: no page of cards declares its grid", name)
					}
				}
			}
		})
	}
}

// boxes are a page's boxes by name, in points: x0, y0, x1, y1.
type boxes map[string][4]float64

func firstGrid(pages []boxes, grid func(boxes) bool) int {
	for i, p := range pages {
		if grid(p) {
			return i
		}
	}
	return -1
}

var boxLine = regexp.MustCompile(`^Page +(\d+) (\w+): +([-\d.]+) +([-\d.]+) +([-\d.]+) +([-\d.]+)$`)

// pageBoxes reads every page's boxes of a PDF with pdfinfo -box.
func pageBoxes(t *testing.T, pdfinfo, path string) []boxes {
	t.Helper()
	out, err := exec.Command(pdfinfo, "-box", "-f", "1", "-l", "1000", path).CombinedOutput()
	if err != nil {
		t.Fatalf("pdfinfo %s: %v\n%s", path, err, out)
	}
	var pages []boxes
	for _, line := range strings.Split(string(out), "\n") {
		m := boxLine.FindStringSubmatch(strings.TrimSpace(line))
		if m == nil {
			continue
		}
		n, _ := strconv.Atoi(m[1])
		for len(pages) < n {
			pages = append(pages, boxes{})
		}
		var b [4]float64
		for k := range 4 {
			b[k], _ = strconv.ParseFloat(m[3+k], 64)
		}
		pages[n-1][m[2]] = b
	}
	if len(pages) == 0 {
		t.Fatalf("pdfinfo %s: no page boxes:\n%s", path, out)
	}
	return pages
}
