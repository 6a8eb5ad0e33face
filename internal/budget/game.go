package budget

import (
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"fmt"
	"io/fs"

	"wbtool.dev/wbtool/diag"
	"wbtool.dev/wbtool/internal/crash"
	"wbtool.dev/wbtool/pipeline/ruleset"
	"wbtool.dev/wbtool/schema"
)

// A tree is loaded in the child through its game's rules (package
// pipeline/ruleset; its game.cue names the game, Warbound's when it names
// none): the same budget and the same answers for every game (the
// content, or its errors, or the failure). The content crosses the pipe
// one of two ways, as the game chooses: whole, encoded by the game
// (ruleset.Portable), or as the game's preload (ruleset.Preloader), which
// its Load finishes in the parent.

// The answers holding content: the game's name (its length as a uvarint,
// then its bytes), then what the game's Marshal (kindContent) or Preload
// (kindPreloaded) wrote.
const (
	kindContent   = 'G'
	kindPreloaded = 'W'
)

// Loaded is what a child loaded: a game's content, whole or preloaded.
type Loaded struct {
	// Game is the tree's game.
	Game string
	// Content is the loaded content, when the game is Portable.
	Content ruleset.Content
	// Preloaded, when the game is a Preloader, is what its Preload
	// made: the game's Load finishes the load with it
	// (ruleset.LoadOptions.Preloaded).
	Preloaded []byte
	// Sum is the hash of the answer: equal sums, equal content (the
	// encoding is deterministic).
	Sum [32]byte
}

// loadGame loads a tree through the rules of its game, with the worker's
// cache (a game may keep its per-file results there, as Warbound's and
// Warstuff's loaders do).
func loadGame(fsys fs.FS, req Request, cache *schema.Cache) (kind byte, payload []byte) {
	game, pos, err := ruleset.GameOf(fsys, req.Root)
	if err != nil {
		return encodeFailure(err)
	}
	rs, known := ruleset.Lookup(game)
	if !known {
		return encodeErrors(ruleset.Unknown(game, pos))
	}
	lo := ruleset.LoadOptions{Root: req.Root, Draft: req.Draft, Cache: cache}
	var b []byte
	if pre, ok := rs.(ruleset.Preloader); ok {
		kind = kindPreloaded
		b, err = pre.Preload(fsys, lo)
	} else if port, ok := rs.(ruleset.Portable); ok {
		kind = kindContent
		var content ruleset.Content
		if content, err = rs.Load(fsys, lo); err == nil {
			b, err = port.Marshal(content)
		}
	} else {
		return kindFailure, fmt.Appendf(nil, "%s content cannot be loaded in the evaluation process", game)
	}
	if err != nil {
		return encodeFailure(err)
	}
	payload = binary.AppendUvarint(nil, uint64(len(game)))
	payload = append(payload, game...)
	return kind, append(payload, b...)
}

// encodeFailure encodes a load's error: content errors as a list, any
// other as its text.
func encodeFailure(err error) (kind byte, payload []byte) {
	var list diag.List
	if errors.As(err, &list) {
		return encodeErrors(list)
	}
	return kindFailure, []byte(err.Error())
}

func encodeErrors(list diag.List) (kind byte, payload []byte) {
	b, err := Marshal(list)
	if err != nil {
		return kindFailure, []byte(err.Error())
	}
	return kindErrors, b
}

// decodeContent decodes a kindContent or kindPreloaded answer.
func decodeContent(kind byte, payload []byte) (Loaded, error) {
	n, k := binary.Uvarint(payload)
	if k <= 0 || n > uint64(len(payload)-k) {
		return Loaded{}, errors.New("read the evaluation result: bad game name")
	}
	game, rest := string(payload[k:k+int(n)]), payload[k+int(n):]
	rs, known := ruleset.Lookup(game)
	if !known {
		return Loaded{}, fmt.Errorf("read the evaluation result: unknown game %q", game)
	}
	if kind == kindPreloaded {
		return Loaded{Game: game, Preloaded: rest}, nil
	}
	port, portable := rs.(ruleset.Portable)
	if !portable {
		return Loaded{}, fmt.Errorf("read the evaluation result: %s content is not portable", game)
	}
	c, err := port.Unmarshal(rest)
	if err != nil {
		return Loaded{}, fmt.Errorf("read the evaluation result: %w", err)
	}
	return Loaded{Game: game, Content: c}, nil
}

// decodeAnswer reads a child's answer.
func decodeAnswer(kind byte, payload []byte) (Loaded, error) {
	switch kind {
	case kindContent, kindPreloaded:
		ld, err := decodeContent(kind, payload)
		if err != nil {
			return Loaded{}, err
		}
		ld.Sum = sha256.Sum256(append([]byte{kind}, payload...))
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
