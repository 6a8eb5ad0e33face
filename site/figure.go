package site

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"regexp"
	"slices"
	"strings"

	"wbtool.dev/wbtool/lang"
)

// Figures of the rules pages drawn from the game's data (issue 32):
//
//	[[card:copp]]                            a card's front
//	[[map:first-contact b2..e4 copp@c3]]     a map excerpt, units placed
//	[[token:wound]]                          a token
//	[[dice:d6 2 4 6 4+]]                     dice showing results
//
// The kind and the id are fixed words; what follows the id, split at
// spaces, is the game's to read (its board's coordinates, the ids of the
// units placed, the results shown). A figure the game cannot draw is an
// error at its line, with the game's own words.

// FigureKinds are the kinds of figure a rules page may draw.
var FigureKinds = []string{"card", "map", "token", "dice"}

// figureIDRe is a figure's id: a card, scenario or token id, or a die
// ("d6").
var figureIDRe = regexp.MustCompile(`^[a-z0-9]+(?:-[a-z0-9]+)*$`)

// ParseFigure reads a figure as written in a rules page, "[[kind:id
// args…]]", or says in the designer's words what is wrong with it.
func ParseFigure(s string) (lang.Figure, error) {
	body, ok := strings.CutPrefix(s, "[[")
	if ok {
		body, ok = strings.CutSuffix(body, "]]")
	}
	kind, rest, colon := strings.Cut(body, ":")
	if !ok || !colon {
		return lang.Figure{}, fmt.Errorf("%s: a figure is written [[kind:id …]]", s)
	}
	if !slices.Contains(FigureKinds, kind) {
		return lang.Figure{}, fmt.Errorf("%s: unknown figure kind %q (the kinds are %s)", s, kind, strings.Join(FigureKinds, ", "))
	}
	words := strings.Fields(rest)
	if len(words) == 0 || rest[0] == ' ' {
		return lang.Figure{}, fmt.Errorf("%s: the %s's id follows the colon, as in [[%s:an-id]]", s, kind, kind)
	}
	if !figureIDRe.MatchString(words[0]) {
		return lang.Figure{}, fmt.Errorf("%s: %q is not an id (lower-case letters, digits and single dashes)", s, words[0])
	}
	f := lang.Figure{Kind: kind, ID: words[0]}
	if len(words) > 1 {
		f.Args = words[1:]
	}
	return f, nil
}

// FigureFile is an image a chapter's figure needs written: Path is
// relative to the language folder (figures/<kind>-<id>-<digest>.svg).
type FigureFile struct {
	Path string
	SVG  []byte
}

// figurePath names the file of a drawn figure: its kind and id, and a
// digest of the drawing, svg: when the data behind a figure changes (a
// scenario's terrain, a token's colour), its file's name changes too, so
// that no browser shows an image it kept under the old name.
func figurePath(f lang.Figure, svg []byte) string {
	sum := sha256.Sum256(svg)
	return "figures/" + f.Kind + "-" + f.ID + "-" + hex.EncodeToString(sum[:4]) + ".svg"
}

// resolveFigure checks a figure of chapter c and finds its image: the
// game's file for a card, a drawn SVG kept with the chapter for the
// others. It returns the problem to report at the figure, or "".
func (d *rulesDialect) resolveFigure(x *figureNode, c *chapter, l lang.Lang) string {
	if x.Bad != "" {
		return x.Bad
	}
	f := lang.Figure{Kind: x.What, ID: x.ID, Args: x.Args}
	if x.What == "card" {
		if d.figure == nil {
			return fmt.Sprintf("%s: this game draws no card figures from its data", f)
		}
		if len(f.Args) > 0 {
			return fmt.Sprintf("%s: a card figure is its id alone, as in [[card:%s]]", f, f.ID)
		}
		src, alt, ok := d.figure(x.What, x.ID, l)
		if !ok {
			return fmt.Sprintf("unknown card %q in %s: no card has this id", x.ID, f)
		}
		x.Src, x.Alt = relPath(d.path(c.Slug), src), alt
		return ""
	}
	if d.draw == nil {
		return fmt.Sprintf("%s: this game draws no %s figures from its data", f, x.What)
	}
	svg, alt, err := d.draw(f, l)
	if err != nil {
		return fmt.Sprintf("%s: %s", f, err)
	}
	if svg != nil {
		path := figurePath(f, svg)
		if !slices.ContainsFunc(c.figures, func(ff FigureFile) bool { return ff.Path == path }) {
			c.figures = append(c.figures, FigureFile{Path: path, SVG: svg})
		}
		x.Src = relPath(d.path(c.Slug), path)
	}
	x.Alt = alt
	return ""
}
