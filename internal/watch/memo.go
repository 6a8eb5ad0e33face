package watch

import (
	"sync"

	"wbtool.dev/wbtool/pipeline/ruleset"
)

// memo is one rebuild's view of the session's caches, for an incremental
// game's stages (ruleset.Memo): the game gives the keys, the memo reuses
// what the last rebuild made under the same key and records what this
// one makes. What it records becomes the session's when the rebuild ends
// (commit): the card images and kept values only after a build that ran
// to its end.
type memo struct {
	s    *Session
	salt string

	mu                         sync.Mutex
	rendered, reused, fromDisk int                   // card images
	used                       map[string]cardImages // card images used, by key
	rerun, unchanged           int                   // check games
	keep                       map[string]kept
	counts                     map[string]int
	asked                      map[string]bool // output files asked for
}

type kept struct {
	v    any
	keys map[string]string
}

type checkEntry struct {
	key string
	run ruleset.CheckRun
}

func newMemo(s *Session, salt string) *memo {
	return &memo{s: s, salt: salt, used: map[string]cardImages{}, keep: map[string]kept{},
		counts: map[string]int{}, asked: map[string]bool{}}
}

func (m *memo) Salt() string { return m.salt }

// Checks plays the check games whose key changed, and reuses the other
// runs. The session's runs are those of this rebuild from now on.
func (m *memo) Checks(ids []string, key func(id string, reads []string) string, play func(ids []string) []ruleset.CheckRun) []ruleset.CheckRun {
	s := m.s
	next := make(map[string]checkEntry, len(ids))
	var todo []string
	for _, id := range ids {
		prev, ok := s.checks[id]
		k := key(id, prev.run.Reads)
		if ok && prev.key == k {
			next[id] = prev
			continue
		}
		todo = append(todo, id)
	}
	if len(todo) > 0 {
		for _, run := range play(todo) {
			// The key may name more now that the run listed what it
			// read: key it with that, so that the next rebuild compares
			// like with like.
			next[run.ID] = checkEntry{key: key(run.ID, run.Reads), run: run}
		}
	}
	s.checks = next
	m.mu.Lock()
	m.rerun, m.unchanged = len(todo), len(ids)-len(todo)
	m.mu.Unlock()
	out := make([]ruleset.CheckRun, len(ids))
	for i, id := range ids {
		out[i] = next[id].run
	}
	return out
}

// CardImages takes a card's images from memory, then from the disk cache,
// else draws them (and keeps them on disk).
func (m *memo) CardImages(key string, draw func() ([]byte, []byte, error)) ([]byte, []byte, error) {
	s := m.s
	m.mu.Lock()
	img, ok := s.images[key]
	if !ok {
		img, ok = m.used[key]
	}
	m.mu.Unlock()
	counter := &m.reused
	if !ok {
		if img, ok = s.disk.get(key); ok {
			counter = &m.fromDisk
		}
	}
	if !ok {
		front, back, err := draw()
		if err != nil {
			return nil, nil, err
		}
		img = cardImages{front, back}
		s.disk.put(key, img)
		counter = &m.rendered
	}
	m.mu.Lock()
	*counter++
	m.used[key] = img
	m.mu.Unlock()
	return img.front, img.back, nil
}

func (m *memo) Kept(name string) (any, map[string]string) {
	k := m.s.kept[name]
	return k.v, k.keys
}

func (m *memo) Keep(name string, v any, keys map[string]string) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.keep[name] = kept{v, keys}
}

func (m *memo) Shared(name string, make func() any) any {
	m.mu.Lock()
	defer m.mu.Unlock()
	v, ok := m.s.shared[name]
	if !ok {
		v = make()
		m.s.shared[name] = v
	}
	return v
}

// Output reads back an output file the session wrote under key (it is
// on disk: a session writing no folder has none).
func (m *memo) Output(path, key string) ([]byte, bool) {
	m.mu.Lock()
	m.asked[path] = true
	m.mu.Unlock()
	s := m.s
	if s.made[path] != key || s.cfg.Out == "" {
		return nil, false
	}
	b, err := s.readBack(path)
	return b, err == nil
}

func (m *memo) Made(path, key string) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.asked[path] = true
	m.s.made[path] = key
}

func (m *memo) Count(name string, n int) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.counts[name] = n
}

// ran ends a rebuild whose pipeline ran to its end: what the stages kept
// is the session's, and the files no longer asked for are forgotten.
func (m *memo) ran() {
	for name, k := range m.keep {
		m.s.kept[name] = k
	}
	if len(m.asked) > 0 {
		for p := range m.s.made {
			if !m.asked[p] {
				delete(m.s.made, p) // a deck that is gone
			}
		}
	}
}
