package budget

import (
	"bufio"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"sync"
	"time"

	"wbtool.dev/wbtool/internal/contentfs"
	"wbtool.dev/wbtool/internal/crash"
	"wbtool.dev/wbtool/schema"
)

// A Worker is a child process that lives across loads: it keeps a
// schema.Cache, so that after a save only the changed files are evaluated
// again ([schema.Cache]). Each load is still budgeted: the parent kills the
// worker when one evaluation runs past the time budget or the worker's
// resident memory grows past the memory budget, reports an
// [ExceededError], and starts a fresh worker (with an empty cache) at the
// next load. A worker that crashes is replaced the same way.
//
// The parent asks for a load by writing one byte to the worker's standard
// input; the worker answers on its standard output with one frame per
// load: the magic, a kind byte, the payload's length (8 bytes, big
// endian) and the payload, as [Child] writes it. The worker exits when its
// standard input closes, and dies with its parent.
type Worker struct {
	Runner  *Runner
	Request Request
	// Args, when set, are the worker's whole arguments (after
	// Runner.Exe), instead of Runner.Args and Request's: a worker that
	// serves calls ([Worker.Call], [ServeCalls]) rather than loads. It
	// caps its own memory (LimitSelf) as a load worker does.
	Args []string

	mu   sync.Mutex
	proc *workerProc
	// Started counts the worker processes started (for tests).
	Started int
}

// workerProc is one running worker process.
type workerProc struct {
	cmd     *exec.Cmd
	stdin   io.WriteCloser
	answers chan frame // one per request; closed when stdout ends
	done    chan error // the process's exit, after answers is closed
	stderr  *tailBuffer
	exited  error // the process's exit, once stopped
}

type frame struct {
	kind    byte
	payload []byte
	err     error
}

// loadRequest is the byte that asks the worker for a load; callRequest
// asks a worker serving calls for one, followed by the request's length
// (8 bytes, big endian) and the request.
const (
	loadRequest = 'L'
	callRequest = 'J'
)

// The kinds of a call's answers: progress reports, then the result (or a
// kindFailure).
const (
	kindProgress = 'P'
	kindResult   = 'R'
)

// LoadContent asks the worker (started if needed) for a load and returns
// what it loaded, as [Runner.Load] does: content errors as schema.Errors,
// a blown budget as *ExceededError (the worker is then gone), a cancelled
// ctx as ctx.Err() (the worker is stopped too: an evaluation cannot be
// interrupted).
func (w *Worker) LoadContent(ctx context.Context) (Loaded, Stats, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	f, st, err := w.call(ctx, []byte{loadRequest}, nil)
	if err != nil {
		return Loaded{}, st, err
	}
	ld, err := decodeAnswer(f.kind, f.payload)
	return ld, st, err
}

// Call sends req to a worker that serves calls ([ServeCalls]; the
// worker's program and arguments are Runner.Exe and Args) and returns its
// answer. The budget is the same as a load's: the worker's process tree is
// killed when its resident memory grows past the memory budget, or when
// the time budget passes without a word from it — each progress report
// (onProgress, called in this goroutine) starts the time budget again, so
// that each step of a long call has the whole budget. A blown budget is an
// *ExceededError, a cancelled ctx is ctx.Err(), and the worker is gone
// then: the next call starts a fresh one. An error the worker returned
// comes back as an error with its text.
func (w *Worker) Call(ctx context.Context, req []byte, onProgress func([]byte)) ([]byte, Stats, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	f, st, err := w.call(ctx, binary.BigEndian.AppendUint64([]byte{callRequest}, uint64(len(req))), onProgress, req...)
	if err != nil {
		return nil, st, err
	}
	if f.kind == kindFailure {
		return nil, st, errors.New(string(f.payload))
	}
	return f.payload, st, nil
}

// call writes a request (head and body) to the worker, started if
// needed, and waits for its final answer under the budget, passing
// progress frames to onProgress. w.mu is held.
func (w *Worker) call(ctx context.Context, head []byte, onProgress func([]byte), body ...byte) (frame, Stats, error) {
	lim := w.Runner.Limits.withDefaults()
	var st Stats
	if w.proc == nil {
		p, err := w.start(lim)
		if err != nil {
			return frame{}, st, err
		}
		w.proc = p
	}
	p := w.proc
	start := time.Now()
	kill := func(reason error) (frame, Stats, error) {
		w.stop()
		st.Elapsed = time.Since(start)
		return frame{}, st, reason
	}
	if _, err := p.stdin.Write(append(head, body...)); err != nil {
		return w.crashed(p, st, start, err)
	}
	deadline := time.NewTimer(lim.Time)
	defer deadline.Stop()
	tick := time.NewTicker(pollEvery)
	defer tick.Stop()
	tree := &treeSampler{pid: p.cmd.Process.Pid}
	defer tree.close()
	for {
		select {
		case f, ok := <-p.answers:
			var ex *ExceededError
			if ok && errors.As(f.err, &ex) {
				return kill(&ExceededError{Resource: Memory, Limit: lim})
			}
			if !ok || f.err != nil {
				err := errors.New("no answer")
				if ok {
					err = f.err
				}
				return w.crashed(p, st, start, err)
			}
			st.PeakRSS = max(st.PeakRSS, tree.sample())
			if st.PeakRSS > lim.Memory {
				return kill(&ExceededError{Resource: Memory, Limit: lim})
			}
			if f.kind == kindProgress {
				if onProgress != nil {
					onProgress(f.payload)
				}
				deadline.Reset(lim.Time)
				continue
			}
			st.Elapsed = time.Since(start)
			return f, st, nil
		case <-ctx.Done():
			return kill(ctx.Err())
		case <-deadline.C:
			return kill(&ExceededError{Resource: Time, Limit: lim})
		case <-tick.C:
			rss := tree.sample()
			st.PeakRSS = max(st.PeakRSS, rss)
			if rss > lim.Memory {
				return kill(&ExceededError{Resource: Memory, Limit: lim})
			}
		}
	}
}

// crashed reports a worker that stopped answering, and forgets it.
func (w *Worker) crashed(p *workerProc, st Stats, start time.Time, cause error) (frame, Stats, error) {
	w.stop()
	st.Elapsed = time.Since(start)
	st.PeakRSS = max(st.PeakRSS, maxRSS(p.cmd.ProcessState))
	msg := p.stderr.String()
	if isOutOfMemory(msg) {
		return frame{}, st, &ExceededError{Resource: Memory, Limit: w.Runner.Limits.withDefaults()}
	}
	if crash.IsTrace(msg) { // a panic no guard caught, a fatal error
		return frame{}, st, crash.WriteReport(loadStage, msg)
	}
	if p.exited != nil {
		cause = p.exited // more telling than a closed pipe
	}
	return frame{}, st, fmt.Errorf("the evaluation process failed (%v): %s", cause, crashSummary(msg))
}

// start starts a worker process.
func (w *Worker) start(lim Limits) (*workerProc, error) {
	req := w.Request
	req.Memory, req.Time, req.Worker = lim.Memory, lim.Time, true
	r := w.Runner
	args := append(append([]string(nil), r.Args...), req.Args()...)
	if w.Args != nil {
		args = w.Args
	}
	cmd := exec.Command(r.Exe, args...)
	cmd.Env = append(os.Environ(), r.Env...)
	dieWithParent(cmd)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	p := &workerProc{cmd: cmd, stdin: stdin, answers: make(chan frame), done: make(chan error, 1), stderr: &tailBuffer{max: 16 << 10}}
	cmd.Stderr = p.stderr
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("start the evaluation process: %w", err)
	}
	w.Started++
	go func() {
		br := bufio.NewReader(stdout)
		for {
			f := readFrame(br, lim.Memory)
			if f.err == io.EOF {
				break
			}
			p.answers <- f
			if f.err != nil {
				break // the worker is killed
			}
		}
		close(p.answers)
		// Wait after stdout is read (exec.Cmd's rule).
		p.done <- cmd.Wait()
	}()
	return p, nil
}

// stop kills the worker process, if any, and waits for it.
func (w *Worker) stop() {
	p := w.proc
	if p == nil {
		return
	}
	w.proc = nil
	killTree(p.cmd.Process)
	_ = p.stdin.Close()
	for range p.answers { // what the reader still had
	}
	p.exited = <-p.done
}

// Close stops the worker process.
func (w *Worker) Close() error {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.stop()
	return nil
}

// readFrame reads one answer of a worker; io.EOF at a frame's start means
// the worker closed its output.
func readFrame(r *bufio.Reader, limit int64) frame {
	head := make([]byte, len(magic)+1+8)
	if _, err := io.ReadFull(r, head); err != nil {
		if err == io.ErrUnexpectedEOF {
			err = errors.New("truncated answer")
		}
		return frame{err: err}
	}
	if string(head[:len(magic)]) != magic {
		return frame{err: errors.New("unknown answer")}
	}
	n := binary.BigEndian.Uint64(head[len(magic)+1:])
	if n > uint64(limit) {
		return frame{err: &ExceededError{Resource: Memory}}
	}
	payload := make([]byte, n)
	if _, err := io.ReadFull(r, payload); err != nil {
		return frame{err: errors.New("truncated answer")}
	}
	return frame{kind: head[len(magic)], payload: payload}
}

// ServeWorker is the worker side: it loads req.Dir each time a request
// arrives on r and writes each answer to w as a frame, keeping a
// schema.Cache between loads. It returns nil when r ends.
func ServeWorker(r io.Reader, w io.Writer, req Request) error {
	// The time budget is the parent's to enforce, per load: the CPU
	// limit of a one-load child would add up over the worker's life.
	LimitSelf(Limits{Memory: req.Memory})
	cache := schema.NewCache()
	return serveRequests(r, loadRequest, func(*bufio.Reader) error {
		kind, payload := load(req, cache)
		return writeFrame(w, kind, payload)
	})
}

// serveRequests reads a worker's requests from r, each starting with the
// byte want, until r ends (nil): answer reads the rest of one from br and
// writes its answer.
func serveRequests(r io.Reader, want byte, answer func(br *bufio.Reader) error) error {
	br := bufio.NewReader(r)
	for {
		b, err := br.ReadByte()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		if b != want {
			return fmt.Errorf("unknown request %q", b)
		}
		if err := answer(br); err != nil {
			return err
		}
	}
}

// writeFrame writes one answer of a worker.
func writeFrame(w io.Writer, kind byte, payload []byte) error {
	head := make([]byte, len(magic)+1+8, len(magic)+1+8+len(payload))
	copy(head, magic)
	head[len(magic)] = kind
	binary.BigEndian.PutUint64(head[len(magic)+1:], uint64(len(payload)))
	_, err := w.Write(append(head, payload...))
	return err
}

// ServeCalls is the worker side of [Worker.Call]: it answers each request
// arriving on r with handle's result, written to w, until r ends (nil).
// handle may report progress (each report starts the caller's time budget
// again); an error it returns is sent as the call's error. The process
// caps its memory at mem bytes (LimitSelf); the time budget is the
// parent's to enforce.
func ServeCalls(r io.Reader, w io.Writer, mem int64, handle func(req []byte, progress func([]byte)) ([]byte, error)) error {
	LimitSelf(Limits{Memory: mem})
	var mu sync.Mutex // progress may come from another goroutine
	send := func(kind byte, payload []byte) error {
		mu.Lock()
		defer mu.Unlock()
		return writeFrame(w, kind, payload)
	}
	return serveRequests(r, callRequest, func(br *bufio.Reader) error {
		var n [8]byte
		if _, err := io.ReadFull(br, n[:]); err != nil {
			return err
		}
		size := binary.BigEndian.Uint64(n[:])
		if size > maxLen {
			return fmt.Errorf("request of %d bytes too large", size)
		}
		req := make([]byte, size)
		if _, err := io.ReadFull(br, req); err != nil {
			return err
		}
		out, err := handle(req, func(p []byte) { _ = send(kindProgress, p) })
		kind := byte(kindResult)
		if err != nil {
			kind, out = kindFailure, []byte(err.Error())
		}
		return send(kind, out)
	})
}

// load loads req.Dir once (with cache, when not nil) and encodes the
// outcome: the content, or the content errors, or the failure.
func load(req Request, cache *schema.Cache) (kind byte, payload []byte) {
	// A panic is wbtool's bug: its report goes to a file the parent
	// names (crash.Reported), and the worker goes on serving loads.
	defer func() {
		if v := recover(); v != nil {
			kind, payload = kindCrash, []byte(crash.Report(crash.From(loadStage, v)).Path)
		}
	}()
	crash.Trigger(loadStage)
	// The folder is read as the one-shot commands read it: regular files
	// inside it only, so a link out of it, a named pipe or a device is a
	// content error instead of a leak or a hang.
	cfs, err := contentfs.Open(req.Dir)
	if err != nil {
		return kindFailure, fmt.Appendf(nil, "content folder: %v", err)
	}
	defer cfs.Close()
	return loadGame(cfs, req, cache)
}

// LoadHere loads req.Dir in this process with cache (nil: none), exactly
// as a load worker does and with the same answer, Sum included: what a
// worker serving calls uses to load the content it then builds.
func LoadHere(req Request, cache *schema.Cache) (Loaded, error) {
	kind, payload := load(req, cache)
	return decodeAnswer(kind, payload)
}
