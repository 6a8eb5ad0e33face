package testtool

import "sync"

// Memo makes each key's value once per test binary, for tests that share
// an expensive setup (a starter's build, a game's site): the first caller
// of a key makes it, the others wait for it and share it.
type Memo[V any] struct {
	m sync.Map // key → func() V (sync.OnceValue)
}

// Get returns key's value, made by build if no caller made it before.
func (m *Memo[V]) Get(key string, build func() V) V {
	f, ok := m.m.Load(key)
	if !ok {
		f, _ = m.m.LoadOrStore(key, sync.OnceValue(build))
	}
	return f.(func() V)()
}
