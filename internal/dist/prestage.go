package dist

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"sync"
	"sync/atomic"

	"golang.org/x/sync/semaphore"
)

// Prestage writes the files of a coming publication into the stage while
// the build still makes them, so that creating thousands of files (the
// site's pages and card images) runs beside the stages still drawing
// instead of after the last one. It stages only folders a publication
// will write whole (folders wbtool does not own yet: a fresh output
// folder); for a folder wbtool owns, a publication writes only the files
// that changed, and [Prestage.Add] does nothing.
//
// Nothing a prestage writes is an output: the files wait in the stage
// (OUT/.wbtool/stage), and [Dir.Publish] takes over those whose bytes are
// the bytes it publishes, writes the others and deletes the ones it does
// not publish, then commits as always. A build that fails calls
// [Prestage.Abort], which deletes the stage, and the output folder and
// its state folder when the prestage made them: a failed build leaves the
// output folder as it found it. A process killed meanwhile leaves only
// the stage, which the next [Open] sweeps.
//
// A prestage holds the output folder's lock (see [Dir.Publish]) from its
// first file to the end of the publication. It does not wait for it: when
// another process is writing the folder, or has published into it since
// [Open], the prestage writes nothing and the publication writes every
// file itself, waiting for the lock then.
type Prestage struct {
	d    *Dir
	dirs map[string]bool // the folders staged: written whole

	once  sync.Once // starts the workers and makes the stage
	start error     // the stage could not be made: Add does nothing
	// jobs are the files queued; send is held to queue one (read) and
	// to close the queue (write).
	jobs chan preJob
	send sync.RWMutex
	// queued are the bytes queued, bounded by prestageBytes
	queued *semaphore.Weighted
	wg     sync.WaitGroup
	stop   atomic.Bool // Abort: the workers skip what is queued
	// lock is the output folder's, held from the stage's making to the
	// end of the publication (which takes it over) or Abort.
	lock *outLock
	made sync.Map // folders made under the stage

	mu    sync.Mutex
	files map[string]*preFile // by dir + "/" + rel; nil while queued
	taken map[string]bool     // the keys of files handed by Take
	done  bool                // Publish or Abort took over: Add does nothing
}

type preJob struct {
	key   string // dir + "/" + rel
	path  string
	data  []byte
	taken bool // by Take: the bytes are not kept
}

// preFile is a file written into the stage: its record, and the bytes it
// was written from (Publish does not hash the same slice again; nil for
// a file taken, whose caller dropped them).
type preFile struct {
	rec  fileRecord
	data []byte
}

// prestageWorkers write a prestage's files: two, as the stages that make
// them already keep the cores busy. prestageQueue is how many files may
// wait for them before Add waits too: more than a 1,202-card build makes
// (7,300), so that the stages never wait for the disk. prestageBytes
// bounds the bytes waiting (a file larger counts as this much): queued
// files are held in memory, and a 25,000-card site (2 GB) made faster
// than the disk takes it would otherwise wait whole in the queue (issue
// 35). A 1,202-card build (110 MB) rarely waits for it.
const (
	prestageWorkers = 2
	prestageQueue   = 1 << 14
	prestageBytes   = 64 << 20
)

// Prestage starts a prestage of the folders dirs (e.g. "site", "print",
// "data"): the ones wbtool does not own yet. The next [Dir.Publish] uses
// and ends it.
func (d *Dir) Prestage(dirs ...string) *Prestage {
	p := &Prestage{d: d, dirs: map[string]bool{}, files: map[string]*preFile{}, taken: map[string]bool{},
		queued: semaphore.NewWeighted(prestageBytes)}
	for _, dir := range dirs {
		if !validTop(dir) {
			continue
		}
		if _, owned := d.man.Dirs[dir]; owned {
			continue
		}
		if _, err := os.Lstat(filepath.Join(d.root, dir)); err == nil {
			continue // not wbtool's: Publish refuses it, or it is owned
		}
		p.dirs[dir] = true
	}
	if len(p.dirs) > 0 {
		d.pre = p
	}
	return p
}

// Add queues a file of folder dir, at slash path rel in it, to be written
// into the stage; data must not change afterwards. A folder the prestage
// does not stage, a path Publish would refuse, or an Add after Publish or
// Abort is ignored. The caller keeps data: Publish compares the bytes it
// publishes with those written.
func (p *Prestage) Add(dir, rel string, data []byte) { p.queue(dir, rel, data, false) }

// Take is Add, and reports whether the prestage took the file: it writes
// it, and the publication of folder dir publishes the bytes written for
// rel when the update's Files hold rel with nil bytes. The caller may then
// drop data (data must not change either), so that a build's outputs are
// written as they are made instead of all held until its end (issue 35):
// a 25,000-card site is 2 GB. A file the prestage does not take (not a
// folder it stages, a file handed twice, after Publish or Abort) must be
// published with its bytes. A taken file that fails to write fails the
// publication.
func (p *Prestage) Take(dir, rel string, data []byte) bool { return p.queue(dir, rel, data, true) }

// queue queues a file for Add (taken false) or Take and reports whether
// it was queued.
func (p *Prestage) queue(dir, rel string, data []byte, taken bool) bool {
	if p == nil || !p.dirs[dir] || checkRel(rel) != nil {
		return false
	}
	p.once.Do(p.begin)
	if p.start != nil {
		return false
	}
	key := dir + "/" + rel
	p.send.RLock()
	defer p.send.RUnlock()
	p.mu.Lock()
	_, dup := p.files[key] // written once: Publish compares the bytes it publishes
	queue := !p.done && !dup
	if queue {
		p.files[key] = nil
		if taken {
			p.taken[key] = true
		}
	}
	p.mu.Unlock()
	if queue {
		p.queued.Acquire(context.Background(), weight(data)) // never fails: no deadline
		p.jobs <- preJob{key: key, path: filepath.Join(p.d.state(), stageName, dir, filepath.FromSlash(rel)), data: data, taken: taken}
	}
	return queue
}

// begin takes the output folder's lock, finishes or sweeps what a killed
// process left, makes a new stage (the output folder too if missing) and
// starts the workers.
func (p *Prestage) begin() {
	state := p.d.state()
	if st, err := os.Lstat(state); err == nil && !st.IsDir() {
		p.start = errors.New("the state folder is not a folder") // Publish refuses it
		return
	}
	lk, err := lockOut(p.d.root, 0)
	if err != nil {
		p.start = err
		return
	}
	if err := p.d.recover(); err != nil {
		lk.unlock(true)
		p.start = err
		return
	}
	for dir := range p.dirs {
		_, owned := p.d.man.Dirs[dir]
		if _, err := os.Lstat(filepath.Join(p.d.root, dir)); err == nil || owned {
			// published by another process since Open
			lk.unlock(true)
			p.start = errors.New("the output folder changed")
			return
		}
	}
	stage := filepath.Join(state, stageName)
	if err := makeStage(state); err != nil {
		os.RemoveAll(stage)
		lk.unlock(true)
		p.start = err
		return
	}
	p.lock = lk
	p.made.Store(stage, true)
	p.jobs = make(chan preJob, prestageQueue)
	for range prestageWorkers {
		p.wg.Go(func() {
			for j := range p.jobs {
				p.write(j)
			}
		})
	}
}

// weight is what a file counts for in prestageBytes.
func weight(data []byte) int64 { return int64(min(max(len(data), 1), prestageBytes)) }

// write writes one queued file; a file that fails is left for Publish.
func (p *Prestage) write(j preJob) {
	defer p.queued.Release(weight(j.data))
	if p.stop.Load() || mkdirs(&p.made, filepath.Dir(j.path)) != nil {
		return
	}
	sum := sha256.Sum256(j.data)
	st, err := writeFile(j.path, j.data, false)
	if err != nil {
		os.Remove(j.path)
		return
	}
	rec := fileRecord{Size: st.Size(), ModTime: st.ModTime().UnixNano(), SHA256: hex.EncodeToString(sum[:])}
	f := &preFile{rec: rec, data: j.data}
	if j.taken {
		f.data = nil // the caller dropped them: nor are they kept here
	}
	p.mu.Lock()
	p.files[j.key] = f
	p.mu.Unlock()
}

// finish stops taking files and waits for the workers: they write the
// files queued, or with stop skip them.
func (p *Prestage) finish(stop bool) {
	p.once.Do(func() {}) // an Add from now on starts nothing
	if stop {
		p.stop.Store(true)
	}
	p.mu.Lock()
	wasDone := p.done
	p.done = true
	p.mu.Unlock()
	if wasDone || p.jobs == nil {
		return
	}
	p.send.Lock()
	close(p.jobs)
	p.send.Unlock()
	p.wg.Wait()
}

// Abort ends a prestage whose build published nothing: it deletes the
// stage, and the state and output folders if the prestage made them (and
// they hold nothing else). After a publication it does nothing.
func (p *Prestage) Abort() {
	if p == nil || p.d.pre != p {
		return
	}
	p.d.pre = nil
	p.finish(true)
	p.discard()
}

// discard deletes what the prestage wrote (and the output and state
// folders if it made them) and releases the lock.
func (p *Prestage) discard() {
	if p.lock == nil {
		return // never began, or Publish took over
	}
	os.RemoveAll(filepath.Join(p.d.state(), stageName))
	p.lock.unlock(true)
	p.lock = nil
}

// take hands the prestaged files of folder dir to a publication writing
// it whole: the written files by slash path in dir. Its error names a
// file taken (Take) that was not written: its bytes are gone.
func (p *Prestage) take(dir string) (map[string]*preFile, error) {
	out := map[string]*preFile{}
	prefix := dir + "/"
	var lost []string
	for key, f := range p.files {
		if len(key) <= len(prefix) || key[:len(prefix)] != prefix {
			continue
		}
		switch {
		case f != nil:
			out[key[len(prefix):]] = f
		case p.taken[key]:
			lost = append(lost, key)
		}
	}
	if len(lost) > 0 {
		sort.Strings(lost)
		return nil, fmt.Errorf("write %s: %s could not be written", p.d.display(dir), plural(len(lost), "a file", "files")+" ("+listSome(lost)+")")
	}
	return out, nil
}

// dropUnwanted deletes the prestaged files of a folder the publication
// does not make (want reports those it makes), and the folders this
// leaves empty, so that the staged folder holds exactly its files.
func dropUnwanted(dst string, pre map[string]*preFile, want func(rel string) bool) error {
	var drop []string
	for rel := range pre {
		if !want(rel) {
			drop = append(drop, rel)
		}
	}
	_, err := removeFiles(dst, drop)
	return err
}
