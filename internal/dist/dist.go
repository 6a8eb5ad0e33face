// Package dist writes wbtool's outputs under the output folder (dist/ by
// default) without ever destroying what wbtool did not write, and so that
// the outputs on disk are always those of one build.
//
// # Ownership
//
// wbtool owns the top-level output folders it writes (data, print, site)
// and nothing else of the output folder. It records them, with every file
// it wrote there, in OUT/.wbtool/manifest.json. [Dir.Publish] refuses, with
// a [RefusedError], to replace a folder that exists but is not in the
// manifest, that holds a file, folder or link the manifest does not list
// (a designer's playtest notes), whose files were edited since, or that is
// a symbolic link (wbtool follows no link in its output folder). wbtool
// watch, patching the folders on every save, checks only the paths its
// patch replaces or deletes once its own publication is the last one
// (the next build checks the whole folder again). [Open]
// refuses an output folder that is, holds or lies inside the content
// folder, or that is a link.
//
// # Generations
//
// A publication writes under OUT/.wbtool/stage a new folder whole when
// there is none yet, and only the files whose bytes changed when wbtool
// owns the folder already (a one-card edit rewrites a handful of files out
// of thousands). It flushes them to disk, then commits by writing
// OUT/.wbtool/journal.json atomically. Only then are the new folders
// renamed into place, the changed files renamed over the old ones and the
// files no longer made deleted (only files of the manifest, checked
// unedited), and the manifest rewritten. A process killed before the
// commit leaves the previous outputs untouched (the stage is swept at the
// next start); killed after it, the next start finishes the swap from the
// journal. Either way the outputs are all from one build once any wbtool
// command opens the folder again. (While the swap runs, a reader of the
// folder may see some files of each build for a moment, as with the
// folders of one publication swapped one after the other.)
//
// A build into a fresh output folder may hand its files to a [Prestage]
// as its stages make them: they are written into the stage meanwhile,
// and the publication takes over those whose bytes it publishes (the
// others it writes, or deletes), then flushes and commits as above. A
// build that fails deletes the stage (and the output folder, if the
// prestage made it); one killed leaves only the stage, swept at the next
// start.
package dist

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
)

// Files is a set of output files by slash path relative to a folder.
type Files map[string][]byte

// StateDir is wbtool's own folder inside the output folder.
const StateDir = ".wbtool"

// Names inside StateDir.
const (
	manifestName = "manifest.json"
	journalName  = "journal.json"
	stageName    = "stage"
	oldName      = "old"
	tmpPrefix    = ".wbtool-tmp-"
)

// RefusedError is an output wbtool will not write because it would
// destroy or follow something it does not own. Commands exit 2 on it: the
// fix is in the command line or in the designer's files, not the content.
type RefusedError struct {
	Path string // the folder or file, as the user wrote --out
	Why  string // a sentence saying what is wrong and what to do
}

func (e *RefusedError) Error() string { return e.Path + ": " + e.Why }

func refused(p, format string, args ...any) error {
	return &RefusedError{Path: p, Why: fmt.Sprintf(format, args...)}
}

// manifest records the folders wbtool owns and what it wrote in them.
type manifest struct {
	// Generation counts the publications of this output folder.
	Generation int `json:"generation"`
	// Dirs maps each owned top-level folder to its files.
	Dirs map[string]map[string]fileRecord `json:"dirs"`
}

// fileRecord is what wbtool knows of one file it wrote.
type fileRecord struct {
	Size    int64  `json:"size"`
	ModTime int64  `json:"mtime"` // nanoseconds, as the file system reported after writing
	SHA256  string `json:"sha256"`
}

// journal is the commit record of a publication in progress.
type journal struct {
	// Dirs are the folders to swap in whole from the stage, sorted.
	Dirs []string `json:"dirs"`
	// Patches are the folders updated file by file, sorted.
	Patches []patch `json:"patches,omitempty"`
	// Manifest is the manifest once the swap is done, or Delta its
	// changes, appended to the log (manlog.go).
	Manifest manifest `json:"manifest"`
	Delta    *delta   `json:"delta,omitempty"`
}

// journalFile is how a journal is written: its manifest already encoded
// (the manifest file's bytes), so that a publication encodes the
// manifest once, not once for the journal and again for the manifest.
type journalFile struct {
	Dirs    []string `json:"dirs"`
	Patches []patch  `json:"patches,omitempty"`
}

// encodeJournal is the journal file of a publication: jf with the
// manifest (or the delta) already encoded, spliced in as it is.
func encodeJournal(jf journalFile, field string, enc []byte) ([]byte, error) {
	b, err := json.Marshal(jf)
	if err != nil {
		return nil, err
	}
	b = append(b[:len(b)-1], `,"`+field+`":`...)
	return append(append(b, enc...), '}'), nil
}

// patch is the update of a folder wbtool owns: the files staged under
// stage/Dir to move into place, and the files of the manifest to delete.
type patch struct {
	Dir    string   `json:"dir"`
	Write  []string `json:"write,omitempty"`
	Remove []string `json:"remove,omitempty"`
}

// Dir is an output folder opened for writing.
type Dir struct {
	root string // as given, for messages and paths
	man  manifest
	// missing are, per folder, the files of the manifest checkOwned did
	// not find (deleted by hand): a patch writes them again.
	missing map[string]map[string]bool
	// fewWrites: the publication stages few files, each flushed to disk
	// with its folder (fsync) instead of the file system at the end.
	fewWrites bool
	// pre is the prestage the next publication takes over (prestage.go).
	pre *Prestage
	// committed: the publication under way wrote its journal.
	committed bool
	// manStat is the manifest file man was read from or written as: a
	// publication under the lock reads it again only when it changed
	// (another process published meanwhile).
	manStat fs.FileInfo
	// logStat is the log's (nil: none), logSize the length of its
	// complete lines (manlog.go).
	logStat fs.FileInfo
	logSize int64
	// changesOnly: the caller publishes only the folders it changed
	// (PublishesChangesOnly).
	changesOnly bool
	// ownWrite: man is the manifest this Dir's last publication wrote;
	// elsewhere: another process has published since.
	ownWrite, elsewhere bool
	// trusted: the folders are as this Dir's last publication left them
	// but for the designer's hand (watch's patches, see checkPaths).
	trusted bool
}

// ErrWrittenElsewhere is returned by Publish, which then wrote nothing,
// when another process published into the output folder since this Dir
// last did and the updates leave out some of the folders that process
// may have written (only for a Dir that PublishesChangesOnly).
var ErrWrittenElsewhere = errors.New("another wbtool wrote this output folder since the last rebuild")

// PublishesChangesOnly says that the caller publishes only the folders
// its rebuild changed (wbtool watch). Such a caller must not keep the other
// folders as they are once another process (a build in another terminal)
// has written them, or the outputs would mix two commands': Publish then
// refuses with ErrWrittenElsewhere, writing nothing, and the caller
// publishes all of its folders again.
func (d *Dir) PublishesChangesOnly() { d.changesOnly = true }

// fewFiles is the most files a folder's update flushes one by one.
const fewFiles = 64

// Open prepares the output folder out for writing: it refuses a folder
// that is a link or overlaps the content folder (content may be "" for
// content that is not on disk), creates it when missing, and finishes or
// undoes a publication a killed process left half done.
func Open(out, content string) (*Dir, error) {
	if out == "" {
		return nil, refused(out, "the output folder must be named")
	}
	if err := checkOverlap(out, content); err != nil {
		return nil, err
	}
	if st, err := os.Lstat(out); err == nil {
		if st.Mode()&fs.ModeSymlink != 0 {
			return nil, refused(out, "the output folder is a symbolic link: wbtool follows no link where it writes; give the real folder as --out")
		}
		if !st.IsDir() {
			return nil, refused(out, "the output folder is a file, not a folder: choose another --out")
		}
	} else if errors.Is(err, fs.ErrNotExist) {
		// Created by the first Publish: a build that fails writes nothing.
		return &Dir{root: out, man: manifest{Dirs: map[string]map[string]fileRecord{}}}, nil
	} else {
		return nil, err
	}
	d := &Dir{root: out}
	state := d.state()
	if st, err := os.Lstat(state); err == nil && !st.IsDir() {
		return nil, refused(state, "wbtool keeps its record of the outputs in this folder, but it is not a folder: move it away")
	}
	if _, err := os.Lstat(state); errors.Is(err, fs.ErrNotExist) {
		// no state folder: nothing to recover, and nothing wbtool owns
		d.man = manifest{Dirs: map[string]map[string]fileRecord{}}
		return d, nil
	}
	// Recovery only under the lock: another process's stage or journal
	// is not a killed one's.
	lk, err := lockOut(out, LockWait)
	if err != nil {
		return nil, err
	}
	defer lk.unlock(false)
	if err := d.recover(); err != nil {
		return nil, err
	}
	return d, nil
}

func (d *Dir) state() string { return filepath.Join(d.root, StateDir) }

// display is a slash path under the output folder as the user sees it.
func (d *Dir) display(rel string) string {
	return filepath.ToSlash(filepath.Join(d.root, filepath.FromSlash(rel)))
}

// Root is the output folder.
func (d *Dir) Root() string { return d.root }

// StatePath is a path under wbtool's own folder in the output folder, for
// caches that belong to the outputs (e.g. watch's card images).
func (d *Dir) StatePath(name string) string { return filepath.Join(d.state(), name) }

// checkOverlap refuses an output folder equal to, holding or inside the
// content folder: a build would replace or publish the designer's files.
func checkOverlap(out, content string) error {
	if content == "" {
		return nil
	}
	o, err := resolve(out)
	if err != nil {
		return err
	}
	c, err := resolve(content)
	if err != nil {
		return err
	}
	switch {
	case o == c:
		return refused(out, "the output folder is the content folder: choose another --out (wbtool writes its outputs beside the content, e.g. dist)")
	case within(c, o):
		return refused(out, "the output folder holds the content folder %s: choose an --out outside it, e.g. dist", content)
	case within(o, c):
		return refused(out, "the output folder is inside the content folder %s: outputs would be read back as content; choose an --out outside it, e.g. dist", content)
	}
	return nil
}

// within reports whether p lies strictly inside dir (both absolute, clean).
func within(p, dir string) bool {
	rel, err := filepath.Rel(dir, p)
	return err == nil && rel != "." && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}

// resolve makes p absolute with its existing part's links resolved, so
// that two spellings of one folder compare equal.
func resolve(p string) (string, error) {
	abs, err := filepath.Abs(p)
	if err != nil {
		return "", err
	}
	var rest []string
	cur := abs
	for {
		if r, err := filepath.EvalSymlinks(cur); err == nil {
			for i := len(rest) - 1; i >= 0; i-- {
				r = filepath.Join(r, rest[i])
			}
			return r, nil
		}
		parent := filepath.Dir(cur)
		if parent == cur {
			return abs, nil
		}
		rest = append(rest, filepath.Base(cur))
		cur = parent
	}
}

// readManifest reads the manifest; a missing one is empty.
func (d *Dir) readManifest() (manifest, error) {
	m := manifest{Dirs: map[string]map[string]fileRecord{}}
	b, err := os.ReadFile(filepath.Join(d.state(), manifestName))
	if errors.Is(err, fs.ErrNotExist) {
		return m, nil
	}
	if err != nil {
		return m, err
	}
	if err := json.Unmarshal(b, &m); err != nil {
		return m, refused(d.display(StateDir+"/"+manifestName), "wbtool's record of its outputs is damaged (%v): delete the output folder's data, print and site folders with it, then build again", err)
	}
	if m.Dirs == nil {
		m.Dirs = map[string]map[string]fileRecord{}
	}
	if d.logSize, err = readLog(d.state(), &m); err != nil {
		return m, refused(d.display(StateDir+"/"+logName), "wbtool's record of its outputs is damaged (%v): delete the output folder's data, print and site folders with it, then build again", err)
	}
	return m, nil
}

// recover finishes a committed publication or sweeps an uncommitted one.
func (d *Dir) recover() error {
	state := d.state()
	jb, err := os.ReadFile(filepath.Join(state, journalName))
	switch {
	case err == nil:
		var j journal
		if err := json.Unmarshal(jb, &j); err != nil {
			// The journal is written atomically: a damaged one was
			// never a commit.
			os.Remove(filepath.Join(state, journalName))
			break
		}
		if err := d.swap(j, nil, -1); err != nil {
			return err
		}
	case !errors.Is(err, fs.ErrNotExist):
		return err
	}
	os.RemoveAll(filepath.Join(state, stageName))
	os.RemoveAll(filepath.Join(state, oldName))
	sweepTemps(state)
	st, err := os.Lstat(filepath.Join(state, manifestName))
	lst := statOrNil(filepath.Join(state, logName))
	if err == nil && d.manStat != nil && sameFile(st, d.manStat) && sameFile(lst, d.logStat) {
		return nil // d.man is still the manifest
	}
	m, err := d.readManifest()
	if err != nil {
		return err
	}
	if d.ownWrite {
		d.elsewhere = true
	}
	d.ownWrite = false
	d.man = m
	d.manStat, d.logStat = st, lst
	return nil
}

// swap moves the staged folders of a committed publication into place
// and records the new manifest (enc: j.Manifest, or j.Delta, encoded; nil
// to encode it), the delta appended to the log whose complete lines are
// logAt bytes (-1: unknown). It is idempotent: a process killed during a
// swap is finished by the next one.
func (d *Dir) swap(j journal, enc []byte, logAt int64) error {
	state := d.state()
	stage, old := filepath.Join(state, stageName), filepath.Join(state, oldName)
	if err := os.MkdirAll(old, 0o755); err != nil {
		return err
	}
	for _, name := range j.Dirs {
		if !validTop(name) {
			return fmt.Errorf("journal names %q: not an output folder", name)
		}
		src := filepath.Join(stage, name)
		if _, err := os.Lstat(src); err != nil {
			continue // already swapped in
		}
		final := filepath.Join(d.root, name)
		if _, err := os.Lstat(final); err == nil {
			if err := os.Rename(final, filepath.Join(old, name)); err != nil {
				return fmt.Errorf("replace %s: %w", d.display(name), err)
			}
		}
		if err := os.Rename(src, final); err != nil {
			return fmt.Errorf("replace %s: %w", d.display(name), err)
		}
	}
	for _, p := range j.Patches {
		if err := d.applyPatch(stage, p); err != nil {
			return err
		}
	}
	if err := d.record(j, enc, logAt); err != nil {
		return err
	}
	if err := os.Remove(filepath.Join(state, journalName)); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	os.RemoveAll(old)
	os.RemoveAll(stage)
	return nil
}

// record writes the manifest of a committed publication: its delta
// appended to the log, or the whole manifest, which then needs no log.
func (d *Dir) record(j journal, enc []byte, logAt int64) error {
	state := d.state()
	var err error
	if j.Delta != nil {
		if enc == nil {
			if enc, err = json.Marshal(j.Delta); err != nil {
				return err
			}
		}
		d.logSize, err = appendLog(state, j.Delta.Generation, enc, logAt)
		return err
	}
	if enc == nil {
		if enc, err = json.Marshal(j.Manifest); err != nil {
			return err
		}
	}
	if err := writeAtomic(filepath.Join(state, manifestName), append(enc, '\n'), true); err != nil {
		return err
	}
	if err := os.Remove(filepath.Join(state, logName)); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	d.logSize = 0
	return nil
}

// applyPatch deletes the files a patch removes (and the folders this
// leaves empty), then moves its staged files into place. It is idempotent:
// a file already deleted or moved is skipped.
func (d *Dir) applyPatch(stage string, p patch) error {
	if !validTop(p.Dir) {
		return fmt.Errorf("journal names %q: not an output folder", p.Dir)
	}
	for _, rel := range append(append([]string(nil), p.Write...), p.Remove...) {
		if err := checkRel(rel); err != nil {
			return fmt.Errorf("journal: %w", err)
		}
	}
	final := filepath.Join(d.root, p.Dir)
	if rel, err := removeFiles(final, p.Remove); err != nil {
		return fmt.Errorf("remove %s: %w", d.display(p.Dir+"/"+rel), err)
	}
	made := map[string]bool{}
	for _, rel := range p.Write {
		src := filepath.Join(stage, p.Dir, filepath.FromSlash(rel))
		if _, err := os.Lstat(src); err != nil {
			continue // already moved
		}
		dst := filepath.Join(final, filepath.FromSlash(rel))
		if dir := filepath.Dir(dst); !made[dir] {
			if err := os.MkdirAll(dir, 0o755); err != nil {
				return fmt.Errorf("write %s: %w", d.display(p.Dir+"/"+rel), err)
			}
			made[dir] = true
		}
		if err := os.Rename(src, dst); err != nil {
			return fmt.Errorf("write %s: %w", d.display(p.Dir+"/"+rel), err)
		}
	}
	return nil
}

// Update is the new content of one top-level output folder.
type Update struct {
	// Dir is the folder's name under the output folder: "data", "site".
	Dir string
	// Files are the folder's files. Unless Keep is set, the folder holds
	// exactly these afterwards.
	Files Files
	// Keep keeps the folder's other files (a print command adding one
	// deck's sheets), except those in Remove and, under each folder of
	// Replace (slash paths in Dir), those not in Files: an export that
	// writes a folder's images again drops the ones it wrote before and
	// no longer makes. Only files of the manifest are dropped.
	Keep    bool
	Remove  []string
	Replace []string
	// Sums, when set, are the SHA-256 of some of Files (same paths), as
	// the caller already computed them: Publish trusts them and hashes
	// only the others, so that each output is hashed once (wbtool watch
	// hashes every output to tell what changed).
	Sums map[string][32]byte
}

// Publish writes the updates as one new generation of the outputs: all
// of them or, on any error, none. It refuses to replace a folder wbtool
// does not own (see the package documentation). It reports the number of
// files whose bytes changed.
//
// It holds the output folder's lock while it writes (or takes over its
// prestage's): another process writing the folder makes it wait up to
// [LockWait], then refuse. Under the lock it first finishes or sweeps
// what a killed process left, and reads the manifest again if another
// process published since.
func (d *Dir) Publish(updates ...Update) (changed int, err error) {
	pre := d.pre
	d.pre = nil
	var lk *outLock
	if pre != nil {
		pre.finish(false)
		lk, pre.lock = pre.lock, nil
	}
	d.committed = false
	prestaged := lk != nil
	ours := prestaged // the stage is this publication's (not a killed one's)
	defer func() {
		if err != nil && !d.committed && ours {
			os.RemoveAll(filepath.Join(d.state(), stageName))
		}
		lk.unlock(err != nil && !d.committed)
	}()
	updates = slices.Clone(updates) // sorted: the caller's order stays
	sort.Slice(updates, func(i, k int) bool { return updates[i].Dir < updates[k].Dir })
	for i, u := range updates {
		if !validTop(u.Dir) {
			return 0, fmt.Errorf("refusing to write %q: outputs are top-level folders of the output folder", u.Dir)
		}
		if i > 0 && updates[i-1].Dir == u.Dir {
			return 0, fmt.Errorf("folder %q published twice", u.Dir)
		}
		for rel := range u.Files {
			if err := checkRel(rel); err != nil {
				return 0, err
			}
		}
	}
	state := d.state()
	if st, err := os.Lstat(state); err == nil && !st.IsDir() {
		return 0, refused(d.display(StateDir), "wbtool keeps its record of the outputs in this folder, but it is not a folder: move it away")
	}
	if !prestaged {
		if lk, err = lockOut(d.root, LockWait); err != nil {
			return 0, err
		}
		if err := d.recover(); err != nil {
			return 0, err
		}
	}
	if d.elsewhere && d.changesOnly {
		d.elsewhere = false
		for dir := range d.man.Dirs {
			if !slices.ContainsFunc(updates, func(u Update) bool { return u.Dir == dir && !u.Keep }) {
				return 0, ErrWrittenElsewhere
			}
		}
	}
	d.elsewhere = false
	d.missing = map[string]map[string]bool{}
	// watch publishes a patch on every save: after its own publication,
	// with no other process's since, it checks only the paths the patch
	// writes or deletes (checkPaths), not every file of the folders.
	d.trusted = d.changesOnly && d.ownWrite
	for _, u := range updates {
		if _, owned := d.man.Dirs[u.Dir]; owned && d.trusted {
			continue
		}
		if err := d.checkOwned(u.Dir); err != nil {
			return 0, err
		}
	}

	stage := filepath.Join(state, stageName)
	if !prestaged {
		os.RemoveAll(stage)
		if err := makeStage(state); err != nil {
			return 0, fmt.Errorf("write %s: %w", d.display(StateDir), err)
		}
		ours = true
	}
	next := manifest{Generation: d.man.Generation + 1, Dirs: map[string]map[string]fileRecord{}}
	for name, recs := range d.man.Dirs {
		next.Dirs[name] = recs
	}
	j := journal{Manifest: next}
	// A few files are flushed one by one; many at once with the whole
	// file system (one call, but it waits for every other program's
	// unwritten data too).
	d.fewWrites = true
	for _, u := range updates {
		// A folder wbtool owns is updated file by file; a new one is
		// written whole.
		_, owned := d.man.Dirs[u.Dir]
		if owned {
			if _, err := os.Lstat(filepath.Join(d.root, u.Dir)); err != nil {
				owned = false
			}
		}
		var staged map[string]*preFile
		if prestaged && pre.dirs[u.Dir] && !owned {
			if staged, err = pre.take(u.Dir); err != nil {
				os.RemoveAll(stage)
				return 0, err
			}
		}
		recs, n, p, err := d.stageDir(stage, u, owned, staged)
		if err != nil {
			os.RemoveAll(stage)
			return 0, err
		}
		changed += n
		next.Dirs[u.Dir] = recs
		if owned {
			j.Patches = append(j.Patches, p)
		} else {
			j.Dirs = append(j.Dirs, u.Dir)
		}
	}
	if !d.fewWrites {
		if err := syncFS(stage); err != nil {
			os.RemoveAll(stage)
			return 0, fmt.Errorf("write %s: %w", d.display(StateDir), err)
		}
	}
	// watch's patch appends its changes to the log while it is small
	var enc []byte
	field := "manifest"
	if d.trusted && len(j.Dirs) == 0 && d.manStat != nil {
		dl := patchDelta(next, j.Patches)
		if enc, err = json.Marshal(dl); err != nil {
			return 0, err
		}
		if d.logSize+int64(len(enc))+1 <= max(minLog, d.manStat.Size()/4) {
			j.Delta, field = &dl, "delta"
		}
	}
	if j.Delta == nil {
		if enc, err = json.Marshal(j.Manifest); err != nil {
			return 0, err
		}
	}
	jb, err := encodeJournal(journalFile{Dirs: j.Dirs, Patches: j.Patches}, field, enc)
	if err != nil {
		return 0, err
	}
	if err := writeAtomic(filepath.Join(state, journalName), jb, true); err != nil {
		os.RemoveAll(stage)
		return 0, err
	}
	// Committed: from here on, the next Open finishes the swap if this
	// process dies.
	d.committed = true
	if err := d.swap(j, enc, d.logSize); err != nil {
		return 0, err
	}
	d.man = next
	d.manStat, _ = os.Lstat(filepath.Join(state, manifestName))
	d.logStat = statOrNil(filepath.Join(state, logName))
	d.ownWrite = true
	return changed, nil
}

// removeFiles deletes the files rels (slash paths in dir; one already
// gone is skipped), then the folders this leaves empty, deepest first (a
// folder that still holds something stays). It reports the file it could
// not delete.
func removeFiles(dir string, rels []string) (string, error) {
	emptied := map[string]bool{}
	for _, rel := range rels {
		if err := os.Remove(filepath.Join(dir, filepath.FromSlash(rel))); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return rel, err
		}
		for d := path.Dir(rel); d != "."; d = path.Dir(d) {
			emptied[d] = true
		}
	}
	dirs := make([]string, 0, len(emptied))
	for d := range emptied {
		dirs = append(dirs, d)
	}
	sort.Slice(dirs, func(i, k int) bool { return len(dirs[i]) > len(dirs[k]) })
	for _, d := range dirs {
		os.Remove(filepath.Join(dir, filepath.FromSlash(d))) // fails when not empty
	}
	return "", nil
}

// checkOwned refuses to replace a folder wbtool does not own.
func (d *Dir) checkOwned(name string) error {
	final := filepath.Join(d.root, name)
	st, err := os.Lstat(final)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	shown := d.display(name)
	if st.Mode()&fs.ModeSymlink != 0 {
		return refused(shown, "is a symbolic link: wbtool follows no link where it writes and will not replace it; remove the link, or build into another --out and copy from there")
	}
	if !st.IsDir() {
		return refused(shown, "is a file wbtool did not write: move it away or choose another --out")
	}
	recs, ok := d.man.Dirs[name]
	if !ok {
		return refused(shown, "exists but was not written by wbtool (it is not in %s): wbtool replaces only folders it wrote; move it away or choose another --out", d.display(StateDir+"/"+manifestName))
	}
	dirs := map[string]bool{}
	for rel := range recs {
		for dir := path.Dir(rel); dir != "."; dir = path.Dir(dir) {
			dirs[dir] = true
		}
	}
	var foreign, edited []string
	seen := make(map[string]bool, len(recs))
	err = filepath.WalkDir(final, func(p string, e fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(final, p)
		rel = filepath.ToSlash(rel)
		if rel == "." {
			return nil
		}
		if e.IsDir() {
			if !dirs[rel] {
				foreign = append(foreign, name+"/"+rel+"/")
				return fs.SkipDir
			}
			return nil
		}
		rec, ok := recs[rel]
		if !ok || !e.Type().IsRegular() {
			foreign = append(foreign, name+"/"+rel)
			return nil
		}
		seen[rel] = true
		info, err := e.Info()
		if err != nil {
			return err
		}
		if info.Size() != rec.Size || info.ModTime().UnixNano() != rec.ModTime {
			if h, err := hashFile(p); err != nil || h != rec.SHA256 {
				edited = append(edited, name+"/"+rel)
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("read %s: %w", shown, err)
	}
	if err := refuseFound(shown, foreign, edited); err != nil {
		return err
	}
	for rel := range recs {
		if !seen[rel] {
			if d.missing[name] == nil {
				d.missing[name] = map[string]bool{}
			}
			d.missing[name][rel] = true
		}
	}
	return nil
}

// refuseFound refuses to write folder shown, which holds files wbtool
// did not write (foreign) or that were changed by hand (edited).
func refuseFound(shown string, foreign, edited []string) error {
	if len(foreign) > 0 {
		return refused(shown, "holds %s wbtool did not write (%s): replacing the folder would delete them; move them out of the output folder, or choose another --out", plural(len(foreign), "a file", "files"), listSome(foreign))
	}
	if len(edited) > 0 {
		return refused(shown, "holds %s changed by hand since wbtool wrote them (%s): replacing the folder would lose the changes; move them out of the output folder, or choose another --out", plural(len(edited), "a file", "files"), listSome(edited))
	}
	return nil
}

// checkPaths is checkOwned for a patch of a folder this Dir published
// last (wbtool watch, on every save): instead of reading every file of
// the folder, it reads only what the patch replaces or deletes, and the
// folders on the way, and refuses as checkOwned does when one of them is
// not wbtool's (a link, a file it did not write, a folder of files it
// did not write where a file goes) or was changed by hand. The rest of
// the folder it leaves as it is: a designer's file beside the outputs,
// or an output edited or deleted by hand that the patch does not touch,
// is found by the next command that publishes the folder whole.
func (d *Dir) checkPaths(name string, p patch) error {
	final := filepath.Join(d.root, name)
	shown := d.display(name)
	if st, err := os.Lstat(final); err != nil {
		return err
	} else if !st.IsDir() {
		return refused(shown, "is not a folder any more: wbtool follows no link where it writes and replaces only folders it wrote; move it away, or choose another --out")
	}
	recs := d.man.Dirs[name]
	removed := make(map[string]bool, len(p.Remove))
	for _, rel := range p.Remove {
		removed[rel] = true
	}
	var foreign, edited []string
	// check is one path of the patch: a file of the manifest unedited,
	// or nothing; in place of a file written, a folder of the manifest's
	// files all removed.
	check := func(rel string, st fs.FileInfo) error {
		p := filepath.Join(final, filepath.FromSlash(rel))
		rec, ok := recs[rel]
		switch {
		case st.IsDir():
			return filepath.WalkDir(p, func(q string, e fs.DirEntry, err error) error {
				if err != nil {
					return err
				}
				sub, _ := filepath.Rel(final, q)
				sub = filepath.ToSlash(sub)
				if e.IsDir() {
					return nil
				}
				if !e.Type().IsRegular() || !removed[sub] {
					foreign = append(foreign, name+"/"+sub)
				}
				return nil
			})
		case !ok || !st.Mode().IsRegular():
			foreign = append(foreign, name+"/"+rel)
		case st.Size() != rec.Size || st.ModTime().UnixNano() != rec.ModTime:
			if h, err := hashFile(p); err != nil || h != rec.SHA256 {
				edited = append(edited, name+"/"+rel)
			}
		}
		return nil
	}
	seenDir, seen := map[string]bool{}, map[string]bool{}
	for _, rel := range slices.Concat(p.Write, p.Remove) {
		// the folders on the way: folders, or files the patch removes
		for dir := path.Dir(rel); dir != "." && !seenDir[dir]; dir = path.Dir(dir) {
			seenDir[dir] = true
			st, err := os.Lstat(filepath.Join(final, filepath.FromSlash(dir)))
			if errors.Is(err, fs.ErrNotExist) {
				continue
			}
			if err != nil {
				return fmt.Errorf("read %s: %w", shown, err)
			}
			if !st.IsDir() && !removed[dir] {
				foreign = append(foreign, name+"/"+dir)
			}
		}
		if seen[rel] {
			continue
		}
		seen[rel] = true
		st, err := os.Lstat(filepath.Join(final, filepath.FromSlash(rel)))
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err == nil {
			err = check(rel, st)
		}
		if err != nil {
			return fmt.Errorf("read %s: %w", shown, err)
		}
	}
	return refuseFound(shown, foreign, edited)
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// listSome lists the first few paths, sorted.
func listSome(paths []string) string {
	sort.Strings(paths)
	const show = 3
	if len(paths) <= show {
		return strings.Join(paths, ", ")
	}
	return strings.Join(paths[:show], ", ") + fmt.Sprintf(" and %d more", len(paths)-show)
}

// stageDir writes the new content of one folder under stage. Whole (a
// new folder): every file, unchanged ones linked to the current file. As a
// patch (a folder wbtool owns): only the files whose bytes changed, listed
// with the files to delete in the returned patch. Whole, it takes over the
// files a prestage wrote (pre, by slash path in the folder) when their
// bytes are the ones to publish.
func (d *Dir) stageDir(stage string, u Update, asPatch bool, pre map[string]*preFile) (map[string]fileRecord, int, patch, error) {
	cur := d.man.Dirs[u.Dir]
	final := filepath.Join(d.root, u.Dir)
	dst := filepath.Join(stage, u.Dir)
	p := patch{Dir: u.Dir}
	type entry struct {
		data []byte
		keep bool
	}
	want := map[string]entry{}
	if u.Keep {
		for rel := range cur {
			want[rel] = entry{keep: true}
		}
		for _, rel := range u.Remove {
			delete(want, rel)
		}
		for _, folder := range u.Replace {
			for rel := range cur {
				if strings.HasPrefix(rel, strings.TrimSuffix(folder, "/")+"/") {
					delete(want, rel)
				}
			}
		}
	}
	for rel, b := range u.Files {
		want[rel] = entry{data: b}
	}
	names := make([]string, 0, len(want))
	for rel := range want {
		names = append(names, rel)
	}
	sort.Strings(names)
	if err := os.MkdirAll(dst, 0o755); err != nil {
		return nil, 0, p, err
	}
	// prestaged from the bytes published: hashed then
	prestaged := func(rel string, data []byte) bool {
		f := pre[rel]
		return f != nil && len(f.data) == len(data) && (len(data) == 0 || &f.data[0] == &data[0])
	}
	known := func(rel string) bool { _, ok := u.Sums[rel]; return ok }
	sums := hashAll(names, func(i int) []byte {
		if e := want[names[i]]; !e.keep && !prestaged(names[i], e.data) && !known(names[i]) {
			return e.data
		}
		return nil
	})
	for i, rel := range names {
		e := want[rel]
		switch {
		case e.keep:
		case prestaged(rel, e.data):
			sums[i] = pre[rel].rec.SHA256
		case known(rel):
			h := u.Sums[rel]
			sums[i] = hex.EncodeToString(h[:])
		}
	}
	recs := make(map[string]fileRecord, len(names))
	changed := 0
	var writes []fileWrite
	for i, rel := range names {
		e := want[rel]
		old, had := cur[rel]
		sum := old.SHA256
		if !e.keep {
			sum = sums[i]
		}
		same := had && old.SHA256 == sum
		if same && asPatch && !d.missing[u.Dir][rel] {
			recs[rel] = old // the file stays where it is
			continue
		}
		if !same {
			changed++
		}
		if f := pre[rel]; f != nil {
			if f.rec.SHA256 == sum {
				recs[rel] = f.rec // written by the prestage
				p.Write = append(p.Write, rel)
				continue
			}
			if err := os.Remove(filepath.Join(dst, filepath.FromSlash(rel))); err != nil {
				return nil, 0, p, fmt.Errorf("write %s: %w", d.display(u.Dir+"/"+rel), err)
			}
		}
		w := fileWrite{rel: rel, path: filepath.Join(dst, filepath.FromSlash(rel)), data: e.data, sum: sum}
		if same || e.keep {
			w.from = filepath.Join(final, filepath.FromSlash(rel))
			w.keep = e.keep
		}
		writes = append(writes, w)
		p.Write = append(p.Write, rel)
	}
	for rel := range cur {
		if _, ok := want[rel]; !ok {
			changed++ // removed
			p.Remove = append(p.Remove, rel)
		}
	}
	sort.Strings(p.Remove)
	if asPatch && d.trusted {
		if err := d.checkPaths(u.Dir, p); err != nil {
			return nil, 0, p, err
		}
	}
	if err := dropUnwanted(dst, pre, func(rel string) bool { _, ok := want[rel]; return ok }); err != nil {
		return nil, 0, p, fmt.Errorf("write %s: %w", d.display(u.Dir), err)
	}
	// prestaged files are flushed with the file system
	few := len(writes) <= fewFiles && len(pre) == 0
	d.fewWrites = d.fewWrites && few
	dirs, err := d.writeFiles(u.Dir, dst, writes, recs, few)
	if err != nil {
		return nil, 0, p, err
	}
	if few {
		// the files' folders in the stage, for their names
		for _, dir := range append(dirs, dst) {
			if err := syncDir(dir); err != nil {
				return nil, 0, p, fmt.Errorf("write %s: %w", d.display(u.Dir), err)
			}
		}
	}
	return recs, changed, p, nil
}

// fileWrite is one file to write under the stage: data, or the current
// file from (its bytes unchanged: linked when the file system allows;
// keep: the bytes are not in data and are read from it otherwise).
type fileWrite struct {
	rel, path, sum, from string
	data                 []byte
	keep                 bool
}

// workers is how many files are hashed or written at once: a build
// writes thousands of small files, and the system calls of one wait for
// the disk's metadata locks while another's run.
const workers = 4

// hashAll is the SHA-256, in hex, of the bytes data gives for each name
// (nil: none, ""), several at a time: the 110 MB of a 1,202-card build
// take about 75 ms of one core.
func hashAll(names []string, data func(i int) []byte) []string {
	sums := make([]string, len(names))
	var next atomic.Int64
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			for i := int(next.Add(1) - 1); i < len(names); i = int(next.Add(1) - 1) {
				if b := data(i); b != nil {
					h := sha256.Sum256(b)
					sums[i] = hex.EncodeToString(h[:])
				}
			}
		})
	}
	wg.Wait()
	return sums
}

// writeFiles writes files under dst, several folders at a time (the files
// of one folder by one worker, after making the folder), records them in
// recs and returns the folders it made, sorted. files are sorted by rel.
func (d *Dir) writeFiles(dir, dst string, files []fileWrite, recs map[string]fileRecord, flush bool) ([]string, error) {
	// groups of consecutive files in one folder
	var starts []int
	for i, f := range files {
		if i == 0 || path.Dir(f.rel) != path.Dir(files[i-1].rel) {
			starts = append(starts, i)
		}
	}
	starts = append(starts, len(files))
	got := make([]fileRecord, len(files))
	errs := make([]error, workers)
	var made sync.Map // folders made, or found, under dst
	made.Store(dst, true)
	var next atomic.Int64
	var wg sync.WaitGroup
	for w := range workers {
		wg.Go(func() {
			for g := int(next.Add(1) - 1); g < len(starts)-1; g = int(next.Add(1) - 1) {
				group := files[starts[g]:starts[g+1]]
				if err := mkdirs(&made, filepath.Dir(group[0].path)); err != nil {
					errs[w] = fmt.Errorf("write %s: %w", d.display(dir+"/"+group[0].rel), err)
					return
				}
				for k, f := range group {
					rec, err := stageFile(f, flush)
					if err != nil {
						errs[w] = fmt.Errorf("write %s: %w", d.display(dir+"/"+f.rel), err)
						return
					}
					got[starts[g]+k] = rec
				}
			}
		})
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	for i, f := range files {
		recs[f.rel] = got[i]
	}
	var dirs []string
	made.Range(func(k, _ any) bool {
		if k != dst {
			dirs = append(dirs, k.(string))
		}
		return true
	})
	sort.Strings(dirs)
	return dirs, nil
}

// mkdirs makes folder p and its missing parents (up to one in made),
// each with one system call when its parent exists; a folder another
// worker made meanwhile is fine.
func mkdirs(made *sync.Map, p string) error {
	if _, ok := made.Load(p); ok {
		return nil
	}
	err := os.Mkdir(p, 0o755)
	if errors.Is(err, fs.ErrNotExist) {
		if err = mkdirs(made, filepath.Dir(p)); err == nil {
			err = os.Mkdir(p, 0o755)
		}
	}
	if err != nil && !errors.Is(err, fs.ErrExist) {
		return err
	}
	made.Store(p, true)
	return nil
}

// stageFile writes one file of the stage and returns its record: a link
// to the current file when its bytes are unchanged, else a new file.
func stageFile(f fileWrite, flush bool) (fileRecord, error) {
	if f.from != "" && os.Link(f.from, f.path) == nil {
		// Unchanged bytes: share the current file.
		st, err := os.Lstat(f.path)
		if err != nil {
			return fileRecord{}, err
		}
		return fileRecord{Size: st.Size(), ModTime: st.ModTime().UnixNano(), SHA256: f.sum}, nil
	}
	data := f.data
	if f.keep {
		b, err := os.ReadFile(f.from)
		if err != nil {
			return fileRecord{}, fmt.Errorf("keep: %w", err)
		}
		data = b
	}
	st, err := writeFile(f.path, data, flush)
	if err != nil {
		return fileRecord{}, err
	}
	return fileRecord{Size: st.Size(), ModTime: st.ModTime().UnixNano(), SHA256: f.sum}, nil
}

// writeFile creates a new file with data (flushed to disk with flush) and
// returns what the file system reports of it once written.
func writeFile(name string, data []byte, flush bool) (fs.FileInfo, error) {
	f, err := os.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return nil, err
	}
	_, err = f.Write(data)
	if err == nil && flush {
		err = f.Sync()
	}
	var st fs.FileInfo
	if err == nil {
		st, err = f.Stat()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return st, err
}

func hashFile(p string) (string, error) {
	b, err := os.ReadFile(p)
	if err != nil {
		return "", err
	}
	h := sha256.Sum256(b)
	return hex.EncodeToString(h[:]), nil
}

// validTop reports whether name is a top-level output folder name.
func validTop(name string) bool {
	return name != "" && !strings.ContainsAny(name, `/\`) && !strings.HasPrefix(name, ".")
}

// checkRel rejects paths that would leave the output folder.
func checkRel(rel string) error {
	if rel == "" || path.IsAbs(rel) || strings.Contains(rel, `\`) || path.Clean(rel) != rel ||
		rel == ".." || strings.HasPrefix(rel, "../") || strings.HasPrefix(rel, ".") {
		return fmt.Errorf("refusing to write %q: output paths must stay inside the output folder", rel)
	}
	return nil
}

// WriteFile writes one file the user named (a game log) atomically: a
// temporary file in the same folder, synced, then renamed over the old
// one. It refuses to replace a link or anything but a regular file.
func WriteFile(name string, data []byte) error {
	if st, err := os.Lstat(name); err == nil && !st.Mode().IsRegular() {
		return refused(name, "is not a regular file: wbtool will not replace it; choose another file name")
	}
	if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
		return fmt.Errorf("write %s: %w", name, err)
	}
	return writeAtomic(name, data, true)
}

// writeAtomic writes a file through a temporary file and a rename.
func writeAtomic(name string, data []byte, sync bool) error {
	f, err := os.CreateTemp(filepath.Dir(name), tmpPrefix+"*")
	if err != nil {
		return fmt.Errorf("write %s: %w", name, err)
	}
	tmp := f.Name()
	_, err = f.Write(data)
	if err == nil && sync {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(tmp, 0o644)
	}
	if err == nil {
		err = os.Rename(tmp, name)
	}
	if err != nil {
		os.Remove(tmp)
		return fmt.Errorf("write %s: %w", name, err)
	}
	return nil
}

// makeStage makes the stage folder in the state folder (and the state
// folder if missing). Its folders take their inodes where ext4 places it:
// the state folder is marked the top of unrelated trees (spreadHint), and
// the stage made under a random name then renamed, so that ext4 places it
// in a block group of its own choosing, a different one from build to
// build, rather than where the last build's stage went (or the output
// folder's neighbours): the group a folder just deleted left (rm -rf dist,
// then a build) is one where ext4 without a journal makes every create
// scan past the inodes freed in the last minutes (see spreadHint).
func makeStage(state string) error {
	if err := os.MkdirAll(state, 0o755); err != nil {
		return err
	}
	spreadHint(state)
	tmp, err := os.MkdirTemp(state, tmpPrefix+"*")
	if err != nil {
		return err
	}
	if err := os.Chmod(tmp, 0o755); err != nil {
		os.Remove(tmp)
		return err
	}
	if err := os.Rename(tmp, filepath.Join(state, stageName)); err != nil {
		os.Remove(tmp)
		return err
	}
	return nil
}

// syncDir flushes a folder's entries to disk.
func syncDir(dir string) error {
	f, err := os.Open(dir)
	if err != nil {
		return err
	}
	err = f.Sync()
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// sweepTemps removes temporary files left in dir by a killed write.
func sweepTemps(dir string) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), tmpPrefix) {
			os.RemoveAll(filepath.Join(dir, e.Name()))
		}
	}
}
