package wbsite

import (
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"reflect"
	"sync"
	"testing"

	"wbtool.dev/wbtool/content"
	"wbtool.dev/wbtool/games/warbound/wbcatalog"
	"wbtool.dev/wbtool/games/warbound/wbschema"
)

// sharedStarter is the embedded starter content, loaded once for the
// package's tests (loading it is most of what a test costs otherwise).
// Tests only read it: each use checks at its end that the catalog's JSON
// is unchanged, and TestMain compares it with a fresh load.
var sharedStarter struct {
	once sync.Once
	cat  *wbcatalog.Catalog
	err  error
	sum  [sha256.Size]byte
}

// starter returns the shared starter catalog, read-only: a test that
// changes the catalog takes ownStarter.
func starter(tb testing.TB) *wbcatalog.Catalog {
	tb.Helper()
	s := &sharedStarter
	s.once.Do(func() {
		if s.cat, s.err = ownStarterErr(); s.err == nil {
			s.sum, s.err = catalogSum(s.cat)
		}
	})
	if s.err != nil {
		tb.Fatalf("load starter content: %v", s.err)
	}
	tb.Cleanup(func() {
		if sum, err := catalogSum(s.cat); err != nil {
			tb.Errorf("hash the shared starter catalog: %v", err)
		} else if sum != s.sum {
			tb.Errorf("%s changed the shared starter catalog: take ownStarter instead", tb.Name())
		}
	})
	return s.cat
}

// ownStarter loads a starter catalog of the test's own, to change.
func ownStarter(tb testing.TB) *wbcatalog.Catalog {
	tb.Helper()
	cat, err := ownStarterErr()
	if err != nil {
		tb.Fatalf("load starter content: %v", err)
	}
	return cat
}

func ownStarterErr() (*wbcatalog.Catalog, error) {
	return wbschema.Load(content.FS, wbschema.Options{Root: "content"})
}

func catalogSum(cat *wbcatalog.Catalog) ([sha256.Size]byte, error) {
	b, err := json.Marshal(cat)
	return sha256.Sum256(b), err
}

// starterUnchanged (TestMain, after the tests): the shared starter, if
// some test loaded it, still equals a fresh load, fields JSON skips
// included.
func starterUnchanged() error {
	if sharedStarter.cat == nil {
		return nil
	}
	fresh, err := ownStarterErr()
	if err != nil {
		return err
	}
	if !reflect.DeepEqual(sharedStarter.cat, fresh) {
		return fmt.Errorf("the tests changed the shared starter catalog: a test that changes it must take ownStarter")
	}
	return nil
}

func TestBuildStarter(t *testing.T) {
	files, err := Build(starter(t), Options{})
	if err != nil {
		t.Fatalf("Build: %v", err)
	}
	if len(files) < 20 {
		t.Fatalf("only %d files", len(files))
	}
	if testing.Verbose() {
		t.Logf("%d files", len(files))
	}
}
