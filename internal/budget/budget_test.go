package budget

import (
	"bytes"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"wbtool.dev/wbtool/diag"
)

// TestCodecKeepsWhatGobLoses pins the cases that rule out encoding/gob
// and encoding/json as the transport.
func TestCodecKeepsWhatGobLoses(t *testing.T) {
	f := false
	type inner struct{ A int }
	type value struct {
		Hand   *bool
		Empty  []string
		Nil    []string
		Map    map[string]int
		NilMap map[string]int
		Ptr    *inner
		Pos    diag.Pos `json:"-"`
		Source []byte   `json:"-"`
		F      float64
		Arr    [2]int8
		U      uint16
	}
	in := value{Hand: &f, Empty: []string{}, Map: map[string]int{"b": 2, "a": 0}, Ptr: &inner{},
		Pos: diag.Pos{File: "x.cue", Line: 3, Col: 4}, Source: []byte{}, F: -1.5, Arr: [2]int8{-1, 2}, U: 65535}
	data, err := Marshal(in)
	if err != nil {
		t.Fatal(err)
	}
	var out value
	if err := Unmarshal(data, &out); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(in, out) {
		t.Fatalf("round trip: got %+v, want %+v", out, in)
	}
	if out.Hand == nil || out.Empty == nil || out.Nil != nil || out.Ptr == nil || out.NilMap != nil {
		t.Fatalf("nil-ness lost: %+v", out)
	}
}

// sample is a value with every kind the codec writes, nested: the
// shape of a loaded catalog (a game's content), without a game.
type sample struct {
	Name  string
	Pos   diag.Pos `json:"-"`
	Flag  *bool
	Count int
	Ratio float64
	Tags  []string
	Sub   []sampleItem
	Index map[string]*sampleItem
	Raw   []byte
}

type sampleItem struct {
	ID    string
	Cost  uint8
	Steps [3]int16
	Next  *sampleItem
}

func newSample(n int) *sample {
	yes := true
	s := &sample{Name: "sample", Pos: diag.Pos{File: "content/a.cue", Line: 3, Col: 9}, Flag: &yes, Count: -n, Ratio: 0.25,
		Tags: []string{"a", "", "é"}, Index: map[string]*sampleItem{}, Raw: []byte{0, 1, 2}}
	for i := range n {
		it := sampleItem{ID: fmt.Sprintf("item-%d", i), Cost: uint8(i), Steps: [3]int16{int16(i), -1, 0}}
		if i%3 == 0 {
			it.Next = &sampleItem{ID: "next"}
		}
		s.Sub = append(s.Sub, it)
		s.Index[it.ID] = &it
	}
	return s
}

func TestCodecRoundTripDeterministic(t *testing.T) {
	in := newSample(50)
	data, err := Marshal(in)
	if err != nil {
		t.Fatal(err)
	}
	var back sample
	if err := Unmarshal(data, &back); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(in, &back) {
		t.Fatal("the decoded value differs from the encoded one")
	}
	for range 5 { // map order differs from run to run; the bytes must not
		again, err := Marshal(&back)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(data, again) {
			t.Fatal("encoding is not deterministic")
		}
	}
}

func TestCodecRejectsCorruptInput(t *testing.T) {
	data, err := Marshal(newSample(200))
	if err != nil {
		t.Fatal(err)
	}
	for n := 0; n < len(data); n += 1 + n/7 {
		var back sample
		if err := Unmarshal(data[:n], &back); err == nil {
			t.Fatalf("a stream cut at %d of %d bytes decoded without error", n, len(data))
		}
	}
	if err := Unmarshal(append(data, 0), new(sample)); err == nil {
		t.Fatal("trailing bytes accepted")
	}
}

func TestCodecRefusesUnsupported(t *testing.T) {
	for _, v := range []any{struct{ x int }{1}, struct{ C chan int }{}, struct{ F func() }{}, struct{ I any }{1}} {
		if _, err := Marshal(v); err == nil {
			t.Errorf("Marshal(%T) succeeded", v)
		}
	}
}

func FuzzUnmarshal(f *testing.F) {
	data, err := Marshal(newSample(5))
	if err != nil {
		f.Fatal(err)
	}
	f.Add(data)
	f.Add([]byte{0xff, 0xff, 0xff, 0xff, 0x0f})
	f.Fuzz(func(t *testing.T, b []byte) {
		var out sample
		_ = Unmarshal(b, &out) // must not panic nor allocate without bound
	})
}

func TestParseArgs(t *testing.T) {
	in := Request{Dir: "/x y", Root: "content", Draft: true, Memory: 42, Worker: true}
	out, err := ParseArgs(in.Args())
	if err != nil || out != in {
		t.Fatalf("ParseArgs(Args()) = %+v, %v", out, err)
	}
	for _, bad := range [][]string{nil, {"--dir"}, {"--dir", "x", "--memory", "lots"}, {"--dir", "x", "--what", "y"}} {
		if _, err := ParseArgs(bad); err == nil {
			t.Errorf("ParseArgs(%q) accepted", bad)
		}
	}
}

func TestCrashSummary(t *testing.T) {
	trace := "some log\npanic: runtime error: index out of range [3] with length 2\n\ngoroutine 1 [running]:\ncuelang.org/go/internal/core/adt.f()\n\t/x/adt.go:10\nmain.main()\n\t/x/main.go:3\n"
	got := crashSummary(trace)
	if !strings.HasPrefix(got, "panic: runtime error: index out of range") || strings.Contains(got, "/x/main.go:3") || !strings.Contains(got, "adt.f()") {
		t.Errorf("crashSummary = %q", got)
	}
	if got := crashSummary("a\nb\nc\nd\ne\nf\ng\n"); got != "c\nd\ne\nf\ng" {
		t.Errorf("crashSummary without panic = %q", got)
	}
}

func TestCappedBuffer(t *testing.T) {
	c := &cappedBuffer{max: 5}
	if n, err := c.Write([]byte("abc")); n != 3 || err != nil {
		t.Fatalf("Write = %d, %v", n, err)
	}
	if _, err := c.Write([]byte("def")); err == nil || !c.over {
		t.Fatal("a write past the cap was accepted")
	}
	if c.String() != "abc" {
		t.Fatalf("kept %q", c.String())
	}
}
