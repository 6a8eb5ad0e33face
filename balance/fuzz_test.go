package balance_test

import (
	"io"
	"testing"

	"wbtool.dev/wbtool/balance"
)

// FuzzMergeReport: whatever bytes 'balance merge' is given, it reports an
// error or merges, summarises and writes a result and a report, and never
// panics.
func FuzzMergeReport(f *testing.F) {
	f.Add([]byte(`{"version":1,"settings":{"scenarios":["s"],"games":1},"matchups":[{"format":"exploration","scenario":"s","decks":["a","b"],"games":3,"wins":[2,1],"lengths":[1,2]}],"cards":[{"deck":"a","card":"x","games":3,"acted":2}]}`))
	f.Add([]byte(`{"version":1,"shards":[{"i":0,"n":2}],"matchups":[],"cards":[]}`))
	f.Add([]byte(`{"version":1,"shards":[{"i":5,"n":0}]}`))
	f.Add([]byte(`not json`))
	f.Add([]byte(`{"version":1,"engine":"e","content":"x","settings":{"formats":["exploration"],"scenarios":["s"],"bot":"random","games":2,"seed":1},"shards":[{"i":0,"n":2}],
"matchups":[{"format":"exploration","scenario":"s","decks":["a","b"],"games":1,"wins":[1,0],"vp":[3,1],"steps":100,"stepsSq":10000,"lengths":[0,0,0,0,0,1]},
{"format":"exploration","scenario":"s","decks":["b","a"],"games":1,"wins":[0,1],"vp":[2,4],"steps":90,"stepsSq":8100,"lengths":[0,0,0,0,1]}],
"cards":[{"format":"exploration","deck":"a","card":"x","games":1,"activations":3,"vp":1,"sideVP":3,"acted":1,"actedWins":1}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		r, err := balance.ParseResult(data, warboundFormats)
		if err != nil {
			return
		}
		m, err := balance.Merge([]*balance.Result{r})
		if err != nil {
			return
		}
		m.Finish(balance.DefaultThresholds)
		m.Missing()
		// A result read is a result written: no NaN or infinity.
		if _, err := balance.MarshalResult(m); err != nil {
			t.Fatal(err)
		}
		if err := balance.Report(io.Discard, m); err != nil {
			t.Fatal(err)
		}
		balance.WriteText(io.Discard, m)
	})
}
