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

var starterBuilds struct {
	sync.Mutex
	root  string // removed by TestMain
	games map[string]*starterBuildOnce
}

type starterBuildOnce struct {
	once sync.Once
	b    starterBuild
}

// builtStarter is game's starterBuild, made by the first test that asks.
func builtStarter(t *testing.T, game string) starterBuild {
	t.Helper()
	starterBuilds.Lock()
	if starterBuilds.games == nil {
		starterBuilds.games = map[string]*starterBuildOnce{}
	}
	o := starterBuilds.games[game]
	if o == nil {
		o = &starterBuildOnce{}
		starterBuilds.games[game] = o
	}
	if starterBuilds.root == "" {
		root, err := os.MkdirTemp("", "wbtool-starters")
		if err != nil {
			starterBuilds.Unlock()
			t.Fatal(err)
		}
		starterBuilds.root = root
	}
	root := starterBuilds.root
	starterBuilds.Unlock()
	o.once.Do(func() { o.b = makeStarterBuild(filepath.Join(root, game, "my cards #1"), game) })
	if o.b.fail != "" {
		t.Fatal(o.b.fail)
	}
	return o.b
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
	starterBuilds.Lock()
	defer starterBuilds.Unlock()
	if starterBuilds.root != "" {
		os.RemoveAll(starterBuilds.root)
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
