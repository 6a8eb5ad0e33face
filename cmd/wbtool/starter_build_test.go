package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"wbtool.dev/wbtool/internal/testtool"
)

// starterBuild is a game's starter written by `wbtool init --example
// full` and built with its TTS decks (`build --export tts`), in a folder
// whose name needs percent-encoding. Tests share it to read, never to
// write: TestEveryCommandEveryGame checks the build succeeds,
// TestNoOutputHoldsTheBuildPath that no output holds the folder's path.
type starterBuild struct {
	dir     string // "…/my cards #1"
	content string // dir/tree/content
	out     string // dir/dist
	fail    string // why it could not be made
}

var (
	starterBuilds testtool.Memo[starterBuild]
	// starterRoot holds the starter builds; removed by TestMain.
	starterRoot = sync.OnceValues(func() (string, error) { return os.MkdirTemp("", "wbtool-starters") })
)

// builtStarter is game's starterBuild, made by the first test that asks.
func builtStarter(t *testing.T, game string) starterBuild {
	t.Helper()
	root, err := starterRoot()
	if err != nil {
		t.Fatal(err)
	}
	b := starterBuilds.Get(game, func() starterBuild { return makeStarterBuild(filepath.Join(root, game, "my cards #1"), game) })
	if b.fail != "" {
		t.Fatal(b.fail)
	}
	return b
}

func makeStarterBuild(dir, game string) starterBuild {
	b := starterBuild{dir: dir, content: filepath.Join(dir, "tree", "content"), out: filepath.Join(dir, "dist")}
	for _, args := range [][]string{
		{"init", filepath.Join(dir, "tree"), "--game", game, "--example", "full"},
		{"build", "--out", b.out, "--content", b.content, "--export", "tts"},
	} {
		var stdout, stderr bytes.Buffer
		if code := run(context.Background(), args, &stdout, &stderr); code != 0 {
			b.fail = fmt.Sprintf("wbtool %s exits %d\nstdout:\n%s\nstderr:\n%s", strings.Join(args, " "), code, stdout.String(), stderr.String())
			return b
		}
		if strings.Contains(stderr.String(), "goroutine ") || strings.Contains(stderr.String(), "panic") {
			b.fail = fmt.Sprintf("wbtool %s: a Go trace on stderr:\n%s", strings.Join(args, " "), stderr.String())
			return b
		}
	}
	return b
}

// removeStarterBuilds removes the starter builds' folder once every test
// has run.
func removeStarterBuilds() {
	if root, err := starterRoot(); err == nil {
		os.RemoveAll(root)
	}
}

// cleanupM runs the tests, then fn.
type cleanupM struct {
	m  *testing.M
	fn func()
}

func (c cleanupM) Run() int {
	defer c.fn()
	return c.m.Run()
}
