package balance

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// ManifestVersion is the version of the run manifest's format.
const ManifestVersion = 1

// Manifest is a balance study cut into shards for machines wbtool does
// not coordinate (a Kubernetes Indexed Job, a SLURM array, a CI matrix,
// one command line per shard): the one source of truth every shard is
// played from and every merge checked against. Its ID is the hash of
// everything else in it, so that a shard names the manifest it played.
type Manifest struct {
	Version int    `json:"version"`
	ID      string `json:"id"`
	// Game, Engine and Content are the lab's (Lab): a shard refuses to
	// play on other content or with another engine.
	Game    string `json:"game,omitempty"`
	Engine  string `json:"engine"`
	Content string `json:"content"`
	// Settings are the run's, resolved against the content.
	Settings Settings `json:"settings"`
	// Bots are the bots of the first and second seat.
	Bots [2]string `json:"bots"`
	// Matchups are the run's compiled games, in the run's order.
	Matchups []MatchKey `json:"matchups"`
	// Seeds: game i of every matchup plays seed First+i.
	Seeds SeedRange `json:"seeds"`
	// Games is the run's games: matchups × games per matchup.
	Games int `json:"games"`
	// Shards is the number of shards; game k of the run is shard k mod
	// Shards's. ShardSize is the most games a shard plays.
	Shards    int `json:"shards"`
	ShardSize int `json:"shardSize"`
}

// SeedRange is the seeds of a run's games, both included.
type SeedRange struct {
	First uint64 `json:"first"`
	Last  uint64 `json:"last"`
}

// Plan resolves a run's settings against the content and cuts the run in
// shards: either a count (shards) or, when shards is 0, shards of at most
// size games.
func Plan(lab Lab, set Settings, shards, size int) (*Manifest, error) {
	if err := checkGames(set.Games); err != nil {
		return nil, err
	}
	bots, err := checkBots(lab, set.Bot)
	if err != nil {
		return nil, err
	}
	set, ps, err := pairings(lab, set)
	if err != nil {
		return nil, err
	}
	total := len(ps) * set.Games
	if shards == 0 {
		if size < 1 {
			return nil, &ShardError{Shard{0, 0}, fmt.Sprintf("expected a shard count or a shard size of at least 1 game, got %d", size)}
		}
		shards = (total + size - 1) / size
	}
	if err := CheckShard(Shard{0, shards}); err != nil {
		return nil, err
	}
	if err := checkShardGames(Shard{0, shards}, len(ps), set.Games); err != nil {
		return nil, err
	}
	m := &Manifest{
		Version: ManifestVersion, Game: lab.Game(), Engine: lab.Engine(), Content: lab.Content(),
		Settings: set, Bots: bots,
		Seeds:  SeedRange{set.Seed, set.Seed + uint64(set.Games) - 1},
		Games:  total,
		Shards: shards, ShardSize: (total + shards - 1) / shards,
	}
	for _, p := range ps {
		m.Matchups = append(m.Matchups, p.Key)
	}
	m.ID = m.hash()
	return m, nil
}

// hash is the manifest's ID: the SHA-256 of its JSON without its ID.
func (m *Manifest) hash() string {
	c := *m
	c.ID = ""
	b, _ := json.Marshal(&c)
	sum := sha256.Sum256(b)
	return "sha256:" + hex.EncodeToString(sum[:])
}

// ShardGames is the number of games shard i plays.
func (m *Manifest) ShardGames(i int) int {
	if i >= m.Games%m.Shards {
		return m.Games / m.Shards
	}
	return m.Games/m.Shards + 1
}

// MarshalManifest writes m as indented JSON (deterministic).
func MarshalManifest(m *Manifest) ([]byte, error) {
	b, err := json.MarshalIndent(m, "", " ")
	if err != nil {
		return nil, err
	}
	return append(b, '\n'), nil
}

// ParseManifest reads a manifest written by MarshalManifest: unknown
// fields, a changed field (its ID no longer its hash) and numbers that do
// not add up are refused.
func ParseManifest(data []byte) (*Manifest, error) {
	var m Manifest
	dec := json.NewDecoder(strings.NewReader(string(data)))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&m); err != nil {
		return nil, fmt.Errorf("not a balance run manifest: %w", err)
	}
	if m.Version != ManifestVersion {
		return nil, fmt.Errorf("manifest format %d, this wbtool reads %d", m.Version, ManifestVersion)
	}
	if h := m.hash(); m.ID != h {
		return nil, fmt.Errorf("manifest id %q is not the hash of its contents (%s): the manifest was changed after 'wbtool balance plan' wrote it; plan again", m.ID, h)
	}
	if m.Game != "" {
		if err := checkText("game", m.Game); err != nil {
			return nil, err
		}
	}
	for _, f := range []struct{ what, s string }{{"engine", m.Engine}, {"content", m.Content}, {"bot", m.Bots[0]}, {"bot", m.Bots[1]}} {
		if err := checkText(f.what, f.s); err != nil {
			return nil, err
		}
	}
	if err := checkGames(m.Settings.Games); err != nil {
		return nil, err
	}
	if len(m.Matchups) == 0 || m.Games != len(m.Matchups)*m.Settings.Games {
		return nil, fmt.Errorf("manifest: %d games, but %d matchups × %d games make %d", m.Games, len(m.Matchups), m.Settings.Games, len(m.Matchups)*m.Settings.Games)
	}
	if err := CheckShard(Shard{0, m.Shards}); err != nil {
		return nil, err
	}
	if err := checkShardGames(Shard{0, m.Shards}, len(m.Matchups), m.Settings.Games); err != nil {
		return nil, err
	}
	return &m, nil
}

// ManifestError is a shard run or a merge the manifest refuses.
type ManifestError struct{ Msg string }

func (e *ManifestError) Error() string { return e.Msg }

// RunShard plays shard i of the manifest's run on the lab's content. It
// refuses content, an engine or a game other than the manifest's, and
// matchups that are not the manifest's. The result names the manifest
// and is sealed (Seal).
func RunShard(ctx context.Context, lab Lab, m *Manifest, i int, workers int) (*Result, error) {
	if i < 0 || i >= m.Shards {
		return nil, &ShardError{Shard{i, m.Shards}, fmt.Sprintf("the manifest has shards 0 to %d", m.Shards-1)}
	}
	if lab.Game() != m.Game {
		return nil, &ManifestError{fmt.Sprintf("the manifest is a run of %s, the content is %s", gameName(m.Game), gameName(lab.Game()))}
	}
	if c := lab.Content(); c != m.Content {
		return nil, &ManifestError{fmt.Sprintf("the content's hash is %s, the manifest's %s: every shard must play the content that was planned (check out the same version, or plan again)", c, m.Content)}
	}
	if e := lab.Engine(); e != m.Engine {
		return nil, &ManifestError{fmt.Sprintf("this wbtool's engine is %s, the manifest's %s: run every shard with the wbtool that planned it", e, m.Engine)}
	}
	_, ps, err := pairings(lab, m.Settings)
	if err != nil {
		return nil, err
	}
	keys := make([]MatchKey, len(ps))
	for j, p := range ps {
		keys[j] = p.Key
	}
	if !slices.Equal(keys, m.Matchups) {
		return nil, &ManifestError{fmt.Sprintf("the content gives %d matchups, not the manifest's %d", len(keys), len(m.Matchups))}
	}
	r, err := Run(ctx, lab, Options{Settings: m.Settings, Shard: Shard{i, m.Shards}, Workers: workers})
	if err != nil {
		return nil, err
	}
	r.Manifest = m.ID
	Seal(r)
	return r, nil
}

// ShardFile is the name of shard i's result file.
func (m *Manifest) ShardFile(i int) string {
	return fmt.Sprintf("shard-%d-of-%d.json", i, m.Shards)
}

// Seal sets r's digest: the hash of its tallies, names and settings, so
// that a file changed after it was written (a truncated copy, an edited
// count) is refused by ParseResult. It guards against accidents, not an
// adversary: whoever edits a file can seal it again.
func Seal(r *Result) { r.Digest = r.digest() }

func (r *Result) digest() string {
	c := *r
	c.Digest, c.Summary = "", nil
	b, _ := json.Marshal(&c)
	sum := sha256.Sum256(b)
	return "sha256:" + hex.EncodeToString(sum[:])
}

// MissingError lists the shards a merge lacks.
type MissingError struct {
	Missing []int
	Of      int
}

func (e *MissingError) Error() string {
	return fmt.Sprintf("%d of %d shards missing: %s", len(e.Missing), e.Of, Ranges(e.Missing))
}

// Ranges writes sorted indexes compactly: "3, 7, 9-12".
func Ranges(xs []int) string {
	var b strings.Builder
	for i := 0; i < len(xs); {
		j := i
		for j+1 < len(xs) && xs[j+1] == xs[j]+1 {
			j++
		}
		if b.Len() > 0 {
			b.WriteString(", ")
		}
		b.WriteString(strconv.Itoa(xs[i]))
		if j > i {
			b.WriteString("-" + strconv.Itoa(xs[j]))
		}
		i = j + 1
	}
	return b.String()
}

// MergeManifest merges the shards of the manifest's run: each part must
// be a sealed shard of this manifest (ParseResult has checked its
// digest), each index once. With every shard it is the result of one
// machine's run, byte for byte; a gap is a *MissingError unless partial,
// then the result is partial (Result.Missing).
func MergeManifest(m *Manifest, parts []*Result, partial bool) (*Result, error) {
	by := make(map[int]*Result, len(parts))
	for pi, p := range parts {
		name := p.name(pi)
		switch {
		case p.Manifest == "":
			return nil, &ManifestError{fmt.Sprintf("%s: not a shard of a manifest (no manifest id): 'wbtool balance run --manifest' writes them", name)}
		case p.Manifest != m.ID:
			return nil, &ManifestError{fmt.Sprintf("%s: a shard of manifest %s, not of this one (%s)", name, p.Manifest, m.ID)}
		case p.Digest == "":
			return nil, &ManifestError{fmt.Sprintf("%s: no digest: not as 'wbtool balance run' wrote it", name)}
		}
		s := Shard{0, 1}
		if len(p.Shards) == 1 {
			s = p.Shards[0]
		} else if len(p.Shards) > 1 {
			return nil, &ManifestError{fmt.Sprintf("%s: holds %d shards: merge the shards themselves", name, len(p.Shards))}
		}
		if s.N != m.Shards {
			return nil, &ManifestError{fmt.Sprintf("%s: shard %d/%d, but the manifest has %d shards", name, s.I, s.N, m.Shards)}
		}
		if q, dup := by[s.I]; dup {
			return nil, &ManifestError{fmt.Sprintf("%s: shard %d is given twice (also %s)", name, s.I, q.name(slices.Index(parts, q)))}
		}
		by[s.I] = p
	}
	var missing []int
	ordered := make([]*Result, 0, len(parts))
	for i := range m.Shards {
		if p, ok := by[i]; ok {
			ordered = append(ordered, p)
		} else {
			missing = append(missing, i)
		}
	}
	if len(missing) > 0 && (!partial || len(ordered) == 0) {
		return nil, &MissingError{missing, m.Shards}
	}
	r, err := Merge(ordered)
	if err != nil {
		return nil, err
	}
	r.Manifest, r.Digest = "", ""
	return r, nil
}

// checkBots checks a run's bot: one bot for both seats, or "A,B", the
// first seat's and the second's; it returns the bot of each seat.
func checkBots(lab Lab, bot string) ([2]string, error) {
	bots := [2]string{bot, bot}
	if a, b, ok := strings.Cut(bot, ","); ok {
		bots = [2]string{a, b}
	}
	for _, b := range bots {
		if err := lab.CheckBot(b); err != nil {
			return bots, fmt.Errorf("bot: %w", err)
		}
	}
	return bots, nil
}

// SeatBots are the bots of the first and the second seat: Bot is one bot
// for both, or "A,B".
func (s Settings) SeatBots() [2]string {
	if a, b, ok := strings.Cut(s.Bot, ","); ok {
		return [2]string{a, b}
	}
	return [2]string{s.Bot, s.Bot}
}
