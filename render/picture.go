package render

import (
	"image"
	"math"
	"sync"

	xdraw "golang.org/x/image/draw"
	"golang.org/x/image/math/f64"
)

// scalePicture draws src's rectangle sr into dst through the affine map
// s2d (source pixels to dst pixels) with the Catmull-Rom kernel, as
// xdraw.CatmullRom.Transform(dst, s2d, src, sr, xdraw.Over, nil) does, to
// the same pixels: a card's picture is an opaque image scaled without
// rotation, for which the kernel's weights depend on the column alone
// (horizontally) and the row alone (vertically). x/image works them out
// again for every pixel, and converts a JPEG's YCbCr samples to RGB at
// every tap (about 36 per pixel); here the weights are worked out once a
// column and once a row, and each source pixel is converted once. The
// arithmetic is x/image's (golang.org/x/image/draw, impl.go's
// transform_RGBA_YCbCr420_Src and transform_RGBA_RGBA_Src, v0.47.0, BSD
// licence): the same products summed in the same order.
// TestScalePictureSamePixels compares the two. Any other case (rotation,
// another kind of image, a source that is not opaque) goes to x/image.
func scalePicture(dst *image.RGBA, s2d f64.Aff3, src image.Image, sr image.Rectangle) {
	ycc, isYCC := src.(*image.YCbCr)
	rgba, isRGBA := src.(*image.RGBA)
	if s2d[1] != 0 || s2d[3] != 0 || !sr.In(src.Bounds()) ||
		!(isYCC && ycc.SubsampleRatio == image.YCbCrSubsampleRatio420 || isRGBA && rgba.Opaque()) {
		xdraw.CatmullRom.Transform(dst, s2d, src, sr, xdraw.Over, nil)
		return
	}
	dr := transformRect(&s2d, &sr)
	adr := dst.Bounds().Intersect(dr)
	if adr.Empty() || sr.Empty() {
		return
	}
	d2s := invert(&s2d)
	bias := transformRect(&d2s, &adr).Min
	bias.X--
	bias.Y--
	d2s[2] -= float64(bias.X)
	d2s[5] -= float64(bias.Y)
	adr = adr.Sub(dr.Min)

	// the source's pixels as x/image's taps read them: 16-bit R, G, B
	sw := sr.Dx()
	pp, _ := planes.Get().(*[]uint16)
	if pp == nil {
		pp = new([]uint16)
	}
	defer planes.Put(pp)
	if cap(*pp) < 3*sw*sr.Dy() {
		*pp = make([]uint16, 3*sw*sr.Dy())
	}
	plane := (*pp)[:3*sw*sr.Dy()]
	for ky := sr.Min.Y; ky < sr.Max.Y; ky++ {
		row := plane[3*sw*(ky-sr.Min.Y):][:3*sw]
		for kx := sr.Min.X; kx < sr.Max.X; kx++ {
			p := row[3*(kx-sr.Min.X):][:3]
			if isRGBA {
				pi := (ky-rgba.Rect.Min.Y)*rgba.Stride + (kx-rgba.Rect.Min.X)*4
				p[0] = uint16(uint32(rgba.Pix[pi+0]) * 0x101)
				p[1] = uint16(uint32(rgba.Pix[pi+1]) * 0x101)
				p[2] = uint16(uint32(rgba.Pix[pi+2]) * 0x101)
				continue
			}
			pi := (ky-ycc.Rect.Min.Y)*ycc.YStride + (kx - ycc.Rect.Min.X)
			pj := ((ky)/2-ycc.Rect.Min.Y/2)*ycc.CStride + ((kx)/2 - ycc.Rect.Min.X/2)
			pyy1 := int(ycc.Y[pi]) * 0x10101
			pcb1 := int(ycc.Cb[pj]) - 128
			pcr1 := int(ycc.Cr[pj]) - 128
			p[0] = uint16(clamp16((pyy1 + 91881*pcr1) >> 8))
			p[1] = uint16(clamp16((pyy1 - 22554*pcb1 - 46802*pcr1) >> 8))
			p[2] = uint16(clamp16((pyy1 + 116130*pcb1) >> 8))
		}
	}

	xs := kernelTaps(float64(d2s[0]), d2s[2], dr.Min.X, adr.Min.X, adr.Max.X, bias.X, sr.Min.X, sr.Max.X)
	ys := kernelTaps(float64(d2s[4]), d2s[5], dr.Min.Y, adr.Min.Y, adr.Max.Y, bias.Y, sr.Min.Y, sr.Max.Y)
	for dy := adr.Min.Y; dy < adr.Max.Y; dy++ {
		ty := &ys.taps[dy-adr.Min.Y]
		if !ty.in {
			continue
		}
		yWeights := ys.weights[ty.w : ty.w+ty.j-ty.i]
		d := (dr.Min.Y+dy-dst.Rect.Min.Y)*dst.Stride + (dr.Min.X+adr.Min.X-dst.Rect.Min.X)*4
		for dx := adr.Min.X; dx < adr.Max.X; dx, d = dx+1, d+4 {
			tx := &xs.taps[dx-adr.Min.X]
			if !tx.in {
				continue
			}
			ix, jx := tx.i, tx.j
			xWeights := xs.weights[tx.w : tx.w+jx-ix]
			var pr, pg, pb, pa float64
			for ky := ty.i; ky < ty.j; ky++ {
				if yWeight := yWeights[ky-ty.i]; yWeight != 0 {
					row := plane[3*sw*(ky-sr.Min.Y)+3*(ix-sr.Min.X):][:3*(jx-ix)]
					for kx := ix; kx < jx; kx++ {
						if w := xWeights[kx-ix] * yWeight; w != 0 {
							p := row[3*(kx-ix):][:3]
							pr += float64(float64(p[0]) * w)
							pg += float64(float64(p[1]) * w)
							pb += float64(float64(p[2]) * w)
							if isRGBA {
								pa += float64(float64(0xffff) * w)
							}
						}
					}
				}
			}
			if isRGBA {
				pr, pg, pb = min(pr, pa), min(pg, pa), min(pb, pa)
				dst.Pix[d+3] = uint8(fffftou(pa) >> 8)
			} else {
				dst.Pix[d+3] = 0xff
			}
			dst.Pix[d+0] = uint8(fffftou(pr) >> 8)
			dst.Pix[d+1] = uint8(fffftou(pg) >> 8)
			dst.Pix[d+2] = uint8(fffftou(pb) >> 8)
		}
	}
}

// planes are scalePicture's converted sources, kept between pictures.
var planes sync.Pool

// axisTaps are the kernel's taps along one axis: for each dst column (or
// row) the source range [i, j) it reads and the normalised weights, from
// weights[w:].
type axisTaps struct {
	taps []struct {
		in      bool // the column's centre maps inside the source
		i, j, w int
	}
	weights []float64
}

// kernelTaps works out the taps of the dst columns (rows) [a0, a1)
// relative to d0, for the map s = scale·(d0+d+0.5) + off (biased by bias),
// as x/image's transform loops do for each pixel.
func kernelTaps(scale, off float64, d0, a0, a1, bias, s0, s1 int) axisTaps {
	q := xdraw.CatmullRom
	halfWidth, argScale := q.Support, 1.0
	if s := math.Abs(scale); s > 1 {
		halfWidth *= s
		argScale = 1 / s
	}
	n := 1 + 2*int(math.Ceil(halfWidth))
	var t axisTaps
	t.taps = make([]struct {
		in      bool
		i, j, w int
	}, a1-a0)
	t.weights = make([]float64, n*(a1-a0))
	for d := a0; d < a1; d++ {
		tp := &t.taps[d-a0]
		df := float64(d0+d) + 0.5
		s := float64(scale*df) + off
		if v := int(s) + bias; v < s0 || v >= s1 {
			continue
		}
		tp.in = true
		s += float64(bias)
		s -= 0.5
		i := max(int(math.Floor(s-halfWidth)), s0)
		j := min(int(math.Ceil(s+halfWidth)), s1)
		tp.i, tp.j, tp.w = i, j, n*(d-a0)
		ws := t.weights[tp.w : tp.w+j-i]
		total := 0.0
		for k := i; k < j; k++ {
			w := 0.0
			if a := math.Abs((s - float64(k)) * argScale); a < q.Support {
				w = q.At(a)
			}
			ws[k-i] = w
			total += w
		}
		for k := range ws {
			ws[k] /= total
		}
	}
	return t
}

func clamp16(v int) int { return min(max(v, 0), 0xffff) }

// fffftou, invert and transformRect are x/image/draw's (scale.go).

// fffftou converts the range [0.0, 65535.0] to [0, 0xffff].
func fffftou(f float64) uint16 {
	i := int32(f + 0.5)
	if i > 0xffff {
		return 0xffff
	}
	if i > 0 {
		return uint16(i)
	}
	return 0
}

// invert returns the inverse of m.
func invert(m *f64.Aff3) f64.Aff3 {
	m00 := +m[3*1+1]
	m01 := -m[3*0+1]
	m02 := +float64(m[3*1+2]*m[3*0+1]) - float64(m[3*1+1]*m[3*0+2])
	m10 := -m[3*1+0]
	m11 := +m[3*0+0]
	m12 := +float64(m[3*1+0]*m[3*0+2]) - float64(m[3*1+2]*m[3*0+0])
	det := float64(m00*m11) - float64(m10*m01)
	return f64.Aff3{m00 / det, m01 / det, m02 / det, m10 / det, m11 / det, m12 / det}
}

// transformRect is the dst rectangle s2d maps sr to.
func transformRect(s2d *f64.Aff3, sr *image.Rectangle) (dr image.Rectangle) {
	ps := [...]image.Point{
		{sr.Min.X, sr.Min.Y},
		{sr.Max.X, sr.Min.Y},
		{sr.Min.X, sr.Max.Y},
		{sr.Max.X, sr.Max.Y},
	}
	for i, p := range ps {
		sxf := float64(p.X)
		syf := float64(p.Y)
		dx := int(math.Floor(float64(s2d[0]*sxf) + float64(s2d[1]*syf) + s2d[2]))
		dy := int(math.Floor(float64(s2d[3]*sxf) + float64(s2d[4]*syf) + s2d[5]))
		if i == 0 {
			dr = image.Rectangle{Min: image.Point{dx, dy}, Max: image.Point{dx + 1, dy + 1}}
			continue
		}
		dr.Min.X = min(dr.Min.X, dx)
		dr.Max.X = max(dr.Max.X, dx+1)
		dr.Min.Y = min(dr.Min.Y, dy)
		dr.Max.Y = max(dr.Max.Y, dy+1)
	}
	return dr
}
