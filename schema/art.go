package schema

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"runtime"
	"strings"
	"sync"

	"wbtool.dev/wbtool/games/warbound/wbcatalog"
	"wbtool.dev/wbtool/internal/artimg"
	"wbtool.dev/wbtool/internal/contentfs"
	"wbtool.dev/wbtool/internal/crash"
)

// MaxArtSize bounds a card's image file: a poker card at 600 dpi in JPEG
// is a few megabytes.
const MaxArtSize = 32 << 20

// MaxArtPixels bounds an image's width × height, read from its header
// before it is decoded (a small file can claim a huge image).
const MaxArtPixels = artimg.MaxPixels

// readArt checks the image of every card's art: a regular file of the
// content tree, at most MaxArtSize bytes, a PNG or JPEG that decodes. The
// catalog keeps a reference (format, size, hash), not the bytes: the
// drawers read the file again when they draw (ArtFiles). A file several
// cards share is read once; with a Cache, an image is decoded once for
// the life of the cache (Cache.decodedArt). Errors are at the card's
// `art` field.
func (l *loader) readArt() {
	type job struct {
		file string
		arts []*wbcatalog.Art
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
		a := new(wbcatalog.Art)
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
	var panics crash.Catcher // a panic is handed to the load stage
	for _, j := range jobs {
		wg.Go(func() {
			defer panics.Catch()
			sem <- struct{}{}
			defer func() { <-sem }()
			j.done, j.err = l.readArtFile(j.file)
		})
	}
	wg.Wait()
	panics.Rethrow()
	for _, j := range jobs {
		for _, a := range j.arts {
			if j.err != "" {
				l.errorf(a.Pos, "", "art %s: %s", a.File, j.err)
				continue
			}
			a.Format, a.Width, a.Height, a.Hash = j.done.format, j.done.w, j.done.h, j.done.hash
		}
	}
}

// artFile is what the loader notes of an image file.
type artFile struct {
	format string
	w, h   int
	hash   string
}

// readArtFile reads and checks one image; the error says what to do.
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

// decodeArt checks an image file's bytes: its header, then one full
// decode to know that it can be drawn, exactly as the drawers decode it
// (package artimg: the same limits, the same 8-bit image; the image is
// dropped, the drawers read the file again); the error says what to do.
func decodeArt(src []byte) (artFile, string) {
	_, cfg, err := artimg.Decode(src)
	if err != nil {
		return artFile{}, err.Error()
	}
	return artFile{format: cfg.Format, w: cfg.Width, h: cfg.Height, hash: ArtHash(src)}, ""
}

// ArtHash is the wbcatalog.Art Hash of an image file's bytes: a short
// SHA-256.
func ArtHash(data []byte) string {
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:8])
}

// ArtFiles is the wbcatalog.ArtReader of the content folder fsys: it reads
// an art's file as the loader did (a regular file inside the folder, at
// most MaxArtSize bytes) and refuses a file that changed since the loader
// checked it. Load sets it on the catalogs it returns; set it again on a
// catalog that came from another process.
func ArtFiles(fsys fs.FS) wbcatalog.ArtReader { return artFiles{fsys} }

type artFiles struct{ fsys fs.FS }

func (r artFiles) ReadArt(a *wbcatalog.Art) ([]byte, error) {
	if a.Hash == "" {
		return nil, fmt.Errorf("art %s: not checked by the loader", a.File)
	}
	data, err := contentfs.ReadFile(r.fsys, path.Clean(a.File), MaxArtSize)
	if err != nil {
		return nil, fmt.Errorf("art %s: %w", a.File, err)
	}
	if ArtHash(data) != a.Hash {
		return nil, fmt.Errorf("art %s changed since the content was loaded: run the command again", a.File)
	}
	return data, nil
}
