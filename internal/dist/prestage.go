package dist

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
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
	wg   sync.WaitGroup
	stop atomic.Bool // Abort: the workers skip what is queued
	// lock is the output folder's, held from the stage's making to the
	// end of the publication (which takes it over) or Abort.
	lock *outLock
	made sync.Map // folders made under the stage

	mu    sync.Mutex
	files map[string]*preFile // by dir + "/" + rel; nil while queued
	done  bool                // Publish or Abort took over: Add does nothing
}

type preJob struct {
	key  string // dir + "/" + rel
	path string
	data []byte
}

// preFile is a file written into the stage: its record, and the bytes it
// was written from (Publish does not hash the same slice again).
type preFile struct {
	rec  fileRecord
	data []byte
}

// prestageWorkers write a prestage's files: two, as the stages that make
// them already keep the cores busy. prestageQueue is how many files may
// wait for them before Add waits too: more than a 1,202-card build makes
// (7,300), so that the stages never wait for the disk.
const (
	prestageWorkers = 2
	prestageQueue   = 1 << 14
)

// Prestage starts a prestage of the folders dirs (e.g. "site", "print",
// "data"): the ones wbtool does not own yet. The next [Dir.Publish] uses
// and ends it.
func (d *Dir) Prestage(dirs ...string) *Prestage {
	p := &Prestage{d: d, dirs: map[string]bool{}, files: map[string]*preFile{}}
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
// Abort is ignored.
func (p *Prestage) Add(dir, rel string, data []byte) {
	if p == nil || !p.dirs[dir] || checkRel(rel) != nil {
		return
	}
	p.once.Do(p.begin)
	if p.start != nil {
		return
	}
	key := dir + "/" + rel
	p.send.RLock()
	defer p.send.RUnlock()
	p.mu.Lock()
	_, dup := p.files[key] // written once: Publish compares the bytes it publishes
	if !p.done && !dup {
		p.files[key] = nil
	}
	queue := !p.done && !dup
	p.mu.Unlock()
	if queue {
		p.jobs <- preJob{key: key, path: filepath.Join(p.d.state(), stageName, dir, filepath.FromSlash(rel)), data: data}
	}
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

// write writes one queued file; a file that fails is left for Publish.
func (p *Prestage) write(j preJob) {
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
	p.mu.Lock()
	p.files[j.key] = &preFile{rec: rec, data: j.data}
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
// it whole: the written files by slash path in dir.
func (p *Prestage) take(dir string) map[string]*preFile {
	out := map[string]*preFile{}
	prefix := dir + "/"
	for key, f := range p.files {
		if f != nil && len(key) > len(prefix) && key[:len(prefix)] == prefix {
			out[key[len(prefix):]] = f
		}
	}
	return out
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
