package dist

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// The manifest of a folder wbtool watch patches on every save is not
// written whole each time (1.3 MB for 1,202 cards, for a handful of files
// changed): each patch appends one line to OUT/.wbtool/manifest.log, the
// changes of one generation, and the manifest is the last one written
// whole with the log's later generations applied. The next publication
// that writes it whole (every command but watch, or watch once the log
// has grown past a quarter of the manifest) deletes the log.
const logName = "manifest.log"

// minLog is the size the log may grow to whatever the manifest's.
const minLog = 64 << 10

// delta is one line of the log: a generation's changes to the manifest.
type delta struct {
	Generation int                 `json:"generation"`
	Dirs       map[string]dirDelta `json:"dirs"`
}

// dirDelta is the change to one folder's records.
type dirDelta struct {
	Set map[string]fileRecord `json:"set,omitempty"`
	Del []string              `json:"del,omitempty"`
}

// patchDelta is the change the patches of a publication make to the
// manifest, whose next state is next.
func patchDelta(next manifest, patches []patch) delta {
	dl := delta{Generation: next.Generation, Dirs: make(map[string]dirDelta, len(patches))}
	for _, p := range patches {
		dd := dirDelta{Set: make(map[string]fileRecord, len(p.Write)), Del: p.Remove}
		for _, rel := range p.Write {
			dd.Set[rel] = next.Dirs[p.Dir][rel]
		}
		dl.Dirs[p.Dir] = dd
	}
	return dl
}

// apply makes the changes of one generation.
func (m *manifest) apply(dl delta) {
	m.Generation = dl.Generation
	for dir, dd := range dl.Dirs {
		recs := m.Dirs[dir]
		if recs == nil {
			recs = make(map[string]fileRecord, len(dd.Set))
			m.Dirs[dir] = recs
		}
		for rel, r := range dd.Set {
			recs[rel] = r
		}
		for _, rel := range dd.Del {
			delete(recs, rel)
		}
	}
}

// readLog applies to m the generations of the log after m's, and returns
// the length of the log's complete lines (a line cut short by a process
// killed while appending it is not part of the log: its publication's
// journal appends it again).
func readLog(state string, m *manifest) (int64, error) {
	b, err := os.ReadFile(filepath.Join(state, logName))
	if errors.Is(err, fs.ErrNotExist) {
		return 0, nil
	}
	if err != nil {
		return 0, err
	}
	b = b[:bytes.LastIndexByte(b, '\n')+1]
	for rest := b; len(rest) > 0; {
		line, after, _ := bytes.Cut(rest, []byte{'\n'})
		rest = after
		var dl delta
		if err := json.Unmarshal(line, &dl); err != nil {
			return 0, fmt.Errorf("%s: %w", logName, err)
		}
		switch {
		case dl.Generation <= m.Generation:
		case dl.Generation == m.Generation+1:
			m.apply(dl)
		default:
			return 0, fmt.Errorf("%s: generation %d follows %d", logName, dl.Generation, m.Generation)
		}
	}
	return int64(len(b)), nil
}

// appendLog appends line, generation gen encoded, to the log whose
// complete lines are at bytes (-1: unknown, a process recovering a
// journal: the log is read, and gen not appended again if it is there),
// and returns the log's new length.
func appendLog(state string, gen int, line []byte, at int64) (int64, error) {
	name := filepath.Join(state, logName)
	if at < 0 {
		m := manifest{Generation: gen - 1, Dirs: map[string]map[string]fileRecord{}}
		var err error
		if at, err = readLog(state, &m); err != nil {
			return 0, err
		}
		if m.Generation >= gen {
			return at, nil
		}
	}
	f, err := os.OpenFile(name, os.O_WRONLY|os.O_CREATE, 0o644)
	if err != nil {
		return 0, fmt.Errorf("write %s: %w", name, err)
	}
	err = f.Truncate(at)
	if err == nil {
		_, err = f.WriteAt(append(line, '\n'), at)
	}
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return 0, fmt.Errorf("write %s: %w", name, err)
	}
	return at + int64(len(line)) + 1, nil
}

// sameFile reports whether two stats (nil: no file) are of one file
// unchanged.
func sameFile(a, b fs.FileInfo) bool {
	if a == nil || b == nil {
		return a == nil && b == nil
	}
	return os.SameFile(a, b) && a.Size() == b.Size() && a.ModTime().Equal(b.ModTime())
}

// statOrNil is the file's stat, nil when there is none.
func statOrNil(name string) fs.FileInfo {
	st, err := os.Lstat(name)
	if err != nil {
		return nil
	}
	return st
}
