package bench

import (
	"io"
	"strings"
	"testing"
)

// benchNodes is the node count of `kirin bench` (every game, default
// depths, one thread). A change to search or evaluation that changes it
// updates it here and quotes it in its commit message as "Bench: N".
const benchNodes = 715167

// TestBenchSignature pins the bench node count, so a change that alters
// the search tree cannot go unnoticed.
func TestBenchSignature(t *testing.T) {
	positions, err := Suite("all")
	if err != nil {
		t.Fatal(err)
	}
	tot, err := RunSearch(io.Discard, positions, SearchConfig{})
	if err != nil {
		t.Fatal(err)
	}
	if tot.Nodes != benchNodes {
		t.Fatalf("bench nodes %d, pinned %d", tot.Nodes, benchNodes)
	}
}

// TestSuite checks the embedded suite: every game present, every position
// legal and not over.
func TestSuite(t *testing.T) {
	positions, err := Suite("all")
	if err != nil {
		t.Fatal(err)
	}
	games := map[string]int{}
	for _, p := range positions {
		games[p.Variant]++
	}
	for _, g := range []string{"shogi", "okisaki", "heian", "heiandai", "chu", "dai", "reiwadai", "tai"} {
		if games[g] == 0 {
			t.Errorf("no bench position for %s", g)
		}
	}
	if _, err := Suite("nosuchgame"); err == nil {
		t.Error("unknown game accepted")
	}
	var out strings.Builder
	if _, err := RunSearch(&out, positions[:1], SearchConfig{Depth: 2}); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"Position 1/1", "Nodes searched  :", "Nodes/second    :"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, out.String())
		}
	}
}
