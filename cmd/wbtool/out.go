package main

import (
	"wbtool.dev/wbtool/internal/dist"
)

// contentDir is the content folder on disk, or "" for the embedded starter
// content (the same choice as contentSource).
func contentDir(g *globalFlags) string {
	if g.content != "" {
		return g.content
	}
	if isContentTree("content") {
		return "content"
	}
	return ""
}

// openOut opens the --out folder for writing: it refuses an output folder
// that overlaps the content folder or is a link, and finishes a build a
// killed process left half swapped in.
func openOut(g *globalFlags) (*dist.Dir, error) {
	return dist.Open(g.out, contentDir(g))
}
