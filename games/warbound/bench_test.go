package warbound

import (
	"context"
	"path/filepath"
	"testing"
	"testing/fstest"
	"time"

	"wbtool.dev/wbtool/games/warbound/wbgen"
	"wbtool.dev/wbtool/internal/dist"
	"wbtool.dev/wbtool/internal/testtool"
	"wbtool.dev/wbtool/pipeline"
)

// genFS is the tree of `make gen` (1,000 Characters, 200 Upgrades) in
// memory.
func genFS() fstest.MapFS {
	fsys := fstest.MapFS{}
	for name, src := range wbgen.Tree(wbgen.Options{Characters: 1000, Upgrades: 200}) {
		fsys[name] = &fstest.MapFile{Data: src}
	}
	return fsys
}

// BenchmarkVerdict is what `wbtool validate` runs (the verdict stages) on
// the starter content and on the generated tree, with its CPU time.
//
//	go test ./games/warbound -run '^$' -bench Verdict -benchtime 3x -cpuprofile cpu.out
func BenchmarkVerdict(b *testing.B) {
	for _, set := range []struct {
		name string
		fsys func() fstest.MapFS
	}{
		{"starter", func() fstest.MapFS { return starterFS(b) }},
		{"gen1000", genFS},
	} {
		b.Run(set.name, func(b *testing.B) {
			fsys := set.fsys()
			cpu := testtool.CPUTime()
			for b.Loop() {
				res, err := pipeline.Run(context.Background(), pipeline.Options{Content: fsys, Root: "content", Version: "bench", Stages: pipeline.Verdict, CheckSite: true, OneShot: true})
				if err != nil || !res.OK(false) {
					b.Fatalf("%v %s", err, res.Diagnostics.Text())
				}
			}
			b.ReportMetric(float64((testtool.CPUTime()-cpu).Milliseconds())/float64(b.N), "cpu-ms/op")
		})
	}
}

// BenchmarkBuild is what `wbtool build` runs on the generated tree (1,202
// cards): every stage, its outputs written into a fresh output folder's
// stage as they are made (dist.Prestage), then published (internal/dist),
// with its CPU time, the time of each stage and of the publication after
// the last stage (publish-ms).
//
//	go test ./games/warbound -run '^$' -bench 'Build$' -benchtime 3x -cpuprofile cpu.out
func BenchmarkBuild(b *testing.B) {
	fsys := genFS()
	stages := map[pipeline.Stage]time.Duration{}
	var publish time.Duration
	cpu := testtool.CPUTime()
	for b.Loop() {
		out, err := dist.Open(filepath.Join(b.TempDir(), "out"), "")
		if err != nil {
			b.Fatal(err)
		}
		pre := out.Prestage(pipeline.DataDir, pipeline.PrintDir, pipeline.SiteDir)
		res, err := pipeline.Run(context.Background(), pipeline.Options{Content: fsys, Root: "content", Version: "bench", OneShot: true, Emit: pre.Take})
		if err != nil || !res.OK(false) {
			b.Fatalf("%v %s", err, res.Diagnostics.Text())
		}
		t := time.Now()
		if _, err := out.Publish(res.Updates()...); err != nil {
			b.Fatal(err)
		}
		publish += time.Since(t)
		for _, tm := range res.Times {
			stages[tm.Stage] += tm.Took
		}
	}
	b.ReportMetric(float64((testtool.CPUTime()-cpu).Milliseconds())/float64(b.N), "cpu-ms/op")
	for s, d := range stages {
		b.ReportMetric(float64(d.Milliseconds())/float64(b.N), string(s)+"-ms")
	}
	b.ReportMetric(float64(publish.Milliseconds())/float64(b.N), "publish-ms")
}
