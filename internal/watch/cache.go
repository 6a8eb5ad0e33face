package watch

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"os"
	"path/filepath"
	"strings"
)

// diskCache keeps rendered card images on disk between sessions, so that
// restarting `wbtool watch` does not render every card again. It lives in
// a folder named after the wbtool version and build (the session's salt):
// a cache is never read by another version, and opening one removes the
// folders of the others. Entries are named by their content key; a
// damaged entry is a miss. Writes are atomic (temporary file, rename).
type diskCache struct {
	dir string
}

// cacheMagic starts every entry.
const cacheMagic = "wbtool-card-images-1\n"

// cacheDirPrefix names the per-version folders.
const cacheDirPrefix = "wbtool-"

// openDiskCache opens (creating it) the cache of this version and build
// under root, and removes the caches of other versions. It returns nil,
// and the session runs without a disk cache, when root is "" or cannot be
// written.
func openDiskCache(root, version, salt string) *diskCache {
	if root == "" {
		return nil
	}
	sum := sha256.Sum256([]byte(version + "\x00" + salt))
	name := cacheDirPrefix + hex.EncodeToString(sum[:8])
	dir := filepath.Join(root, name)
	if err := os.MkdirAll(filepath.Join(dir, "img"), 0o755); err != nil {
		return nil
	}
	if entries, err := os.ReadDir(root); err == nil {
		for _, e := range entries {
			if e.IsDir() && strings.HasPrefix(e.Name(), cacheDirPrefix) && e.Name() != name {
				os.RemoveAll(filepath.Join(root, e.Name()))
			}
		}
	}
	return &diskCache{dir: dir}
}

func (c *diskCache) path(key string) string {
	return filepath.Join(c.dir, "img", key)
}

// validKey accepts only the hex keys the session makes, so that no key
// can name a path outside the cache.
func validKey(key string) bool {
	if len(key) != 64 {
		return false
	}
	_, err := hex.DecodeString(key)
	return err == nil
}

func (c *diskCache) get(key string) (cardImages, bool) {
	if c == nil || !validKey(key) {
		return cardImages{}, false
	}
	b, err := os.ReadFile(c.path(key))
	if err != nil {
		return cardImages{}, false
	}
	img, err := decodeImages(b)
	if err != nil {
		os.Remove(c.path(key))
		return cardImages{}, false
	}
	return img, true
}

func (c *diskCache) put(key string, img cardImages) {
	if c == nil || !validKey(key) {
		return
	}
	f, err := os.CreateTemp(filepath.Join(c.dir, "img"), ".tmp-*")
	if err != nil {
		return
	}
	_, err = f.Write(encodeImages(img))
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(f.Name(), c.path(key))
	}
	if err != nil {
		os.Remove(f.Name())
	}
}

// prune removes the entries not in keep (and temporaries left behind).
func (c *diskCache) prune(keep map[string]cardImages) {
	if c == nil {
		return
	}
	entries, err := os.ReadDir(filepath.Join(c.dir, "img"))
	if err != nil {
		return
	}
	for _, e := range entries {
		if _, ok := keep[e.Name()]; !ok {
			os.Remove(c.path(e.Name()))
		}
	}
}

func encodeImages(img cardImages) []byte {
	var b bytes.Buffer
	b.WriteString(cacheMagic)
	for _, p := range [][]byte{img.front, img.back} {
		// Length plus one; 0 keeps a nil image nil.
		n := uint64(0)
		if p != nil {
			n = uint64(len(p)) + 1
		}
		b.Write(binary.AppendUvarint(nil, n))
		b.Write(p)
	}
	return b.Bytes()
}

var errDamaged = errors.New("damaged cache entry")

func decodeImages(b []byte) (cardImages, error) {
	rest, ok := bytes.CutPrefix(b, []byte(cacheMagic))
	if !ok {
		return cardImages{}, errDamaged
	}
	part := func() ([]byte, bool) {
		n, k := binary.Uvarint(rest)
		if k <= 0 {
			return nil, false
		}
		rest = rest[k:]
		if n == 0 {
			return nil, true
		}
		n--
		if n > uint64(len(rest)) {
			return nil, false
		}
		p := rest[:n:n]
		rest = rest[n:]
		return p, true
	}
	front, ok1 := part()
	back, ok2 := part()
	if !ok1 || !ok2 || len(rest) != 0 {
		return cardImages{}, errDamaged
	}
	return cardImages{front: front, back: back}, nil
}
