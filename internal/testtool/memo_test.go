package testtool

import (
	"sync"
	"sync/atomic"
	"testing"
)

// TestMemo: each key is made once, however many callers ask at once, and
// every caller gets that value.
func TestMemo(t *testing.T) {
	var m Memo[int]
	var made atomic.Int32
	var wg sync.WaitGroup
	for i := range 16 {
		wg.Go(func() {
			key := []string{"a", "b"}[i%2]
			v := m.Get(key, func() int { return int(made.Add(1)) })
			if v != m.Get(key, func() int { t.Error("made twice"); return 0 }) {
				t.Errorf("key %s: two values", key)
			}
		})
	}
	wg.Wait()
	if made.Load() != 2 {
		t.Errorf("made %d values for 2 keys", made.Load())
	}
}
