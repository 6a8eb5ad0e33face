package watch

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"wbtool.dev/wbtool/internal/budget"
	"wbtool.dev/wbtool/internal/gen"
	"wbtool.dev/wbtool/internal/testtool"
)

// BenchmarkEditOneCard measures the latency from a saved one-card edit to
// the finished report — evaluation in the worker process, affected checks,
// affected outputs written — as `wbtool watch` does it, minus the 150 ms
// debounce. Per-stage averages are reported as extra metrics (site and
// print run in parallel, so stages overlap); checked-ms is the time to the
// head of the report (content validated, checks played), which watch
// prints before the outputs are done; cpu-ms is the CPU time of this
// process per edit (the worker's evaluation not included), the figure to
// compare on a loaded machine. The loader "fresh" is the reference
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
		{"gen1000", func(b *testing.B) string { return genTree(b, gen.Options{Characters: 1000, Upgrades: 200}) }, "cards/characters-000.cue",
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
	s := NewSession(Config{
		Loader:  loader(b, dir),
		Out:     filepath.Join(b.TempDir(), "dist"),
		Outputs: outputs,
		Version: "bench",
	})
	ctx := context.Background()
	if r := s.Rebuild(ctx, []string{Everything}); !r.OK() {
		b.Fatalf("first build: %q", r.Errors)
	}
	stages := map[string]time.Duration{}
	prev := old
	i := 0
	var cpu time.Duration
	b.ResetTimer()
	for b.Loop() {
		i++
		next := fmt.Sprintf(new, i)
		b.StopTimer()
		atomicSaveTB(b, dir, file, replacedTB(b, dir, file, prev, next))
		prev = next
		b.StartTimer()
		c0 := testtool.CPUTime()
		r := s.Rebuild(ctx, []string{file})
		cpu += testtool.CPUTime() - c0
		if !r.OK() || r.Images.Rendered != 1 {
			b.Fatalf("rebuild: %q images %+v", r.Errors, r.Images)
		}
		for _, st := range r.Stages {
			stages[st.Name] += st.Took
		}
		stages["checked"] += r.Checked
	}
	b.ReportMetric(float64(cpu.Microseconds())/1000/float64(i), "cpu-ms")
	for name, d := range stages {
		if strings.ContainsAny(name, " ") {
			continue
		}
		b.ReportMetric(float64(d.Microseconds())/1000/float64(i), name+"-ms")
	}
}
