package schema

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"image"
	_ "image/jpeg" // JPEG art
	"image/png"
	"io/fs"
	"path"
	"runtime"
	"strings"
	"sync"

	"wbtool.dev/wbtool/catalog"
	"wbtool.dev/wbtool/internal/contentfs"
)

// MaxArtSize bounds a card's image file: a poker card at 600 dpi in JPEG
// is a few megabytes.
const MaxArtSize = 32 << 20

// MaxArtPixels bounds an image's width × height, read from its header
// before it is decoded (a small file can claim a huge image).
const MaxArtPixels = 60_000_000

// readArt reads and checks the image of every card's art: a regular file
// of the content tree, at most MaxArtSize bytes, decoding as PNG or JPEG.
// A file several cards share is read once. Errors are at the card's `art`
// field.
func (l *loader) readArt() {
	type job struct {
		file string
		arts []*catalog.Art
		done artFile
		err  string
	}
	byFile := map[string]*job{}
	var jobs []*job
	for _, ref := range l.cat.ArtFields() {
		if *ref == nil {
			continue
		}
		// a copy: with a schema.Cache the decoded card is shared with
		// earlier loads, whose catalogs may still be in use
		a := new(catalog.Art)
		*a = **ref
		*ref = a
		j := byFile[a.File]
		if j == nil {
			j = &job{file: a.File}
			byFile[a.File] = j
			jobs = append(jobs, j)
		}
		j.arts = append(j.arts, a)
	}
	var wg sync.WaitGroup
	sem := make(chan struct{}, runtime.GOMAXPROCS(0))
	for _, j := range jobs {
		wg.Go(func() {
			sem <- struct{}{}
			defer func() { <-sem }()
			j.done, j.err = l.readArtFile(j.file)
		})
	}
	wg.Wait()
	for _, j := range jobs {
		for _, a := range j.arts {
			if j.err != "" {
				l.errorf(a.Pos, "", "art %s: %s", a.File, j.err)
				continue
			}
			a.Data, a.Format, a.Width, a.Height, a.Hash = j.done.data, j.done.format, j.done.w, j.done.h, j.done.hash
		}
	}
}

type artFile struct {
	data   []byte
	format string
	w, h   int
	hash   string
}

// readArtFile reads and decodes one image; the error says what to do.
func (l *loader) readArtFile(file string) (artFile, string) {
	rel := path.Clean(file)
	if !fs.ValidPath(rel) || strings.HasPrefix(rel, "../") {
		return artFile{}, "the path must lead from the content folder to a file inside it (such as art/copp.png)"
	}
	src, err := contentfs.ReadFile(l.fsys, rel, MaxArtSize)
	switch e := err.(type) {
	case nil:
	case *contentfs.EscapeError:
		return artFile{}, "the file is a symbolic link out of the content folder: copy the image into the content folder"
	case *contentfs.NotRegularError:
		return artFile{}, fmt.Sprintf("the file is %s, not a regular file: use a PNG or JPEG image file", e.Kind())
	case *contentfs.TooLargeError:
		return artFile{}, fmt.Sprintf("the file is too large (more than %d MB): save the image smaller (300 dpi at the card's art slot is enough)", MaxArtSize>>20)
	default:
		if errors.Is(err, fs.ErrNotExist) {
			return artFile{}, fmt.Sprintf("no such file in the content folder (looked for %s): put the image there or fix the path", l.displayName(rel))
		}
		return artFile{}, fmt.Sprintf("cannot read the file: %v", err)
	}
	if c := l.opt.Cache; c != nil {
		return c.decodedArt(src)
	}
	return decodeArt(src)
}

// decodeArt checks and decodes an image file's bytes; the error says
// what to do.
func decodeArt(src []byte) (artFile, string) {
	cfg, format, err := image.DecodeConfig(bytes.NewReader(src))
	if err != nil || (format != "png" && format != "jpeg") {
		return artFile{}, "the file is not a PNG or JPEG image that can be read: save it again as PNG or JPEG"
	}
	if cfg.Width < 1 || cfg.Height < 1 || cfg.Width*cfg.Height > MaxArtPixels {
		return artFile{}, fmt.Sprintf("the image is %d × %d px: at most %d million pixels, save it smaller", cfg.Width, cfg.Height, MaxArtPixels/1_000_000)
	}
	img, _, err := image.Decode(bytes.NewReader(src))
	if err != nil {
		return artFile{}, fmt.Sprintf("the %s image is damaged (%v): save it again", strings.ToUpper(format), err)
	}
	if format == "png" && !plainPNG(src) {
		// 16-bit or interlaced: PDF writers embed 8-bit plain PNGs only
		var buf bytes.Buffer
		if err := (&png.Encoder{CompressionLevel: png.BestSpeed}).Encode(&buf, to8bit(img)); err != nil {
			return artFile{}, fmt.Sprintf("cannot convert the PNG image: %v", err)
		}
		src = buf.Bytes()
	}
	sum := sha256.Sum256(src)
	return artFile{data: src, format: format, w: cfg.Width, h: cfg.Height, hash: hex.EncodeToString(sum[:8])}, ""
}

// plainPNG reports whether a PNG is 8 bits per channel and not interlaced
// (its IHDR chunk follows the 8-byte signature: bit depth at byte 24,
// interlace method at byte 28).
func plainPNG(src []byte) bool {
	return len(src) > 28 && src[24] == 8 && src[28] == 0
}

// to8bit copies img into an 8-bit RGBA image (NRGBA keeps transparency).
func to8bit(img image.Image) image.Image {
	b := img.Bounds()
	out := image.NewNRGBA(b)
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			out.Set(x, y, img.At(x, y))
		}
	}
	return out
}
