package changes

import "strings"

// Op is one step of a word-level diff: words kept ("="), removed ("-")
// or inserted ("+").
type Op struct {
	Op   string `json:"op"`
	Text string `json:"text"`
}

// Words is a word-level diff of two texts.
type Words []Op

// maxCells bounds the table of the word diff: past it (texts of
// thousands of words) the whole text is shown replaced.
const maxCells = 4 << 20

// WordDiff compares two texts word by word (words are separated by white
// space; punctuation stays with its word) and returns the shortest edit,
// runs of the same kind merged.
func WordDiff(a, b string) Words {
	x, y := strings.Fields(a), strings.Fields(b)
	// Common prefix and suffix first: most edits touch a few words.
	p := 0
	for p < len(x) && p < len(y) && x[p] == y[p] {
		p++
	}
	s := 0
	for s < len(x)-p && s < len(y)-p && x[len(x)-1-s] == y[len(y)-1-s] {
		s++
	}
	var w Words
	add := func(op, word string) {
		if n := len(w); n > 0 && w[n-1].Op == op {
			w[n-1].Text += " " + word
			return
		}
		w = append(w, Op{op, word})
	}
	for _, t := range x[:p] {
		add("=", t)
	}
	mx, my := x[p:len(x)-s], y[p:len(y)-s]
	if (len(mx)+1)*(len(my)+1) > maxCells {
		for _, t := range mx {
			add("-", t)
		}
		for _, t := range my {
			add("+", t)
		}
	} else {
		// lcs[i][j]: the longest common subsequence of mx[i:] and my[j:].
		n, m := len(mx), len(my)
		lcs := make([]int32, (n+1)*(m+1))
		at := func(i, j int) *int32 { return &lcs[i*(m+1)+j] }
		for i := n - 1; i >= 0; i-- {
			for j := m - 1; j >= 0; j-- {
				if mx[i] == my[j] {
					*at(i, j) = *at(i+1, j+1) + 1
				} else {
					*at(i, j) = max(*at(i+1, j), *at(i, j+1))
				}
			}
		}
		i, j := 0, 0
		for i < n || j < m {
			switch {
			case i < n && j < m && mx[i] == my[j]:
				add("=", mx[i])
				i, j = i+1, j+1
			case i < n && (j == m || *at(i+1, j) >= *at(i, j+1)):
				add("-", mx[i])
				i++
			default:
				add("+", my[j])
				j++
			}
		}
	}
	for _, t := range x[len(x)-s:] {
		add("=", t)
	}
	return w
}

// Changed reports whether the diff removes or inserts anything.
func (w Words) Changed() bool {
	for _, o := range w {
		if o.Op != "=" {
			return true
		}
	}
	return false
}

// String shows the diff as wdiff does: [-removed-]{+inserted+}.
func (w Words) String() string {
	var b strings.Builder
	for i, o := range w {
		if i > 0 {
			b.WriteByte(' ')
		}
		switch o.Op {
		case "-":
			b.WriteString("[-" + o.Text + "-]")
		case "+":
			b.WriteString("{+" + o.Text + "+}")
		default:
			b.WriteString(o.Text)
		}
	}
	return b.String()
}
