// Copyright 2026 wbtool's authors, under the terms of this package's
// LICENSE. wbtool patch 2 (PATCHES.md).

package vector

import (
	"encoding/binary"
	"image"
	"math/bits"
)

// mark records that floatingLineTo wrote to cell i of bufF32.
func (z *Rasterizer) mark(i uint) {
	z.touched[i>>8] |= 1 << (i >> 2 & 63)
}

// clearTouched zeroes the groups of cells marked in touched and the marks.
func (z *Rasterizer) clearTouched() {
	buf := z.bufF32[:cap(z.bufF32)]
	for w, word := range z.touched {
		for word != 0 {
			g := w<<6 + bits.TrailingZeros64(word)
			word &= word - 1
			clear(buf[4*g : min(4*g+4, len(buf))])
		}
		z.touched[w] = 0
	}
}

// floatingMask is floatingAccumulateMaskSIMD's coverage for an
// accumulated value x: |x| capped at 1, scaled to 0…0xffff, truncated.
func floatingMask(x float32) uint32 {
	if x < 0 {
		x = -x
	}
	if x > 1 {
		x = 1
	}
	return uint32(almost65536 * x)
}

// sparseDstRGBASrcUniformOpOver is rasterizeDstRGBASrcUniformOpOver for
// the floating-point buffer, giving the same bytes: the coverage is
// accumulated as floatingAccumulateMaskSIMD does (groups of four cells,
// each group's prefix sums added in its order), but only the groups that
// lines wrote to are read; across a run of untouched groups the coverage
// stays what it was, so the run is skipped (no coverage), filled (an
// opaque colour covering wholly) or blended with one coverage. The next
// Reset clears the touched groups only. r is the size of z.
//
// Every platform gets the SIMD code's rounding: the pure Go
// floatingAccumulateMask adds in another order.
func (z *Rasterizer) sparseDstRGBASrcUniformOpOver(dst *image.RGBA, r image.Rectangle, sr, sg, sb, sa uint32) {
	w := z.size.X
	n := w * z.size.Y
	buf := z.bufF32[:n]
	p := blender{
		pix: dst.Pix[dst.PixOffset(r.Min.X, r.Min.Y):], stride: dst.Stride, w: w,
		sr: sr, sg: sg, sb: sb, sa: sa,
		opaque: sa == 0xffff,
		rgba:   uint32(sr>>8) | uint32(sg>>8)<<8 | uint32(sb>>8)<<16 | 0xff<<24,
	}
	groups := n / 4
	off := float32(0)
	for g := 0; g < groups; {
		word := z.touched[g>>6] >> (g & 63)
		if word&1 == 0 {
			// untouched groups up to the next touched one
			end := min(g+bits.TrailingZeros64(word|1<<63>>(g&63)), groups)
			if word == 0 {
				end = min((g|63)+1, groups)
			}
			p.run(4*g, 4*end, floatingMask(off))
			g = end
			continue
		}
		s := buf[4*g : 4*g+4 : 4*g+4]
		s0, s1, s2, s3 := s[0], s[1], s[2], s[3]
		// the SIMD code's order: x += x<<1 lane, then x += x<<2 lanes
		p1, q2, q3 := s1+s0, s2+s1, s3+s2
		p2, p3 := q2+s0, q3+p1
		x0, x1, x2, x3 := s0+off, p1+off, p2+off, p3+off
		i := 4 * g
		p.one(i, floatingMask(x0))
		p.one(i+1, floatingMask(x1))
		p.one(i+2, floatingMask(x2))
		p.one(i+3, floatingMask(x3))
		off = x3
		g++
	}
	for i := 4 * groups; i < n; i++ { // the SIMD code's last cells, one by one
		off += buf[i]
		p.one(i, floatingMask(off))
	}
}

// blender applies a uniform colour over dst at the coverages of z's cells
// (cell i is pixel i%w, i/w of the rectangle pix starts at).
type blender struct {
	pix            []byte
	stride, w      int
	sr, sg, sb, sa uint32
	opaque         bool
	rgba           uint32 // the opaque colour's bytes, little-endian
}

// one blends cell i at coverage ma, as rasterizeDstRGBASrcUniformOpOver
// does.
func (p *blender) one(i int, ma uint32) {
	if ma == 0 {
		return
	}
	y := i / p.w
	o := y*p.stride + 4*(i-y*p.w)
	p.px(p.pix[o:o+4:o+4], ma)
}

func (p *blender) px(d []byte, ma uint32) {
	if ma == 0xffff && p.opaque {
		binary.LittleEndian.PutUint32(d, p.rgba)
		return
	}
	a := 0xffff - (p.sa * ma / 0xffff)
	d[0] = uint8(((uint32(d[0])*0x101*a + p.sr*ma) / 0xffff) >> 8)
	d[1] = uint8(((uint32(d[1])*0x101*a + p.sg*ma) / 0xffff) >> 8)
	d[2] = uint8(((uint32(d[2])*0x101*a + p.sb*ma) / 0xffff) >> 8)
	d[3] = uint8(((uint32(d[3])*0x101*a + p.sa*ma) / 0xffff) >> 8)
}

// run blends cells i to j (exclusive) at one coverage ma.
func (p *blender) run(i, j int, ma uint32) {
	if ma == 0 || i >= j {
		return
	}
	for i < j {
		y := i / p.w
		x := i - y*p.w
		e := min(j-i, p.w-x) // to the end of the row
		row := p.pix[y*p.stride+4*x:][:4*e]
		if ma == 0xffff && p.opaque {
			fillPixels(row, p.rgba)
		} else {
			for k := 0; k < len(row); k += 4 {
				p.px(row[k:k+4:k+4], ma)
			}
		}
		i += e
	}
}

// fillPixels sets every pixel of row (4 bytes each) to the bytes of rgba:
// one pixel, then copies doubling what is set (memmove's speed).
func fillPixels(row []byte, rgba uint32) {
	if len(row) < 64 {
		for k := 0; k < len(row); k += 4 {
			binary.LittleEndian.PutUint32(row[k:], rgba)
		}
		return
	}
	binary.LittleEndian.PutUint32(row, rgba)
	for n := 4; n < len(row); n *= 2 {
		copy(row[n:], row[:n])
	}
}
