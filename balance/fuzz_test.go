package balance_test

import (
	"io"
	"testing"

	"wbtool.dev/wbtool/balance"
)

// FuzzMergeReport: whatever bytes 'balance merge' is given, it reports an
// error or merges, summarises and writes a report, and never panics.
func FuzzMergeReport(f *testing.F) {
	f.Add([]byte(`{"version":1,"settings":{"scenarios":["s"],"games":1},"matchups":[{"format":"exploration","scenario":"s","decks":["a","b"],"games":3,"wins":[2,1],"lengths":[1,2]}],"cards":[{"deck":"a","card":"x","games":3,"acted":2}]}`))
	f.Add([]byte(`{"version":1,"shards":[{"i":0,"n":2}],"matchups":[],"cards":[]}`))
	f.Add([]byte(`{"version":1,"shards":[{"i":5,"n":0}]}`))
	f.Add([]byte(`not json`))
	f.Fuzz(func(t *testing.T, data []byte) {
		r, err := balance.ParseResult(data)
		if err != nil {
			return
		}
		m, err := balance.Merge([]*balance.Result{r})
		if err != nil {
			return
		}
		m.Finish(balance.DefaultThresholds)
		m.Missing()
		if err := balance.Report(io.Discard, m); err != nil {
			t.Fatal(err)
		}
		balance.WriteText(io.Discard, m)
	})
}
