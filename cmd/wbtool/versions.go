package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"

	"wbtool.dev/wbtool/internal/contentfs"
	"wbtool.dev/wbtool/internal/gitrev"
	"wbtool.dev/wbtool/pipeline/ruleset"
)

// versions reads the earlier versions of the command's content for the
// errata (ruleset.Versions), for a command whose --since flag is flag:
// the flag's folder may be anywhere; without the flag, the version is
// the one the content names (set.errataSince), and a folder is one of the
// content folder (versionSource). The versions in between are the git
// tags (versionsAfter).
func versions(g *globalFlags, flag string) *ruleset.Versions {
	return &ruleset.Versions{
		Open:    func(rev string) (ruleset.Version, error) { return openVersion(g, rev, flag == "") },
		History: versionsAfter(g, flag),
	}
}

// openVersion reads version rev of the content (versionSource); a git
// revision is named by what git describes of it.
func openVersion(g *globalFlags, rev string, inContent bool) (ruleset.Version, error) {
	fsys, root, folder, err := versionSource(g, rev, inContent)
	if err != nil {
		return ruleset.Version{}, err
	}
	v := ruleset.Version{FS: fsys, Root: root, Folder: folder, Rev: rev}
	if dir := contentDir(g); !folder && dir != "" {
		v.Describe = func() string { return gitrev.DescribeRev(dir, rev) }
	}
	return v, nil
}

// versionsAfter lists the git tags between an errata revision and HEAD
// in the content folder's repository (ruleset.Versions.History), for a
// command whose --since flag is flag; nil for the embedded starter
// content. A folder given as the revision has none.
func versionsAfter(g *globalFlags, flag string) func(rev string) []string {
	dir := contentDir(g)
	if dir == "" {
		return nil
	}
	return func(rev string) []string {
		if _, _, folder, err := versionFolder(g, rev, flag == ""); folder || err != nil {
			return nil
		}
		return gitrev.TagsAfter(dir, rev, ruleset.MaxHistory)
	}
}

// versionSource is where version v of the content lies, and whether it is
// a folder: "" the content folder; a folder; else a git revision of the
// repository holding the content folder. A folder named on the command
// line (wbtool diff, --since) may be anywhere. One the content names
// (inContent: set.errataSince) is a folder of the content folder, named
// from it and read through the same os.Root as the content (contentfs):
// a symbolic link out of it is an error, and so is what is not a folder of
// it and no revision either (an absolute path, a path with "..": the
// errata stage refuses those first, at their position).
func versionSource(g *globalFlags, v string, inContent bool) (fsys fs.FS, root string, folder bool, err error) {
	if fsys, root, folder, err = versionFolder(g, v, inContent); folder || err != nil {
		return fsys, root, folder, err
	}
	notFolder := "is not a folder"
	if inContent {
		notFolder = "is not a folder of the content folder"
	}
	fsys, err = gitTree(g, v, notFolder)
	return fsys, v, false, err
}

// versionFolder is versionSource's folder, when v names one.
func versionFolder(g *globalFlags, v string, inContent bool) (fsys fs.FS, root string, folder bool, err error) {
	switch {
	case v == "":
		fsys, root, err = contentSource(g)
		return fsys, root, err == nil, err
	case inContent:
		cfs, croot, err := contentSource(g)
		if err != nil {
			return nil, "", false, err
		}
		sub, ok, err := contentFolder(cfs, v)
		return sub, path.Join(croot, path.Clean(v)), ok, err
	}
	if st, err := os.Stat(v); err != nil || !st.IsDir() {
		return nil, "", false, nil
	}
	cfs, err := contentfs.Open(v)
	if err != nil {
		return nil, "", false, usagef("%s: %v", v, err)
	}
	return cfs, displayRoot(v), true, nil
}

// contentFolder is folder v of the content folder cfs, when v names one;
// a link out of cfs on the way is an error.
func contentFolder(cfs fs.FS, v string) (sub fs.FS, ok bool, err error) {
	rel := path.Clean(v)
	if !fs.ValidPath(rel) {
		return nil, false, nil
	}
	st, err := fs.Stat(cfs, rel)
	if errors.As(err, new(*contentfs.EscapeError)) {
		return nil, false, fmt.Errorf("%s leads out of the content folder through a symbolic link: the folder errataSince names must be inside the content folder (copy it in, or give the folder to --since)", v)
	}
	if err != nil || !st.IsDir() {
		return nil, false, nil
	}
	sub, err = fs.Sub(cfs, rel)
	return sub, err == nil, err
}

// gitTree reads the content folder as it was at revision rev, through
// the designer's git; notFolder says what rev is not, when git cannot
// read it either.
func gitTree(g *globalFlags, rev, notFolder string) (fs.FS, error) {
	dir, err := gitContentDir(g, rev)
	if err != nil {
		return nil, err
	}
	f, err := gitrev.Tree(dir, rev)
	var nr *gitrev.NoRevisionError
	if errors.As(err, &nr) {
		return nil, usagef("%s %s, and git cannot read it as a revision: %s", rev, notFolder, nr.Git)
	}
	return f, err
}

// gitContentDir is the content folder git reads revisions of: --content,
// or ./content.
func gitContentDir(g *globalFlags, rev string) (string, error) {
	dir := contentDir(g)
	if dir == "" {
		return "", usagef("%s is not a folder, and there is no content folder in git to read a revision from (give --content DIR)", rev)
	}
	return dir, nil
}
