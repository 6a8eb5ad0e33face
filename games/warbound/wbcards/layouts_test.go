package wbcards

import (
	"sync"
	"testing"

	"wbtool.dev/wbtool/games/warbound/wbcatalog"
	"wbtool.dev/wbtool/render"
)

// TestLayoutsShared: cards served from one Layouts, asked for with
// several versions, from several goroutines, in any order, are those a
// fresh layout gives; the check reads the same diagnostics.
func TestLayoutsShared(t *testing.T) {
	cat := starterCatalog(t)
	ids := allCards(cat)
	shared := NewLayouts(cat)
	versions := []string{"", "v1.2.3", "dev", ""}
	var wg sync.WaitGroup
	got := make([][]Card, len(versions)*len(wbcatalog.Langs))
	for i, v := range versions {
		for j, l := range wbcatalog.Langs {
			wg.Go(func() {
				cs, err := shared.Cards(l, ids, v)
				if err != nil {
					t.Error(err)
				}
				got[i*len(wbcatalog.Langs)+j] = cs
			})
		}
	}
	wg.Wait()
	for i, v := range versions {
		for j, l := range wbcatalog.Langs {
			want, err := NewLayouts(cat).Cards(l, ids, v)
			if err != nil {
				t.Fatal(err)
			}
			cs := got[i*len(wbcatalog.Langs)+j]
			if len(cs) != len(want) {
				t.Fatalf("%s %q: %d cards, want %d", l, v, len(cs), len(want))
			}
			for k := range want {
				for _, f := range [][2]*render.Face{{&cs[k].Front, &want[k].Front}, {&cs[k].Back, &want[k].Back}} {
					if a, b := f[0].Dump(), f[1].Dump(); a != b {
						t.Fatalf("%s %s %q: shared layout differs from a fresh one:\n%s\nwant:\n%s", cs[k].ID, l, v, a, b)
					}
				}
			}
		}
	}
	for _, l := range wbcatalog.Langs {
		if a, b := shared.Check(l).Sorted(), Check(cat, l).Sorted(); a.Text() != b.Text() {
			t.Errorf("%s: check from the shared layouts:\n%s\nwant:\n%s", l, a, b)
		}
	}
	if _, err := shared.Cards(wbcatalog.English, []string{"no-such-card"}, ""); err == nil {
		t.Error("an unknown card gave no error")
	}
}

// TestLayoutsKeep: a cache taking over an earlier catalog's cards keeps
// those reported unchanged (not laid out again), lays out the others, and
// serves what a fresh layout of the new catalog gives.
func TestLayoutsKeep(t *testing.T) {
	old := starterCatalog(t)
	ids := allCards(old)
	prev := NewLayouts(old)
	for _, l := range wbcatalog.Langs {
		prev.Check(l)
	}
	cat := ownStarterCatalog(t)
	edited := cat.Characters[0].ID
	cat.Characters[0].Front.Attack++
	next := NewLayouts(cat)
	next.Keep(prev, func(l wbcatalog.Lang, id string) bool { return id != edited })
	kept := 0
	for k, e := range next.cards {
		if k.id == edited {
			t.Errorf("the edited card %s was kept", k.id)
		}
		if pe := prev.cards[k]; pe != nil && len(e.card.Front.Items) > 0 && &e.card.Front.Items[0] == &pe.card.Front.Items[0] {
			kept++
		}
	}
	if kept == 0 {
		t.Fatal("no card was kept")
	}
	for _, l := range wbcatalog.Langs {
		got, err := next.Cards(l, ids, "v1")
		if err != nil {
			t.Fatal(err)
		}
		want, err := NewLayouts(cat).Cards(l, ids, "v1")
		if err != nil {
			t.Fatal(err)
		}
		for k := range want {
			for _, f := range [][2]*render.Face{{&got[k].Front, &want[k].Front}, {&got[k].Back, &want[k].Back}} {
				if a, b := f[0].Dump(), f[1].Dump(); a != b {
					t.Fatalf("%s %s: kept layout differs from a fresh one:\n%s\nwant:\n%s", got[k].ID, l, a, b)
				}
			}
		}
		if a, b := next.Check(l).Sorted(), Check(cat, l).Sorted(); a.Text() != b.Text() {
			t.Errorf("%s: check:\n%s\nwant:\n%s", l, a, b)
		}
	}
	t.Logf("%d of %d layouts kept", kept, 2*len(ids))
}
