// Package contentfs reads a designer's content folder safely: only regular
// files inside the folder, each one bounded in size, and never blocking.
//
// A content folder is untrusted input. Read with [os.DirFS], a rules page
// symlinked to a private notes file gets published on the site, a `.cue`
// file symlinked to /dev/zero makes memory grow without end, and a named
// pipe called x.cue blocks the reader forever. [Open] returns an [FS] that
// reads through an [os.Root] instead:
//
//   - A symbolic link is followed only when it resolves inside the content
//     folder (a rules page linked to a shared page of the same tree is
//     fine). A link that leaves the folder, by an absolute target, "..", or
//     a linked parent folder, is refused with an [*EscapeError], whatever
//     lies at its end (a file, /dev/zero, nothing at all).
//   - Only regular files and folders can be opened: a named pipe, a device,
//     a socket is refused with a [*NotRegularError], before and after
//     opening (the file is opened with O_NONBLOCK, so that opening a named
//     pipe cannot block, and the opened file is checked again, so that a
//     file swapped for a pipe between the two checks is still refused).
//   - [ReadFile] reads at most a given number of bytes through a limited
//     reader, so a file that grows while it is read, or whose size lies
//     (/proc files report 0), is bounded too; a larger file is a
//     [*TooLargeError].
//
// ReadDir lists entries as they are on disk, not followed: a symbolic link
// to a folder is reported as a link, not a folder, so [fs.WalkDir] never
// descends into a linked folder, even one inside the content folder (which
// would list its files twice, and could loop). The loader therefore reads
// the files of real folders only, any linked file it meets goes through
// the checks above, and a link leading out (a linked folder too) is an
// error it reports with its path (schema.ListFiles).
package contentfs

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"slices"
	"strings"
	"syscall"
)

// DefaultMaxSize bounds [FS.ReadFile] (the [fs.ReadFileFS] method, used by
// [fs.ReadFile]). Callers that know what they read pass their own bound to
// [ReadFile].
const DefaultMaxSize = 8 << 20

// FS is a content folder opened with [Open]. It implements [fs.FS],
// [fs.ReadFileFS], [fs.StatFS] and [fs.ReadDirFS]; names are slash-separated
// paths relative to the folder, as [fs.ValidPath] wants. Errors name the
// path relative to the folder.
//
// An FS holds the folder open (a file descriptor) until [FS.Close], or
// until it is garbage-collected.
type FS struct {
	root *os.Root
	// escape is the error an os.Root gives for a path that leaves it (os
	// does not export it); see isEscape.
	escape error
}

var (
	_ fs.ReadFileFS = (*FS)(nil)
	_ fs.StatFS     = (*FS)(nil)
	_ fs.ReadDirFS  = (*FS)(nil)
)

// Open opens the content folder dir. dir itself may be a symbolic link to
// a folder; nothing inside it may lead out of it.
func Open(dir string) (*FS, error) {
	r, err := os.OpenRoot(dir)
	if err != nil {
		return nil, err
	}
	f := &FS{root: r}
	// ".." always escapes: the error os.Root returns for it is the one it
	// returns for every path that leaves the root. It is found lexically,
	// without a system call.
	if _, err := r.Lstat(".."); err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			f.escape = pe.Err
		}
	}
	return f, nil
}

// Close closes the folder; the FS cannot be used afterwards.
func (f *FS) Close() error { return f.root.Close() }

// Name is the folder's name as given to Open.
func (f *FS) Name() string { return f.root.Name() }

func (f *FS) isEscape(err error) bool {
	if f.escape != nil && errors.Is(err, f.escape) {
		return true
	}
	var pe *fs.PathError
	return errors.As(err, &pe) && pe.Err != nil && pe.Err.Error() == "path escapes from parent"
}

// EscapeError reports a path that leads out of the content folder through
// a symbolic link.
type EscapeError struct {
	Path string // relative to the content folder
	// Target is the link's target when Path itself is the link; "" when
	// the way out is a linked folder on the way to Path.
	Target string
}

func (e *EscapeError) Error() string {
	if e.Target != "" {
		return fmt.Sprintf("%s: symbolic link to %q, outside the content folder", e.Path, e.Target)
	}
	return fmt.Sprintf("%s: path goes through a symbolic link out of the content folder", e.Path)
}

// NotRegularError reports a file that is neither a regular file nor a
// folder: a named pipe, a device, a socket.
type NotRegularError struct {
	Path string // relative to the content folder
	Mode fs.FileMode
}

func (e *NotRegularError) Error() string {
	return fmt.Sprintf("%s: %s, not a regular file", e.Path, e.Kind())
}

// Kind names the kind of file in words: "a named pipe", "a device", ...
func (e *NotRegularError) Kind() string { return kindOf(e.Mode) }

func kindOf(m fs.FileMode) string {
	switch {
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe"
	case m&fs.ModeCharDevice != 0:
		return "a character device"
	case m&fs.ModeDevice != 0:
		return "a device"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m.IsDir():
		return "a folder"
	case m&fs.ModeSymlink != 0:
		return "a symbolic link"
	}
	return "a special file"
}

// TooLargeError reports a file larger than the bound it was read with.
type TooLargeError struct {
	Path  string // relative to the content folder
	Limit int64
	// Size is the file's size when known from its metadata; when the file
	// claimed to be small enough but more bytes came (it grows, or its
	// size is not real), Size is the number of bytes read, Limit+1, and
	// AtLeast is set.
	Size    int64
	AtLeast bool
}

func (e *TooLargeError) Error() string {
	if e.AtLeast {
		return fmt.Sprintf("%s: file is too large (more than %d bytes)", e.Path, e.Limit)
	}
	return fmt.Sprintf("%s: file is too large (%d bytes, at most %d)", e.Path, e.Size, e.Limit)
}

// check finds what name is without opening it: the file's own metadata,
// links followed inside the folder only.
func (f *FS) check(op, name string) (fs.FileInfo, error) {
	if !fs.ValidPath(name) {
		return nil, &fs.PathError{Op: op, Path: name, Err: fs.ErrInvalid}
	}
	li, err := f.root.Lstat(name)
	if err != nil {
		return nil, f.wrap(op, name, "", err)
	}
	if li.Mode()&fs.ModeSymlink == 0 {
		return li, nil
	}
	target, _ := f.root.Readlink(name)
	fi, err := f.root.Stat(name)
	if err != nil {
		return nil, f.wrap(op, name, target, err)
	}
	return fi, nil
}

// wrap turns an os.Root error into an error naming name.
func (f *FS) wrap(op, name, target string, err error) error {
	if f.isEscape(err) {
		return &EscapeError{Path: name, Target: target}
	}
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return &fs.PathError{Op: op, Path: name, Err: pe.Err}
	}
	return &fs.PathError{Op: op, Path: name, Err: err}
}

// Open opens a regular file or a folder. It never blocks: a named pipe,
// device or socket is a [*NotRegularError], a link out of the folder an
// [*EscapeError]. Reading the returned file is not bounded: use [ReadFile].
func (f *FS) Open(name string) (fs.File, error) {
	file, err := f.open(name)
	if err != nil {
		return nil, err // not a nil *os.File in a non-nil fs.File
	}
	return file, nil
}

func (f *FS) open(name string) (*os.File, error) {
	fi, err := f.check("open", name)
	if err != nil {
		return nil, err
	}
	if !fi.Mode().IsRegular() && !fi.IsDir() {
		return nil, &NotRegularError{Path: name, Mode: fi.Mode()}
	}
	// O_NONBLOCK: should the file have become a named pipe since the
	// check, opening it does not wait for a writer.
	file, err := f.root.OpenFile(name, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, f.wrap("open", name, "", err)
	}
	st, err := file.Stat()
	if err != nil {
		file.Close()
		return nil, &fs.PathError{Op: "open", Path: name, Err: err}
	}
	if !st.Mode().IsRegular() && !st.IsDir() {
		file.Close()
		return nil, &NotRegularError{Path: name, Mode: st.Mode()}
	}
	return file, nil
}

// Stat returns the file's metadata, links followed inside the folder. A
// named pipe or device is described, not refused: only opening is.
func (f *FS) Stat(name string) (fs.FileInfo, error) {
	return f.check("stat", name)
}

// ReadDir lists a folder, sorted by name. Entries are not followed: a
// symbolic link is listed as one ([fs.ModeSymlink]), whatever it points to.
func (f *FS) ReadDir(name string) ([]fs.DirEntry, error) {
	file, err := f.open(name)
	if err != nil {
		return nil, err
	}
	defer file.Close()
	list, err := file.ReadDir(-1)
	slices.SortFunc(list, func(a, b fs.DirEntry) int { return strings.Compare(a.Name(), b.Name()) })
	if err != nil {
		return list, &fs.PathError{Op: "readdir", Path: name, Err: unwrapPath(err)}
	}
	return list, nil
}

// ReadFile reads a regular file of at most [DefaultMaxSize] bytes.
func (f *FS) ReadFile(name string) ([]byte, error) {
	return ReadFile(f, name, DefaultMaxSize)
}

func unwrapPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// ReadFile reads the regular file name of fsys, at most max bytes: a
// larger one is a [*TooLargeError], told from its size before reading
// when the size says so, else after max+1 bytes. Anything but a regular
// file is a [*NotRegularError]. It works on any fs.FS (the embedded
// starter content too); on an [FS] it never blocks and never leaves the
// folder.
func ReadFile(fsys fs.FS, name string, max int64) ([]byte, error) {
	file, err := fsys.Open(name)
	if err != nil {
		return nil, err
	}
	defer file.Close()
	st, err := file.Stat()
	if err != nil {
		return nil, &fs.PathError{Op: "read", Path: name, Err: unwrapPath(err)}
	}
	if !st.Mode().IsRegular() {
		return nil, &NotRegularError{Path: name, Mode: st.Mode()}
	}
	if st.Size() > max {
		return nil, &TooLargeError{Path: name, Size: st.Size(), Limit: max}
	}
	// Size is a hint only: the file may grow, or not know its size (the
	// limited reader bounds it either way).
	buf := bytes.NewBuffer(make([]byte, 0, st.Size()+bytes.MinRead))
	if _, err := buf.ReadFrom(io.LimitReader(file, max+1)); err != nil {
		return nil, &fs.PathError{Op: "read", Path: name, Err: unwrapPath(err)}
	}
	if int64(buf.Len()) > max {
		return nil, &TooLargeError{Path: name, Size: int64(buf.Len()), Limit: max, AtLeast: true}
	}
	return buf.Bytes(), nil
}
