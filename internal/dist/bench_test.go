package dist

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"wbtool.dev/wbtool/internal/testtool"
)

// buildShaped is a build's outputs for 1,202 cards (the tree of `make
// gen`) in shape: a site of 2,404 card folders per language pair, each
// with its page and two card images, list pages, and a few large sheets
// in print; about 9,700 files and 110 MB, like `wbtool build`'s.
func buildShaped() []Update {
	r := rand.New(rand.NewPCG(1, 2))
	bytes := func(n int) []byte {
		b := make([]byte, n)
		for i := range b {
			b[i] = byte('a' + r.IntN(26))
		}
		return b
	}
	site, print := Files{}, Files{}
	for _, l := range []string{"en", "fr"} {
		for i := range 1202 {
			dir := fmt.Sprintf("%s/cards/gen-%04d/", l, i)
			site[dir+"index.html"] = bytes(5_000)
			site[dir+"front.svg"] = bytes(10_500)
			site[dir+"back.svg"] = bytes(12_500)
		}
		for i := range 30 {
			site[fmt.Sprintf("%s/list-%02d/index.html", l, i)] = bytes(400_000)
		}
		print["cards-"+l+".pdf"] = bytes(2_000_000)
		site["print/cards-"+l+".pdf"] = print["cards-"+l+".pdf"]
	}
	return []Update{{Dir: "site", Files: site}, {Dir: "print", Files: print},
		{Dir: "data", Files: Files{"catalog.json": bytes(900_000)}}}
}

// publishEach opens the folder prepare gives (prepared outside the
// measured part) and publishes updates into it, at each iteration, and
// reports the CPU and system time of each publication.
func publishEach(b *testing.B, updates []Update, prepare func() string) {
	var cpu, sys time.Duration
	for b.Loop() {
		b.StopTimer()
		out := prepare()
		c, s := testtool.CPUTime(), sysTime()
		b.StartTimer()
		d, err := Open(out, "")
		if err == nil {
			_, err = d.Publish(updates...)
		}
		if err != nil {
			b.Fatal(err)
		}
		cpu, sys = cpu+testtool.CPUTime()-c, sys+sysTime()-s
	}
	b.ReportMetric(float64(cpu.Milliseconds())/float64(b.N), "cpu-ms/op")
	b.ReportMetric(float64(sys.Milliseconds())/float64(b.N), "sys-ms/op")
}

// BenchmarkPublish publishes a build's outputs into a fresh output folder,
// and one changed file into a folder wbtool owns (a watch save), with the
// CPU time of each.
//
//	go test ./internal/dist -run '^$' -bench Publish -benchtime 5x
//	go test ./internal/dist -run '^$' -bench 'Publish/(one-edit|lock)' -benchtime 20x
func BenchmarkPublish(b *testing.B) {
	updates := buildShaped()
	b.Run("fresh", func(b *testing.B) {
		// a new folder each time, made outside the measured part
		publishEach(b, updates, func() string { return filepath.Join(b.TempDir(), "out") })
	})
	// the same folder again right after deleting the last one (rm -rf
	// dist, then a build): ext4 without a journal scans past the inodes
	// just freed where the deleted folder was (see spreadHint)
	b.Run("after-rm", func(b *testing.B) {
		out := filepath.Join(b.TempDir(), "out")
		publishEach(b, updates, func() string {
			if err := os.RemoveAll(out); err != nil {
				b.Fatal(err)
			}
			return out
		})
	})
	b.Run("one-edit", func(b *testing.B) {
		d, err := Open(filepath.Join(b.TempDir(), "out"), "")
		if err == nil {
			_, err = d.Publish(updates...)
		}
		if err != nil {
			b.Fatal(err)
		}
		site := updates[0].Files
		edit := "en/cards/gen-0001/index.html"
		orig := site[edit]
		defer func() { site[edit] = orig }()
		cpu := testtool.CPUTime()
		for i := 0; b.Loop(); i++ {
			site[edit] = fmt.Appendf(nil, "edit %d", i)
			if _, err := d.Publish(updates...); err != nil {
				b.Fatal(err)
			}
		}
		b.ReportMetric(float64((testtool.CPUTime()-cpu).Milliseconds())/float64(b.N), "cpu-ms/op")
	})
	// one-edit with the manifest read again (another process published
	// since: what one-edit costs without the lock's cached manifest)
	b.Run("one-edit-reread", func(b *testing.B) {
		d, err := Open(filepath.Join(b.TempDir(), "out"), "")
		if err == nil {
			_, err = d.Publish(updates...)
		}
		if err != nil {
			b.Fatal(err)
		}
		site := updates[0].Files
		edit := "en/cards/gen-0001/index.html"
		orig := site[edit]
		defer func() { site[edit] = orig }()
		cpu := testtool.CPUTime()
		for i := 0; b.Loop(); i++ {
			site[edit] = fmt.Appendf(nil, "edit %d", i)
			d.manStat = nil
			if _, err := d.Publish(updates...); err != nil {
				b.Fatal(err)
			}
		}
		b.ReportMetric(float64((testtool.CPUTime()-cpu).Milliseconds())/float64(b.N), "cpu-ms/op")
	})
	// taking and releasing the output folder's lock, as each publication
	// does
	b.Run("lock", func(b *testing.B) {
		out := b.TempDir()
		for b.Loop() {
			l, err := lockOut(out, 0)
			if err != nil {
				b.Fatal(err)
			}
			l.unlock(false)
		}
	})
}

// sysTime is the CPU time the process spent in the kernel so far.
func sysTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Stime.Nano())
}
