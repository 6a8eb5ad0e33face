package request

import (
	"fmt"
	"io"
	"strings"

	"wbtool.dev/wbtool/internal/dist"
	"wbtool.dev/wbtool/pipeline"
	"wbtool.dev/wbtool/pipeline/ruleset"
	"wbtool.dev/wbtool/render"
)

// ExportFlags are `wbtool export png|tts`'s flags, as given.
type ExportFlags struct {
	Deck, Lang, Profile string
	Force               bool
}

// PNG reads export png's flags into an export request, with the print
// profile asked.
func PNG(f ExportFlags) (ruleset.ExportRequest, render.Profile, error) {
	p, ok := render.ProfileNamed(f.Profile)
	if !ok {
		return ruleset.ExportRequest{}, p, ruleset.Requestf("--profile %q: want one of %s", f.Profile, ProfileNames())
	}
	langs, err := Langs(f.Lang)
	return ruleset.ExportRequest{Profiles: []string{p.Name}, Force: f.Force, Deck: f.Deck, Langs: langs}, p, err
}

// TTS reads export tts's flags into an export request, the saved
// objects' images linked at base.
func TTS(f ExportFlags, base string) (ruleset.ExportRequest, error) {
	langs, err := Langs(f.Lang)
	return ruleset.ExportRequest{TTS: true, BaseURL: base, Deck: f.Deck, Langs: langs}, err
}

// Build reads `build --export`'s names (print profiles and "tts") into
// an export request of every card and deck in every language; nil when
// none is named.
func Build(names []string, base string) (*ruleset.ExportRequest, error) {
	if len(names) == 0 {
		return nil, nil
	}
	req := &ruleset.ExportRequest{BaseURL: base}
	for _, n := range names {
		if n == "tts" {
			req.TTS = true
			continue
		}
		p, ok := render.ProfileNamed(n)
		if !ok {
			return nil, ruleset.Requestf("--export %q: want tts or a print profile (%s)", n, ProfileNames())
		}
		req.Profiles = append(req.Profiles, p.Name)
	}
	return req, nil
}

// ProfileNames lists the print profiles' names: "tgc, mpc".
func ProfileNames() string {
	var names []string
	for _, p := range render.Profiles() {
		names = append(names, p.Name)
	}
	return strings.Join(names, ", ")
}

// ProfileHelp describes each print profile, one a line.
func ProfileHelp() string {
	var lines []string
	for _, p := range render.Profiles() {
		lines = append(lines, fmt.Sprintf("  %-4s %s: %d x %d px at %g dpi, bleed %g px, safe zone %g px from the edge", p.Name, p.Title, p.W, p.H, p.DPI, p.Bleed, p.Safe))
	}
	return strings.Join(lines, "\n")
}

// PublishExports publishes what an export command's build made (res's
// export update: its files, the folders written whole) into dir, keeping
// the export folder's other files, and says on w what it wrote, the
// output folder named out: what (given the number of files), under the
// export folder's folder under.
func PublishExports(w io.Writer, dir *dist.Dir, out string, res *pipeline.Result, what func(n int) string, under string) error {
	var files dist.Files
	for _, u := range res.Updates() {
		if u.Dir != pipeline.ExportDir {
			continue
		}
		if _, err := dir.Publish(u); err != nil {
			return err
		}
		files = u.Files
	}
	size := 0
	for _, b := range files {
		size += len(b)
	}
	fmt.Fprintf(w, "wrote %s under %s/%s/%s (%d KB)\n", what(len(files)), out, pipeline.ExportDir, under, (size+1023)/1024)
	return nil
}
