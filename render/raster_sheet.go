package render

import (
	"image"
	"math"
)

// Sheet draws faces on a grid of cols × rows cells of cw × ch pixels, row
// by row, without bleed: each card fills its cell's width, centred in its
// height (Tabletop Simulator card sheets). Empty cells stay white.
func Sheet(faces []*Face, cols, rows, cw, ch int) *image.RGBA {
	img := newCanvas(cols*cw, rows*ch)
	s := float64(cw) / CardW
	oy := (float64(ch) - CardH*s) / 2
	for i, f := range faces {
		if i >= cols*rows {
			break
		}
		x, y := (i%cols)*cw, (i/cols)*ch
		f.drawInto(img, image.Rect(x, y, x+cw, y+ch), 0, oy, s)
	}
	return img
}

// CellHeight is the height in pixels of a cell cw pixels wide that holds
// a card without distortion.
func CellHeight(cw int) int { return int(math.Round(float64(cw) * CardH / CardW)) }
