package main

import (
	"bytes"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"wbtool.dev/wbtool/export"
	"wbtool.dev/wbtool/internal/testtool"
	"wbtool.dev/wbtool/pipeline"
	"wbtool.dev/wbtool/pipeline/ruleset"
)

// TestNoOutputHoldsTheBuildPath builds every game's starter with its TTS
// decks, in a folder whose name needs percent-encoding, with and without
// --base-url (issue 36 item 1): no output holds the folder's absolute
// path, except the local TTS saved objects (export/tts without a base
// URL), which link their images by percent-encoded file:/// URLs of the
// output folder — never the site's copy, which players download. The
// build without --base-url is builtStarter's, shared with
// TestEveryCommandEveryGame.
func TestNoOutputHoldsTheBuildPath(t *testing.T) {
	if testing.Short() {
		t.Skip("builds each game's starter with its exports twice")
	}
	t.Parallel()
	for _, game := range ruleset.Starters() {
		t.Run(game, func(t *testing.T) {
			sb := builtStarter(t, game)
			for _, base := range []string{"", "https://example.org/game/"} {
				dir, out := sb.dir, sb.out
				if base != "" {
					dir = filepath.Join(t.TempDir(), "my cards #1")
					out = filepath.Join(dir, "dist-published")
					args := []string{"build", "--content", sb.content, "--out", out, "--export", "tts", "--base-url", base}
					if code, _, stderr := runIn(t, args...); code != 0 {
						t.Fatalf("wbtool %s exits %d:\n%s", strings.Join(args, " "), code, stderr)
					}
				}
				raw := []byte(dir)
				encoded := []byte(strings.TrimPrefix(export.FileURL(dir), "file://"))
				local := export.FileURL(filepath.Join(out, pipeline.ExportDir, pipeline.TTSDir)) + "/"
				n := 0
				err := filepath.WalkDir(out, func(p string, d fs.DirEntry, err error) error {
					if err != nil || d.IsDir() {
						return err
					}
					b, err := os.ReadFile(p)
					if err != nil {
						return err
					}
					rel, _ := filepath.Rel(out, p)
					rel = filepath.ToSlash(rel)
					if bytes.Contains(b, raw) {
						t.Errorf("%s (--base-url %q) holds the build's path %s", rel, base, dir)
					}
					if !bytes.Contains(b, encoded) {
						return nil
					}
					ttsLocal := base == "" && strings.HasPrefix(rel, pipeline.ExportDir+"/"+pipeline.TTSDir+"/") && strings.HasSuffix(rel, ".json")
					if !ttsLocal {
						t.Errorf("%s (--base-url %q) holds the build's path %s", rel, base, encoded)
						return nil
					}
					// only as the images' file:/// URLs of the export folder
					if bytes.Count(b, encoded) != bytes.Count(b, []byte(`URL": "`+local)) {
						t.Errorf("%s holds the build's path other than in file URLs of %s", rel, local)
					}
					n++
					return nil
				})
				if err != nil {
					t.Fatal(err)
				}
				if base == "" && n == 0 {
					t.Errorf("no local TTS saved object links its images at %s", local)
				}
				if base == "" {
					pdfsNameTheirGame(t, filepath.Join(out, pipeline.PrintDir), game)
				}
			}
		})
	}
}

// pdfsNameTheirGame reads every PDF of a build's print folder with
// pdfinfo (issue 36 item 9: a version and the game on every game's
// outputs): the author is the game, and the subject and keywords name
// it with a version and no other game (Warstuff's and the other games'
// sheets said "Warbound").
func pdfsNameTheirGame(t *testing.T, dir, game string) {
	t.Helper()
	pdfinfo := testtool.Require(t, "pdfinfo")
	title := ruleset.Title(game)
	paths, err := filepath.Glob(filepath.Join(dir, "*.pdf"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("no PDF in %s: %v", dir, err)
	}
	for _, p := range paths {
		out, err := exec.Command(pdfinfo, p).CombinedOutput()
		if err != nil {
			t.Fatalf("pdfinfo %s: %v\n%s", p, err, out)
		}
		info := map[string]string{}
		for _, line := range strings.Split(string(out), "\n") {
			if k, v, ok := strings.Cut(line, ":"); ok {
				info[k] = strings.TrimSpace(v)
			}
		}
		name := filepath.Base(p)
		if info["Author"] != title {
			t.Errorf("%s: author %q, want %q", name, info["Author"], title)
		}
		for _, other := range ruleset.Starters() {
			if o := ruleset.Title(other); other != game && !strings.Contains(title, o) && (strings.Contains(info["Subject"], o) || strings.Contains(info["Keywords"], o)) {
				t.Errorf("%s: names %s: subject %q, keywords %q", name, o, info["Subject"], info["Keywords"])
			}
		}
		// every starter declares its content's version: the tool's
		// ("dev" in tests) says a game ignores it
		if kw := strings.Split(info["Keywords"], "; "); len(kw) < 2 || kw[1] == "" || kw[1] == "dev" {
			t.Errorf("%s: no content version in the keywords %q", name, info["Keywords"])
		}
	}
}
