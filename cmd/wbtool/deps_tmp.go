//go:build tools

// This file pins modules that the packages being written will import, so
// that go mod tidy keeps them while they are not imported yet. Delete it once
// every module below has a real importer.
package main

import (
	_ "codeberg.org/go-pdf/fpdf"
	_ "cuelang.org/go/cue"
	_ "github.com/chromedp/chromedp"
	_ "github.com/fsnotify/fsnotify"
	_ "github.com/rogpeppe/go-internal/testscript"
	_ "github.com/spf13/cobra"
	_ "github.com/yuin/goldmark"
	_ "golang.org/x/image/font/gofont/goregular"
)
