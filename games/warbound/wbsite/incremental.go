package wbsite

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"hash"
	"sync"

	"wbtool.dev/wbtool/games/warbound/wbcatalog"
	"wbtool.dev/wbtool/site"
)

// PageCache keeps the pages of the last site build, each under a key that
// hashes everything the page reads, so that the next build renders again
// only the pages whose inputs changed (watch and serve keep one per
// session; a build without one renders every page).
//
// A card page reads its own card, its images and art, and things shared by
// every page: the catalog without the cards' details (factions, skills,
// decks, check games, glossary, interface strings, set, scenarios, boards,
// rules pages, stale translations), each card's id and kind (which pages
// exist), the errata and the base URL. Its key is the card's part hashed
// with the shared part, and its images are compared byte for byte: a
// card's text, name or statistics edited renders its two pages again, a
// skill edited renders them all.
//
// Every other page (indexes, rules, decks, glossary...) is keyed on the
// shared part, its template, its own fields and its data encoded as JSON
// (what its template shows besides the shared part): a card's name edited
// renders the lists that show it, not the rules pages. Its data is made
// before the key; only the template and the glossary links are saved.
//
// Pages are kept only from a build without errors, and a build keeps only
// the pages it used. A cache serves builds of one configuration: the
// options' functions (sheet paths, card images) must not change between
// builds (each watch or serve session has one). Safe for one build at a
// time.
type PageCache struct {
	mu    sync.Mutex
	pages map[string]cachedPage // by site path
	tiles map[string]tile

	// Rendered and Reused count the card pages of the last build;
	// OtherRendered and OtherReused its other pages.
	Rendered, Reused           int
	OtherRendered, OtherReused int
}

type cachedPage struct {
	key    [32]byte
	images [2][]byte // the card's images, compared byte for byte
	data   []byte
}

// NewPageCache returns an empty cache.
func NewPageCache() *PageCache { return &PageCache{pages: map[string]cachedPage{}} }

// pageKeys are the keys of one build's card pages.
type pageKeys struct {
	shared [32]byte
	cards  map[string][32]byte // card id → its part
	// next are the pages of this build, kept when it succeeds.
	mu                         sync.Mutex
	next                       map[string]cachedPage
	rendered, reused           int
	otherRendered, otherReused int
}

// newPageKeys hashes what every card page reads, and each card's own
// part; nil when some part cannot be encoded (then every page renders).
func (b *builder) newPageKeys() *pageKeys {
	k := &pageKeys{cards: map[string][32]byte{}, next: map[string]cachedPage{}}
	shared := *b.cat
	shared.Characters, shared.Leaders, shared.Equipment, shared.Formations = nil, nil, nil, nil
	shared.Vocations, shared.References, shared.Objectives = nil, nil, nil
	h := sha256.New()
	ok := writeJSON(h, shared)
	for _, r := range b.cat.Rules {
		writePart(h, []byte(string(r.Lang)+"\x00"+r.Path))
		writePart(h, r.Source)
	}
	// stale translations (json:"-" in the catalog): the pages mark them
	ok = writeJSON(h, b.cat.Stale) && ok
	ok = writeJSON(h, b.cat.MarkStale) && ok
	type rosterEntry struct {
		ID   string
		Kind wbcatalog.Kind
	}
	all := b.allCards()
	roster := make([]rosterEntry, 0, len(all))
	for _, c := range all {
		roster = append(roster, rosterEntry{c.ID, c.Kind})
	}
	ok = writeJSON(h, roster) && ok
	ok = writeJSON(h, b.opts.Errata) && ok
	writePart(h, []byte(b.opts.BaseURL))
	h.Sum(k.shared[:0])
	for _, c := range all {
		ch := sha256.New()
		writePart(ch, []byte(string(c.Kind)+"\x00"+c.ID))
		ok = writeJSON(ch, b.entity(c)) && ok
		if a := b.cat.CardArt(c.ID); a != nil {
			writePart(ch, []byte(a.Hash+"\x00"+a.Format))
		}
		var sum [32]byte
		ch.Sum(sum[:0])
		k.cards[c.ID] = sum
	}
	if !ok {
		return nil
	}
	return k
}

// entity is the catalog entry of card c.
func (b *builder) entity(c card) any {
	switch c.Kind {
	case wbcatalog.KindCharacter:
		return b.cat.Character(c.ID)
	case wbcatalog.KindLeader:
		return b.cat.Leader(c.ID)
	case wbcatalog.KindEquipment:
		return b.cat.EquipmentCard(c.ID)
	case wbcatalog.KindFormation:
		return b.cat.Formation(c.ID)
	case wbcatalog.KindVocation:
		return b.cat.Vocation(c.ID)
	case wbcatalog.KindReference:
		return b.cat.Reference(c.ID)
	case wbcatalog.KindObjective:
		return b.cat.Objective(c.ID)
	}
	return nil
}

// key is the key of card c's page in language l (its images aside).
func (k *pageKeys) key(c card, l wbcatalog.Lang) [32]byte {
	h := sha256.New()
	h.Write(k.shared[:])
	own := k.cards[c.ID]
	h.Write(own[:])
	writePart(h, []byte(l))
	var sum [32]byte
	h.Sum(sum[:0])
	return sum
}

// otherKey is the key of a page other than a card's, made by template
// name: the shared part, the template, the page's fields and its data as
// JSON; false when the data cannot be encoded (then the page renders).
func (k *pageKeys) otherKey(name string, p *site.View) ([32]byte, bool) {
	h := sha256.New()
	h.Write(k.shared[:])
	fields := fmt.Sprintf("%q %q %q %q %q %q %q %q %v %v %v", name, p.Lang, p.Path, p.Title, p.Section, p.Description, p.Image, p.AltPath(), p.AtRoot, p.AnyDepth, p.HasWasm)
	writePart(h, []byte(fields))
	ok := writeJSON(h, p.Data)
	var sum [32]byte
	h.Sum(sum[:0])
	return sum, ok
}

// reusePage returns the cached page at path when its key is key and its
// card's images are the same bytes (watch serves unchanged images from its
// cache: the same slices, compared at once); card tells a card's page
// from another (they are counted apart).
func (b *builder) reusePage(path string, key [32]byte, images [2][]byte, card bool) ([]byte, bool) {
	c := b.opts.Pages
	c.mu.Lock()
	p, ok := c.pages[path]
	c.mu.Unlock()
	k := b.pageKeys
	k.mu.Lock()
	defer k.mu.Unlock()
	rendered, reused := &k.rendered, &k.reused
	if !card {
		rendered, reused = &k.otherRendered, &k.otherReused
	}
	if !ok || p.key != key || !bytes.Equal(p.images[0], images[0]) || !bytes.Equal(p.images[1], images[1]) {
		*rendered++
		return nil, false
	}
	*reused++
	k.next[path] = p
	return p.data, true
}

// keepPage records a rendered page for the next build.
func (b *builder) keepPage(path string, key [32]byte, images [2][]byte, data []byte) {
	k := b.pageKeys
	k.mu.Lock()
	k.next[path] = cachedPage{key, images, data}
	k.mu.Unlock()
}

// commitPages makes this build's pages the cache's (after a build
// without errors).
func (b *builder) commitPages() {
	c, k := b.opts.Pages, b.pageKeys
	c.mu.Lock()
	c.pages, c.Rendered, c.Reused = k.next, k.rendered, k.reused
	c.OtherRendered, c.OtherReused = k.otherRendered, k.otherReused
	b.tiles.mu.Lock()
	c.tiles = b.tiles.next
	b.tiles.mu.Unlock()
	c.mu.Unlock()
}

func writePart(h hash.Hash, p []byte) {
	var n [8]byte
	binary.LittleEndian.PutUint64(n[:], uint64(len(p)))
	h.Write(n[:])
	h.Write(p)
}

func writeJSON(h hash.Hash, v any) bool {
	b, err := json.Marshal(v)
	writePart(h, b)
	return err == nil
}
