// Command gen writes a large generated content tree for benchmarks:
//
//	go run ./testdata/gen -characters 1000 -upgrades 200 -out testdata/gen/out
//	go run ./cmd/wbtool validate --content testdata/gen/out
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"sort"

	"golang.org/x/sync/errgroup"

	"wbtool.dev/wbtool/games/warbound/wbgen"
	"wbtool.dev/wbtool/internal/genart"
)

func main() {
	chars := flag.Int("characters", 1000, "number of Character cards")
	ups := flag.Int("upgrades", 200, "number of Upgrade cards")
	out := flag.String("out", "testdata/gen/out", "output `DIR` (replaced)")
	art := flag.Int("art-kb", 0, "give every Character a JPEG of about `KB` kilobytes (0: no art)")
	flag.Parse()
	files := wbgen.Tree(wbgen.Options{Characters: *chars, Upgrades: *ups, Art: *art > 0})
	if err := os.RemoveAll(*out); err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
	names := make([]string, 0, len(files))
	for n := range files {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		p := filepath.Join(*out, filepath.FromSlash(n))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			fmt.Fprintln(os.Stderr, "gen:", err)
			os.Exit(1)
		}
		if err := os.WriteFile(p, files[n], 0o644); err != nil {
			fmt.Fprintln(os.Stderr, "gen:", err)
			os.Exit(1)
		}
	}
	if *art > 0 {
		if err := os.MkdirAll(filepath.Join(*out, "art"), 0o755); err != nil {
			fmt.Fprintln(os.Stderr, "gen:", err)
			os.Exit(1)
		}
	}
	// the pictures on every core: a thousand take minutes on one
	var g errgroup.Group
	g.SetLimit(runtime.GOMAXPROCS(0))
	for i := 0; *art > 0 && i < *chars; i++ {
		g.Go(func() error {
			return os.WriteFile(filepath.Join(*out, filepath.FromSlash(wbgen.ArtFile(i))), genart.JPEG(uint64(i), *art<<10), 0o644)
		})
	}
	if err := g.Wait(); err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
	fmt.Printf("wrote %d files to %s (%d Characters, %d Upgrades)\n", len(names), *out, *chars, *ups)
}
