// Copyright 2026 wbtool's authors. The files copied from Go's
// compress/flate keep Go's licence (LICENSE); this one is wbtool's own
// and under the same terms.

// Package flate is wbtool's compressor for image rows: DEFLATE blocks
// written by a copy of Go's compress/flate Huffman writer (go1.26.8;
// huffman_bit_writer.go, huffman_code.go, token.go, see PATCHES.md), fed
// by a matcher made for raster images instead of compress/flate's
// general-purpose hash chains.
//
// A card face is flat colours, text and a picture. Most of its bytes
// repeat the pixel to their left or the row above, so the matcher tries
// those two distances first, then one hash-table candidate for other
// repeats (a glyph drawn twice), with one step of lazy matching, and
// skips the hashing inside a match. On wbtool's card faces it is several
// times faster than compress/flate at level 4 and writes files of about
// the same size; any DEFLATE decoder reads them.
package flate

import (
	"encoding/binary"
	"io"
	"math/bits"
	"sync"
)

const (
	logWindowSize       = 15
	baseMatchLength     = 3       // the smallest match length of the RFC
	minMatchLength      = 4       // the smallest match the matcher emits
	maxMatchLength      = 258     // the largest match length
	maxMatchOffset      = 1 << 15 // the largest match distance
	maxFlateBlockTokens = 1 << 14
	maxStoreBlockSize   = 65535
	maxNumLit           = 286

	rowHashBits = 16
	// lazyBelow: a match shorter than this is compared with the one
	// starting a byte later (lazy matching).
	lazyBelow = 32
)

// An InternalError reports an error in the flate code itself.
type InternalError string

func (e InternalError) Error() string { return "flate: internal error: " + string(e) }

// rowEncoder holds the matcher's table and tokens and the Huffman
// writer, kept between images (encoders).
type rowEncoder struct {
	table  [1 << rowHashBits]int32 // position + 1 of the last 4 bytes with this hash
	tokens []token
	w      *huffmanBitWriter
}

var encoders = sync.Pool{New: func() any {
	return &rowEncoder{tokens: make([]token, 0, maxFlateBlockTokens+1), w: newHuffmanBitWriter(nil)}
}}

// ZlibRows writes data as a zlib stream (RFC 1950) to w. data is an
// image's rows of stride bytes each, pixels of bpp bytes: the matcher
// tries the distances bpp (the pixel to the left) and stride (the pixel
// above) first. Any stride and bpp give a valid stream; these make it
// small and fast.
func ZlibRows(w io.Writer, data []byte, stride, bpp int) error {
	// CMF: deflate, 32 KiB window; FLG: default level, no dictionary,
	// check bits making CMF·256 + FLG a multiple of 31
	if _, err := w.Write([]byte{0x78, 0x9c}); err != nil {
		return err
	}
	e := encoders.Get().(*rowEncoder)
	defer encoders.Put(e)
	e.w.reset(w)
	if err := e.encode(data, stride, bpp); err != nil {
		return err
	}
	var sum [4]byte
	binary.BigEndian.PutUint32(sum[:], adler32(data))
	_, err := w.Write(sum[:])
	return err
}

func rowHash(u uint32) uint32 { return (u * 0x1e35a7bd) >> (32 - rowHashBits) }

func load32(b []byte, i int) uint32 { return binary.LittleEndian.Uint32(b[i:]) }

// matchLen is the length of the common prefix of data[a:] and data[b:]
// (b > a... any order), at most max.
func matchLen(data []byte, a, b, max int) int {
	n := 0
	for n+8 <= max {
		x := binary.LittleEndian.Uint64(data[a+n:]) ^ binary.LittleEndian.Uint64(data[b+n:])
		if x != 0 {
			return n + bits.TrailingZeros64(x)/8
		}
		n += 8
	}
	for n < max && data[a+n] == data[b+n] {
		n++
	}
	return n
}

// best is the longest match for data[i:] among the distances bpp,
// stride and the hash table's candidate: its length (0 when none
// reaches minMatchLength) and distance.
func (e *rowEncoder) best(data []byte, i, stride, bpp int) (length, dist int) {
	max := min(maxMatchLength, len(data)-i)
	if max < minMatchLength {
		return 0, 0
	}
	cur := load32(data, i)
	try := func(d int) {
		if d <= 0 || d > i || d > maxMatchOffset || d == dist {
			return
		}
		if load32(data, i-d) != cur || data[i-d+length] != data[i+length] {
			return // no match, or not longer than the one found
		}
		if l := matchLen(data, i, i-d, max); l > length {
			length, dist = l, d
		}
	}
	try(bpp)
	if length < max {
		try(stride)
	}
	if length < max {
		if p := int(e.table[rowHash(cur)]) - 1; p >= 0 {
			try(i - p)
		}
	}
	if length < minMatchLength {
		return 0, 0
	}
	return length, dist
}

func (e *rowEncoder) insert(data []byte, i int) {
	if i+4 <= len(data) {
		e.table[rowHash(load32(data, i))] = int32(i + 1)
	}
}

func (e *rowEncoder) encode(data []byte, stride, bpp int) error {
	clear(e.table[:])
	e.tokens = e.tokens[:0]
	start := 0 // the first byte of the block being tokenised
	flush := func(end int, eof bool) error {
		var in []byte
		if end-start <= maxStoreBlockSize {
			in = data[start:end]
		}
		e.w.writeBlock(e.tokens, eof, in)
		e.tokens = e.tokens[:0]
		start = end
		return e.w.err
	}
	for i := 0; i < len(data); {
		l, d := e.best(data, i, stride, bpp)
		if l > 0 && l < lazyBelow {
			if l2, d2 := e.best(data, i+1, stride, bpp); l2 > l {
				e.insert(data, i)
				e.tokens = append(e.tokens, literalToken(uint32(data[i])))
				i++
				l, d = l2, d2
				if len(e.tokens) == maxFlateBlockTokens {
					if err := flush(i, false); err != nil {
						return err
					}
				}
			}
		}
		e.insert(data, i)
		if l > 0 {
			e.tokens = append(e.tokens, matchToken(uint32(l-baseMatchLength), uint32(d-1)))
			i += l
		} else {
			e.tokens = append(e.tokens, literalToken(uint32(data[i])))
			i++
		}
		if len(e.tokens) == maxFlateBlockTokens {
			if err := flush(i, false); err != nil {
				return err
			}
		}
	}
	if err := flush(len(data), true); err != nil {
		return err
	}
	e.w.flush()
	return e.w.err
}

// adler32 is hash/adler32.Checksum(p), sixteen bytes a step: for bytes
// b0…b15, s1 grows by their sum and s2 by 16·s1 + 16·b0 + 15·b1 + … +
// 1·b15 (what sixteen steps of one byte add). Each group of eight bytes's
// sum and weighted sum (8·b0 + … + 1·b7) are worked out in 16-bit lanes
// by multiplications (even and odd bytes apart; no lane exceeds 16 bits,
// so no carry reaches the top lane); the modulus is taken every 5,552
// bytes as hash/adler32 does (the same exact integers, so the same
// bounds).
func adler32(p []byte) uint32 {
	const (
		mod  = 65521
		nmax = 5552 // a multiple of 16
		lo   = 0x00ff00ff00ff00ff
	)
	s1, s2 := uint32(1), uint32(0)
	for len(p) > 0 {
		q := p[:min(len(p), nmax)]
		p = p[len(q):]
		for ; len(q) >= 16; q = q[16:] {
			v, u := binary.LittleEndian.Uint64(q), binary.LittleEndian.Uint64(q[8:])
			e, o := v&lo, v>>8&lo
			f, g := u&lo, u>>8&lo
			sv := uint32((e + o) * 0x0001000100010001 >> 48)
			su := uint32((f + g) * 0x0001000100010001 >> 48)
			wv := uint32((e*0x0008000600040002 + o*0x0007000500030001) >> 48)
			wu := uint32((f*0x0008000600040002 + g*0x0007000500030001) >> 48)
			s2 += 16*s1 + 8*sv + wv + wu
			s1 += sv + su
		}
		for _, b := range q {
			s1 += uint32(b)
			s2 += s1
		}
		s1 %= mod
		s2 %= mod
	}
	return s2<<16 | s1
}
