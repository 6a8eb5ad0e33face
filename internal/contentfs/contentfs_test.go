package contentfs

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"testing/fstest"
	"time"
)

// tree makes a content folder with a secret next to it (outside) and
// returns the content folder.
func tree(t *testing.T) string {
	t.Helper()
	top := t.TempDir()
	dir := filepath.Join(top, "content")
	write(t, filepath.Join(top, "private", "notes.md"), "secret notes\n")
	write(t, filepath.Join(dir, "cards", "a.cue"), "package warbound\n")
	write(t, filepath.Join(dir, "rules", "en", "01-intro.md"), "# Intro\n")
	return dir
}

func write(t *testing.T, name, s string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(name, []byte(s), 0o644); err != nil {
		t.Fatal(err)
	}
}

func symlink(t *testing.T, target, name string) {
	t.Helper()
	if err := os.Symlink(target, name); err != nil {
		t.Fatal(err)
	}
}

func open(t *testing.T, dir string) *FS {
	t.Helper()
	f, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Close() })
	return f
}

// quick fails the test if fn does not return within 5 s: the calls under
// test must never block.
func quick(t *testing.T, fn func()) {
	t.Helper()
	done := make(chan struct{})
	go func() {
		defer close(done)
		fn()
	}()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		t.Fatal("blocked for 5 s")
	}
}

func TestRegularFiles(t *testing.T) {
	dir := tree(t)
	f := open(t, dir)
	if err := fstest.TestFS(f, "cards/a.cue", "rules/en/01-intro.md"); err != nil {
		t.Fatal(err)
	}
	b, err := fs.ReadFile(f, "cards/a.cue")
	if err != nil || string(b) != "package warbound\n" {
		t.Fatalf("ReadFile = %q, %v", b, err)
	}
}

func TestSymlinkInside(t *testing.T) {
	dir := tree(t)
	symlink(t, "en/01-intro.md", filepath.Join(dir, "rules", "fr-intro.md"))
	symlink(t, "rules", filepath.Join(dir, "linked-rules"))
	f := open(t, dir)
	b, err := ReadFile(f, "rules/fr-intro.md", 100)
	if err != nil || string(b) != "# Intro\n" {
		t.Fatalf("ReadFile through a link inside = %q, %v", b, err)
	}
	if _, err := ReadFile(f, "linked-rules/en/01-intro.md", 100); err != nil {
		t.Fatalf("a linked folder inside the root: %v", err)
	}
	// Listed as links, not followed.
	list, err := f.ReadDir(".")
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range list {
		if e.Name() == "linked-rules" && (e.IsDir() || e.Type()&fs.ModeSymlink == 0) {
			t.Errorf("linked-rules listed as %v, want a symbolic link", e.Type())
		}
	}
	var walked []string
	err = fs.WalkDir(f, ".", func(p string, d fs.DirEntry, err error) error {
		walked = append(walked, p)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range walked {
		if strings.HasPrefix(p, "linked-rules/") {
			t.Errorf("WalkDir descended into a linked folder: %s", p)
		}
	}
}

func TestSymlinkEscaping(t *testing.T) {
	dir := tree(t)
	secret := filepath.Join(filepath.Dir(dir), "private", "notes.md")
	symlink(t, "../../../private/notes.md", filepath.Join(dir, "rules", "en", "relative.md"))
	symlink(t, secret, filepath.Join(dir, "rules", "en", "absolute.md"))
	symlink(t, "/nonexistent/x.md", filepath.Join(dir, "rules", "en", "missing.md"))
	symlink(t, "../private", filepath.Join(dir, "notes"))
	f := open(t, dir)
	for name, target := range map[string]string{
		"rules/en/relative.md": "../../../private/notes.md",
		"rules/en/absolute.md": secret,
		"rules/en/missing.md":  "/nonexistent/x.md",
		"notes/notes.md":       "",
	} {
		for op, call := range map[string]func() error{
			"ReadFile": func() error { _, err := ReadFile(f, name, 100); return err },
			"Open":     func() error { _, err := f.Open(name); return err },
			"Stat":     func() error { _, err := f.Stat(name); return err },
			"fs.ReadFile": func() error {
				_, err := fs.ReadFile(f, name)
				return err
			},
		} {
			err := call()
			var ee *EscapeError
			if !errors.As(err, &ee) {
				t.Errorf("%s(%s) = %v, want an EscapeError", op, name, err)
				continue
			}
			if ee.Path != name || ee.Target != target {
				t.Errorf("%s(%s): %+v, want path %s target %q", op, name, ee, name, target)
			}
		}
	}
	if _, err := f.ReadDir("notes"); err == nil {
		t.Error("ReadDir of a linked folder outside: no error")
	}
}

func TestDevZero(t *testing.T) {
	if _, err := os.Stat("/dev/zero"); err != nil {
		t.Skip("no /dev/zero")
	}
	dir := tree(t)
	symlink(t, "/dev/zero", filepath.Join(dir, "cards", "zero.cue"))
	f := open(t, dir)
	quick(t, func() {
		_, err := ReadFile(f, "cards/zero.cue", 1<<20)
		var ee *EscapeError
		if !errors.As(err, &ee) || ee.Target != "/dev/zero" {
			t.Errorf("ReadFile of a link to /dev/zero = %v, want an EscapeError", err)
		}
	})
	// Read directly, /dev/zero is no regular file either (nor bounded by
	// its size of 0).
	quick(t, func() {
		_, err := ReadFile(os.DirFS("/dev"), "zero", 1<<20)
		var nr *NotRegularError
		if !errors.As(err, &nr) || nr.Kind() != "a character device" {
			t.Errorf("ReadFile(/dev/zero) = %v, want a NotRegularError", err)
		}
	})
}

func TestFIFO(t *testing.T) {
	dir := tree(t)
	if err := syscall.Mkfifo(filepath.Join(dir, "cards", "x.cue"), 0o644); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	symlink(t, "x.cue", filepath.Join(dir, "cards", "y.cue"))
	f := open(t, dir)
	for _, name := range []string{"cards/x.cue", "cards/y.cue"} {
		quick(t, func() {
			for op, call := range map[string]func() error{
				"ReadFile": func() error { _, err := ReadFile(f, name, 100); return err },
				"Open":     func() error { _, err := f.Open(name); return err },
			} {
				err := call()
				var nr *NotRegularError
				if !errors.As(err, &nr) || nr.Path != name || nr.Kind() != "a named pipe" {
					t.Errorf("%s(%s) = %v, want a NotRegularError (named pipe)", op, name, err)
				}
			}
		})
	}
	// Stat describes it without opening.
	quick(t, func() {
		st, err := f.Stat("cards/x.cue")
		if err != nil || st.Mode()&fs.ModeNamedPipe == 0 {
			t.Errorf("Stat = %v, %v", st, err)
		}
	})
}

func TestOpenNonBlocking(t *testing.T) {
	// The check before opening is not enough: a file may become a pipe
	// between it and the open. open must not block on a pipe either.
	dir := t.TempDir()
	if err := syscall.Mkfifo(filepath.Join(dir, "p"), 0o644); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	r, err := os.OpenRoot(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	quick(t, func() {
		file, err := r.OpenFile("p", os.O_RDONLY|syscall.O_NONBLOCK, 0)
		if err != nil {
			t.Errorf("open with O_NONBLOCK: %v", err)
			return
		}
		file.Close()
	})
}

func TestTooLarge(t *testing.T) {
	dir := tree(t)
	write(t, filepath.Join(dir, "big.md"), strings.Repeat("x", 101))
	write(t, filepath.Join(dir, "fits.md"), strings.Repeat("x", 100))
	f := open(t, dir)
	_, err := ReadFile(f, "big.md", 100)
	var tl *TooLargeError
	if !errors.As(err, &tl) || tl.Size != 101 || tl.Limit != 100 || tl.AtLeast {
		t.Errorf("ReadFile(big) = %v, want TooLargeError 101 > 100", err)
	}
	if b, err := ReadFile(f, "fits.md", 100); err != nil || len(b) != 100 {
		t.Errorf("ReadFile(fits) = %d bytes, %v", len(b), err)
	}
}

// liar is a file whose size says 0 but that has more bytes, as /proc
// files do (or a file growing while it is read).
type liar struct{ fstest.MapFS }

func (l liar) Open(name string) (fs.File, error) {
	f, err := l.MapFS.Open(name)
	if err != nil {
		return nil, err
	}
	return liarFile{f}, nil
}

type liarFile struct{ fs.File }

func (f liarFile) Stat() (fs.FileInfo, error) {
	st, err := f.File.Stat()
	return liarInfo{st}, err
}

type liarInfo struct{ fs.FileInfo }

func (liarInfo) Size() int64 { return 0 }

func TestTooLargeLyingSize(t *testing.T) {
	fsys := liar{fstest.MapFS{"x.cue": {Data: []byte(strings.Repeat("x", 1000))}}}
	_, err := ReadFile(fsys, "x.cue", 100)
	var tl *TooLargeError
	if !errors.As(err, &tl) || !tl.AtLeast || tl.Limit != 100 {
		t.Errorf("ReadFile of a file lying about its size = %v, want TooLargeError (at least)", err)
	}
	if !strings.Contains(err.Error(), "more than 100 bytes") {
		t.Errorf("message %q", err)
	}
}

func TestInvalidPath(t *testing.T) {
	f := open(t, tree(t))
	for _, name := range []string{"../x", "/etc/passwd", "cards/../../x", ""} {
		if _, err := f.Open(name); !errors.Is(err, fs.ErrInvalid) {
			t.Errorf("Open(%q) = %v, want fs.ErrInvalid", name, err)
		}
	}
}

func TestNotExist(t *testing.T) {
	dir := tree(t)
	symlink(t, "nowhere.cue", filepath.Join(dir, "cards", "dangling.cue"))
	f := open(t, dir)
	for _, name := range []string{"cards/none.cue", "cards/dangling.cue"} {
		_, err := ReadFile(f, name, 100)
		if !errors.Is(err, fs.ErrNotExist) {
			t.Errorf("ReadFile(%s) = %v, want fs.ErrNotExist", name, err)
		}
		if err != nil && !strings.Contains(err.Error(), name) {
			t.Errorf("error %q does not name %s", err, name)
		}
	}
}
