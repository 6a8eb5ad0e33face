// Command apisurface counts, for each package of the module, the exported
// names other packages of the module use: the width of each package's API
// as its importers see it (issue 27's "exported names used outside their
// package"). Tests count as users.
//
//	go run ./internal/apisurface [-top N] [PATTERN]
package main

import (
	"flag"
	"fmt"
	"go/types"
	"os"
	"sort"
	"strings"

	"golang.org/x/tools/go/packages"
)

func main() {
	top := flag.Int("top", 0, "print only the N widest packages (0: all)")
	flag.Parse()
	pattern := "./..."
	if flag.NArg() > 0 {
		pattern = flag.Arg(0)
	}
	cfg := &packages.Config{Mode: packages.NeedName | packages.NeedTypes | packages.NeedTypesInfo | packages.NeedSyntax | packages.NeedModule, Tests: true}
	pkgs, err := packages.Load(cfg, pattern)
	if err != nil {
		fmt.Fprintln(os.Stderr, "apisurface:", err)
		os.Exit(1)
	}
	module := ""
	used := map[string]map[string]bool{} // package path → names used outside it
	for _, p := range pkgs {
		if p.Module != nil && module == "" {
			module = p.Module.Path
		}
	}
	for _, p := range pkgs {
		if p.TypesInfo == nil {
			continue
		}
		from := strings.TrimSuffix(strings.TrimSuffix(p.PkgPath, "_test"), ".test")
		for _, obj := range p.TypesInfo.Uses {
			if obj == nil || obj.Pkg() == nil || !obj.Exported() {
				continue
			}
			to := obj.Pkg().Path()
			if to == from || strings.HasSuffix(to, "_test") || !strings.HasPrefix(to, module+"/") {
				continue
			}
			if _, isField := obj.(*types.Var); isField && obj.(*types.Var).IsField() {
				continue // fields are part of their type's name
			}
			if fn, ok := obj.(*types.Func); ok && fn.Type().(*types.Signature).Recv() != nil {
				continue // methods too
			}
			if used[to] == nil {
				used[to] = map[string]bool{}
			}
			used[to][obj.Name()] = true
		}
	}
	type row struct {
		path string
		n    int
	}
	var rows []row
	total := 0
	for p, names := range used {
		rows = append(rows, row{strings.TrimPrefix(p, module+"/"), len(names)})
		total += len(names)
	}
	sort.Slice(rows, func(i, j int) bool {
		if rows[i].n != rows[j].n {
			return rows[i].n > rows[j].n
		}
		return rows[i].path < rows[j].path
	})
	if *top > 0 && len(rows) > *top {
		rows = rows[:*top]
	}
	for _, r := range rows {
		fmt.Printf("%5d  %s\n", r.n, r.path)
	}
	fmt.Printf("%5d  total (%d packages)\n", total, len(used))
}
