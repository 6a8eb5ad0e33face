package watch

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime/pprof"
	"strconv"
	"strings"
	"testing"
	"time"

	"wbtool.dev/wbtool/games/warbound/wbgen"
	"wbtool.dev/wbtool/internal/budget"
	"wbtool.dev/wbtool/internal/testtool"
)

// BenchmarkEditOneCard measures the latency from a saved one-card edit to
// the finished report — evaluation in the worker process, affected checks,
// affected outputs written — as `wbtool watch` does it, minus the 150 ms
// debounce. Per-stage averages are reported as extra metrics (site and
// print run in parallel, so stages overlap); checked-ms is the time to the
// head of the report (content validated, checks played), which watch
// prints before the outputs are done; cpu-ms is the CPU time of this
// process per edit (the worker's evaluation not included), worker-cpu-ms
// the worker's, done-cpu-ms their sum and checked-cpu-ms the sum up to
// the head of the report: the figures to compare on a loaded machine. The loader "fresh" is the reference
// measured in the same run: a new child process per load (no cache), as
// watch did before the worker.
//
//	go test ./internal/watch -run '^$' -bench EditOneCard -benchtime 10x
func BenchmarkEditOneCard(b *testing.B) {
	sets := []struct {
		name     string
		tree     func(b *testing.B) string
		file     string
		old, new string
	}{
		{"starter", func(b *testing.B) string { return starterTree(b) }, "cards/raiders.cue",
			`en: "Salvaged police frame, rewired for looting."`, `en: "Salvaged police frame, rewired for looting %d."`},
		{"gen1000", func(b *testing.B) string { return genTree(b, wbgen.Options{Characters: 1000, Upgrades: 200}) }, "cards/characters-000.cue",
			`en: "Scout 5", fr`, `en: "Scout 5 v%d", fr`},
	}
	outputs := []struct {
		name string
		o    Outputs
	}{
		{"all", AllOutputs},
		{"data+site", Outputs{Data: true, Site: true}},
	}
	loaders := []struct {
		name string
		make func(b *testing.B, dir string) Loader
	}{
		{"worker", func(b *testing.B, dir string) Loader { return childLoader(b, dir, budget.Limits{Time: time.Minute}) }},
		{"fresh", func(b *testing.B, dir string) Loader {
			return freshChildLoader(b, dir, budget.Limits{Time: time.Minute})
		}},
	}
	for _, set := range sets {
		for _, out := range outputs {
			for _, ld := range loaders {
				b.Run(set.name+"/"+out.name+"/"+ld.name, func(b *testing.B) {
					editOneCard(b, set.tree(b), set.file, set.old, set.new, out.o, ld.make)
				})
			}
		}
	}
}

// editOneCard is one case of BenchmarkEditOneCard: edits of file in dir
// (old becomes new, a format with the edit's number) under a session.
func editOneCard(b *testing.B, dir, file, old, new string, outputs Outputs, loader func(b *testing.B, dir string) Loader) {
	var atChecked time.Duration // CPU time at the head of the report
	s := NewSession(Config{
		Loader:    loader(b, dir),
		ContentFS: os.DirFS(dir), // the art and the lock, as watch reads them
		Out:       filepath.Join(b.TempDir(), "dist"),
		Outputs:   outputs,
		Version:   "bench",
		OnChecked: func(*Report) {
			atChecked = testtool.CPUTime() + childrenCPUTime()
		},
	})
	ctx := context.Background()
	if r := s.Rebuild(ctx, []string{Everything}); !r.OK() {
		b.Fatalf("first build: %q", r.Errors)
	}
	stages := map[string]time.Duration{}
	prev := old
	i := 0
	var cpu, cpuChecked, worker time.Duration
	b.ResetTimer()
	for b.Loop() {
		i++
		next := fmt.Sprintf(new, i)
		b.StopTimer()
		atomicSaveTB(b, dir, file, replacedTB(b, dir, file, prev, next))
		prev = next
		b.StartTimer()
		w0 := childrenCPUTime()
		c0 := testtool.CPUTime()
		var r *Report
		// the label tells the edits from the first build in a profile:
		// go tool pprof -tagfocus edit=one
		pprof.Do(ctx, pprof.Labels("edit", "one"), func(ctx context.Context) {
			r = s.Rebuild(ctx, []string{file})
		})
		cpu += testtool.CPUTime() - c0
		w := childrenCPUTime() - w0
		worker += w
		cpuChecked += atChecked - c0 - w0
		if !r.OK() || r.Images.Rendered != 1 {
			b.Fatalf("rebuild: %q images %+v", r.Errors, r.Images)
		}
		for _, st := range r.Stages {
			stages[st.Name] += st.Took
		}
		stages["checked"] += r.Checked
	}
	perEdit := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 / float64(i) }
	b.ReportMetric(perEdit(cpu), "cpu-ms")
	b.ReportMetric(perEdit(worker), "worker-cpu-ms")
	b.ReportMetric(perEdit(cpu+worker), "done-cpu-ms")
	b.ReportMetric(perEdit(cpuChecked), "checked-cpu-ms")
	for name, d := range stages {
		if strings.ContainsAny(name, " ") {
			continue
		}
		b.ReportMetric(perEdit(d), name+"-ms")
	}
}

// childrenCPUTime is the CPU time the live child processes of this one
// (the worker) have used so far, from Linux's per-thread run times
// (/proc/PID/task/TID/schedstat, in nanoseconds); 0 elsewhere.
func childrenCPUTime() time.Duration {
	var total time.Duration
	self, _ := os.ReadDir("/proc/self/task")
	for _, t := range self {
		kids, _ := os.ReadFile(filepath.Join("/proc/self/task", t.Name(), "children"))
		for _, pid := range strings.Fields(string(kids)) {
			tasks, _ := os.ReadDir(filepath.Join("/proc", pid, "task"))
			for _, tt := range tasks {
				b, err := os.ReadFile(filepath.Join("/proc", pid, "task", tt.Name(), "schedstat"))
				if err != nil {
					continue
				}
				if f := strings.Fields(string(b)); len(f) > 0 {
					if ns, err := strconv.ParseInt(f[0], 10, 64); err == nil {
						total += time.Duration(ns)
					}
				}
			}
		}
	}
	return total
}
