package budget

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"fmt"
	"io/fs"

	"wbtool.dev/wbtool/diag"
	"wbtool.dev/wbtool/games/warbound/wbcatalog"
	"wbtool.dev/wbtool/internal/contentfs"
	"wbtool.dev/wbtool/internal/crash"
	"wbtool.dev/wbtool/pipeline/ruleset"
	"wbtool.dev/wbtool/schema"
)

// Trees of other games than Warbound (their game.cue names the game,
// package pipeline/ruleset) are loaded in the child too, through their
// game's rules: the same budget, the same answers (the content, or its
// errors, or the failure), the content encoded by the game
// (ruleset.Portable).

// kindContent is the answer holding another game's content: the game's
// name (its length as a uvarint, then its bytes) and what the game's
// Marshal wrote.
const kindContent = 'G'

// Loaded is what a child loaded: Warbound's catalog, or another game's
// content — one of the two.
type Loaded struct {
	Catalog *wbcatalog.Catalog
	Other   *ruleset.Loaded
	// Sum is the hash of the answer: equal sums, equal content (the
	// encoding is deterministic).
	Sum [32]byte
}

// loadGame loads a tree of another game than Warbound through that game's
// rules, with the worker's cache (a game may keep its per-file results
// there, as Warstuff's loader does); ok is false for a Warbound tree (load
// reads it with the same cache).
func loadGame(fsys fs.FS, req Request, cache *schema.Cache) (kind byte, payload []byte, ok bool) {
	game, pos, err := schema.Game(fsys, req.Root)
	var list diag.List
	switch {
	case errors.As(err, &list):
		kind, payload = encodeErrors(list)
		return kind, payload, true
	case err != nil:
		return kindFailure, []byte(err.Error()), true
	case game == schema.DefaultGame:
		return 0, nil, false
	}
	rs, known := ruleset.Lookup(game)
	if !known {
		kind, payload = encodeErrors(ruleset.Unknown(game, pos))
		return kind, payload, true
	}
	port, portable := rs.(ruleset.Portable)
	if !portable {
		return kindFailure, fmt.Appendf(nil, "%s content cannot be loaded in the evaluation process", game), true
	}
	content, err := rs.Load(fsys, ruleset.LoadOptions{Root: req.Root, Draft: req.Draft, Cache: cache})
	switch {
	case errors.As(err, &list):
		kind, payload = encodeErrors(list)
		return kind, payload, true
	case err != nil:
		return kindFailure, []byte(err.Error()), true
	}
	b, err := port.Marshal(content)
	if err != nil {
		return kindFailure, []byte(err.Error()), true
	}
	var buf bytes.Buffer
	buf.Write(binary.AppendUvarint(nil, uint64(len(game))))
	buf.WriteString(game)
	buf.Write(b)
	return kindContent, buf.Bytes(), true
}

func encodeErrors(list diag.List) (kind byte, payload []byte) {
	b, err := Marshal(list)
	if err != nil {
		return kindFailure, []byte(err.Error())
	}
	return kindErrors, b
}

// decodeContent decodes a kindContent answer.
func decodeContent(payload []byte) (*ruleset.Loaded, error) {
	n, k := binary.Uvarint(payload)
	if k <= 0 || n > uint64(len(payload)-k) {
		return nil, errors.New("read the evaluation result: bad game name")
	}
	game := string(payload[k : k+int(n)])
	rs, known := ruleset.Lookup(game)
	port, portable := rs.(ruleset.Portable)
	if !known || !portable {
		return nil, fmt.Errorf("read the evaluation result: unknown game %q", game)
	}
	c, err := port.Unmarshal(payload[k+int(n):])
	if err != nil {
		return nil, fmt.Errorf("read the evaluation result: %w", err)
	}
	return &ruleset.Loaded{GameName: game, Content: c}, nil
}

// decodeAnswer reads a child's answer for the content folder dir. A
// catalog refers to its art files, which do not cross the pipe: it reads
// them from dir, through the same rules as the child's loader.
func decodeAnswer(kind byte, payload []byte, dir string) (Loaded, error) {
	ld := Loaded{Sum: sha256.Sum256(append([]byte{kind}, payload...))}
	switch kind {
	case kindCatalog:
		cat := &wbcatalog.Catalog{}
		if err := Unmarshal(payload, cat); err != nil {
			return Loaded{}, fmt.Errorf("read the evaluation result: %w", err)
		}
		if cfs, err := contentfs.Open(dir); err == nil {
			cat.SetArtReader(schema.ArtFiles(cfs))
		}
		ld.Catalog = cat
		return ld, nil
	case kindContent:
		other, err := decodeContent(payload)
		if err != nil {
			return Loaded{}, err
		}
		ld.Other = other
		return ld, nil
	case kindErrors:
		var list schema.Errors
		if err := Unmarshal(payload, &list); err != nil {
			return Loaded{}, fmt.Errorf("read the evaluation result: %w", err)
		}
		return Loaded{}, list
	case kindFailure:
		return Loaded{}, errors.New(string(payload))
	case kindCrash:
		return Loaded{}, &crash.Reported{Stage: loadStage, Path: string(payload)}
	}
	return Loaded{}, errors.New("read the evaluation result: unknown answer")
}

// warboundOnly is the catalog of ld, or an error naming the game when the
// content is another game's (Runner.Load, Worker.Load).
func warboundOnly(ld Loaded, err error) (*wbcatalog.Catalog, error) {
	if err == nil && ld.Other != nil {
		return nil, fmt.Errorf("the content is a %s tree: load it with LoadContent", ld.Other.GameName)
	}
	return ld.Catalog, err
}
