package render

import (
	"crypto/sha256"
	"sync"

	"codeberg.org/go-pdf/fpdf"
)

// PageCache keeps the compressed content streams of the pages of the
// sheets from one build to the next (watch, serve), so that a page whose
// content is byte for byte one that a sheet of the last build wrote is
// not compressed again: after a one-card edit, only the pages showing
// that card are. Pages are keyed by a SHA-256 of their content, so the
// PDF is the one a build without the cache writes. With the faces each
// card's layout keeps drawn (Layouts.Keep), a sheet whose cards did not
// change costs copying its faces into place. Safe for concurrent use by
// the sheets of a build; the zero value is not usable: use NewPageCache.
type PageCache struct {
	mu    sync.Mutex
	pages map[[32]byte]*cachedPage
	// Compressed and Reused count the pages compressed and those taken
	// from the cache since the last Sweep.
	Compressed, Reused int
}

type cachedPage struct {
	data []byte // zlib stream
	used bool   // by a sheet since the last Sweep
}

// NewPageCache returns an empty cache.
func NewPageCache() *PageCache {
	return &PageCache{pages: map[[32]byte]*cachedPage{}}
}

// String names the cache in options printed with %+v (a sheet's cache
// key in watch): the same text for every build.
func (c *PageCache) String() string { return "render.PageCache" }

// compress returns the zlib stream of a page's content, as fpdf writes
// it, from the cache when a sheet wrote the same content before.
func (c *PageCache) compress(content []byte) []byte {
	key := sha256.Sum256(content)
	c.mu.Lock()
	p := c.pages[key]
	if p != nil {
		p.used = true
		c.Reused++
		c.mu.Unlock()
		return p.data
	}
	c.mu.Unlock()
	data := fpdf.CompressStream(content)
	c.mu.Lock()
	defer c.mu.Unlock()
	if p := c.pages[key]; p != nil { // another sheet compressed it meanwhile
		p.used = true
		c.Reused++
		return p.data
	}
	c.pages[key] = &cachedPage{data: data, used: true}
	c.Compressed++
	return data
}

// Sweep drops the pages that no sheet used since the last Sweep (a
// watcher sweeps after each build that printed), and sets the counts
// back to zero.
func (c *PageCache) Sweep() {
	c.mu.Lock()
	defer c.mu.Unlock()
	for k, p := range c.pages {
		if !p.used {
			delete(c.pages, k)
			continue
		}
		p.used = false
	}
	c.Compressed, c.Reused = 0, 0
}
