package ruleset

// Incremental is content whose rebuilds redo only what a change touches
// (`wbtool watch` and `wbtool serve`, package internal/watch). The
// content names its items and, for each, the key of everything it reads:
// its cards or profiles (for their layouts and images), its check games
// (with what their last run read), its output files. The session keeps
// what one rebuild made under those keys and hands it back to the next
// through a [Memo], which decides what is reused: an item whose key did
// not change is not laid out, drawn or played again. Whatever an item
// reads must be in its key (a key covering a little too much only costs
// work), so that an incremental rebuild makes the same bytes as a full
// build.
//
// A game without it is rebuilt whole at every save, with the same
// verdict and outputs, and its reports have no `changed:` lines.
type Incremental interface {
	Content
	// Brief is the one-line summary a rebuild's report shows ("ok: …").
	Brief() string
	// ChangedSince is what changed in this content since prev (content of
	// the same game that loaded before), a line each for the designer
	// ("copp: speed 3 → 4"), at most max lines. prev is never nil.
	ChangedSince(prev Content, max int) []string
	// Key hashes everything the outputs read, with salt (wbtool's version
	// and build): equal keys, equal outputs, and the rebuild replays the
	// check games only.
	Key(salt string) string
	// Incrementally is this content with its stages taking from m what
	// did not change since the last rebuild, and leaving there what they
	// make for the next.
	Incrementally(m Memo) Content
}

// Memo is what a session of rebuilds keeps between them, for an
// [Incremental] game's stages. The game gives the keys; the memo reuses
// what was made under the same key. Its methods may be called from
// several goroutines.
type Memo interface {
	// Salt tells apart wbtool versions and builds: every key hashes it.
	Salt() string
	// Checks plays the check games ids through the memo: a game whose
	// key, key(id, what its last run read), is the one it had is not
	// played again; play plays the others at once. It returns a run per
	// id, in the order of ids.
	Checks(ids []string, key func(id string, reads []string) string, play func(ids []string) []CheckRun) []CheckRun
	// CardImages are a card's images (front and back) made under key:
	// those of the last rebuild, or of an earlier session (kept on
	// disk), else made by draw.
	CardImages(key string, draw func() (front, back []byte, err error)) (front, back []byte, err error)
	// Kept is the value the last rebuild kept under name, with the keys
	// of its items (nil when none). Keep keeps v and its items' keys for
	// the next rebuild, if this one runs to its end.
	Kept(name string) (v any, keys map[string]string)
	Keep(name string, v any, keys map[string]string)
	// Shared is the value under name for the whole session, made by make
	// at the first call (a cache the game manages itself).
	Shared(name string, make func() any) any
	// Output is output file path (a path of the plan, "print/…") as the
	// last rebuild wrote it, when it made it under key; ok is false when
	// it must be made again. Made says path was made under key.
	Output(path, key string) (b []byte, ok bool)
	Made(path, key string)
	// Count sets the report's counter name (CountPagesRendered…) to n.
	Count(name string, n int)
}

// CheckRun is one check game's run, kept by a Memo.
type CheckRun struct {
	ID string
	// Reads are what the run read beyond what its check game names (the
	// cards it drew): the next key covers them.
	Reads []string
	// Result is the game's own result of the run.
	Result any
}

// The counters of a rebuild's report (Memo.Count).
const (
	CountPagesRendered   = "pages rendered"
	CountPagesReused     = "pages reused"
	CountSheetCompressed = "sheet pages compressed"
	CountSheetReused     = "sheet pages reused"
)

// Watched is a game whose content has files besides its .cue and .md
// files whose change must rebuild (Warbound: its translations lock),
// slash paths in the content tree.
type Watched interface {
	WatchedFiles() []string
}

// WatchedFiles are the files of every registered game's Watched.
func WatchedFiles() map[string]bool {
	mu.RLock()
	defer mu.RUnlock()
	out := map[string]bool{}
	for _, r := range registry {
		if w, ok := r.(Watched); ok {
			for _, f := range w.WatchedFiles() {
				out[f] = true
			}
		}
	}
	return out
}
