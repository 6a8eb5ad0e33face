// Package treetest compares the games' tree conversions (package jstree)
// with encoding/json in tests.
package treetest

import (
	"encoding/json"
	"testing"
)

// JSON is v's JSON decoded into plain values: what the page's JSON.parse
// gives the checker module.
func JSON(t testing.TB, v any) any {
	t.Helper()
	var tree any
	decode(t, v, &tree)
	return tree
}

// RoundTrip is v through its JSON into a fresh value of v's type.
func RoundTrip[T any](t testing.TB, v T) T {
	t.Helper()
	var out T
	decode(t, v, &out)
	return out
}

func decode(t testing.TB, v, into any) {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, into); err != nil {
		t.Fatal(err)
	}
}
