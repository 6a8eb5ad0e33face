package wbcards

import (
	"os"
	"path/filepath"
	"testing"

	"wbtool.dev/wbtool/games/warbound/wbcatalog"
	"wbtool.dev/wbtool/render"
)

// TestKitPreview writes every kit sheet of the starter content to
// $WBTOOL_KIT_PREVIEW (when set), to look at with pdftoppm.
func TestKitPreview(t *testing.T) {
	dir := os.Getenv("WBTOOL_KIT_PREVIEW")
	if dir == "" {
		t.Skip("WBTOOL_KIT_PREVIEW not set")
	}
	cat := starterCatalog(t)
	for _, j := range previewJobs(cat) {
		pdf, err := Sheets(cat, j.o)
		if err != nil {
			t.Fatalf("%s: %v", j.name, err)
		}
		if err := os.WriteFile(filepath.Join(dir, j.name+".pdf"), pdf, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

type previewJob struct {
	name string
	o    Options
}

func previewJobs(cat *wbcatalog.Catalog) []previewJob {
	var out []previewJob
	for _, l := range wbcatalog.Langs {
		for _, paper := range render.Papers() {
			for _, b := range cat.ActionBoards {
				out = append(out, previewJob{"board-" + b.ID + "-" + paper + "-" + string(l), Options{SheetOptions: render.SheetOptions{Lang: l, Paper: paper}, Kit: Kit{Kind: KitBoard, ID: b.ID}}})
			}
			for _, s := range cat.Scenarios {
				out = append(out, previewJob{"map-" + s.ID + "-" + paper + "-" + string(l), Options{SheetOptions: render.SheetOptions{Lang: l, Paper: paper}, Kit: Kit{Kind: KitMap, ID: s.ID}}})
			}
		}
		out = append(out, previewJob{"tokens-" + string(l), Options{SheetOptions: render.SheetOptions{Lang: l}, Kit: Kit{Kind: KitTokens}}})
		for _, d := range cat.Decks {
			out = append(out, previewJob{"deck-" + d.ID + "-" + string(l), Options{SheetOptions: render.SheetOptions{Lang: l}, Cards: d.Cards, Kit: Kit{Kind: KitDeck, ID: d.ID}}})
		}
	}
	return out
}

func TestCalibrationPreview(t *testing.T) {
	dir := os.Getenv("WBTOOL_KIT_PREVIEW")
	if dir == "" {
		t.Skip("WBTOOL_KIT_PREVIEW not set")
	}
	for _, l := range wbcatalog.Langs {
		for _, paper := range render.Papers() {
			pdf, err := render.Calibration(render.SheetOptions{Lang: l, Paper: paper}, nil)
			if err != nil {
				t.Fatal(err)
			}
			os.WriteFile(filepath.Join(dir, "calibrate-"+paper+"-"+string(l)+".pdf"), pdf, 0o644)
		}
	}
}
