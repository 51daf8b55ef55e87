package match

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/kirin-shogi/kirin/movegen"
)

// TestStrip: a stripped run keeps each game's tags, book moves, end
// comment and result and drops the rest; merged with another run it gives
// the report (scores, pairs, SPRT) the full files give, and a run given
// twice, once stripped, is still refused by the seed check of its book
// moves; gzipped, it merges the same. Files kirin match did not write and
// files that are not gzip under a .gz name are refused, and nothing is
// written.
func TestStrip(t *testing.T) {
	dir := t.TempDir()
	cfg := &Config{Variant: lookup(t, "shogi"), Engines: []EngineConfig{{Name: "a"}, {Name: "b"}}, TC: TimeControl{Nodes: 20000}}
	// run r: 4 pairs, each opening two book moves of its own, then two
	// engine moves; a wins pair 1, the others split by colour.
	book := [][2]string{{"7g7f", "3c3d"}, {"2g2f", "8c8d"}, {"5g5f", "5c5d"}, {"1g1f", "9c9d"}}
	run := func(name string, r int) string {
		var gs []*Game
		for n := 1; n <= 8; n++ {
			p := (n + 1) / 2
			g := &Game{Number: n, Round: 1, Pair: p, Black: "a", White: "b", Result: movegen.BlackWins, Reason: "checkmate"}
			if n%2 == 0 {
				g.Black, g.White = "b", "a"
			}
			if p == 1 {
				g.Result = map[bool]movegen.Result{true: movegen.BlackWins, false: movegen.WhiteWins}[g.Black == "a"]
			}
			if n == 8 {
				g.Reason = "" // an empty end comment must stay the last one
			}
			o := book[(p+r)%len(book)]
			g.Moves = []MoveRecord{{USI: o[0], XBoard: o[0], Book: true}, {USI: o[1], XBoard: o[1], Book: true},
				{USI: "3g3f", XBoard: "3g3f", HasScore: true, Score: 31, Depth: 9, Time: 20 * time.Millisecond},
				{USI: "4a3b", XBoard: "4a3b", HasScore: true, Score: -25, Depth: 9, Time: 30 * time.Millisecond}}
			gs = append(gs, g)
		}
		path := filepath.Join(dir, name)
		writeGames(t, path, cfg, 8, gs...)
		return path
	}
	r1, r2 := run("r1.pgn", 1), run("r2.pgn", 2)
	strip := func(in, name string) string {
		var out bytes.Buffer
		if err := StripCommand([]string{in}, &out); err != nil {
			t.Fatal(err)
		}
		path := filepath.Join(dir, name)
		os.WriteFile(path, out.Bytes(), 0o644)
		return path
	}
	s1 := strip(r1, "s1.pgn")
	data, _ := os.ReadFile(s1)
	full, _ := os.ReadFile(r1)
	if len(data) >= len(full) {
		t.Errorf("stripped %d bytes, the run %d", len(data), len(full))
	}
	games, err := ReadPGN(bytes.NewReader(data))
	if err != nil || len(games) != 8 {
		t.Fatalf("stripped file: %d games, %v\n%s", len(games), err, data)
	}
	fullGames, _ := ReadPGN(bytes.NewReader(full))
	for i, g := range games {
		if fmt.Sprint(g.Tags) != fmt.Sprint(fullGames[i].Tags) {
			t.Errorf("game %d: tags %v, want %v", i+1, g.Tags, fullGames[i].Tags)
		}
		if want := fullGames[i].Moves[:2]; fmt.Sprint(g.Moves) != fmt.Sprint(want) || g.LastComment != fullGames[i].LastComment {
			t.Errorf("game %d: moves %v, last comment %q; want the book moves %v and %q", i+1, g.Moves, g.LastComment, want, fullGames[i].LastComment)
		}
	}
	sprt := &SPRT{Elo0: 0, Elo1: 10, Alpha: 0.05, Beta: 0.05}
	report := func(files ...string) string {
		var out bytes.Buffer
		if _, err := MergeRuns(files, sprt, &out); err != nil {
			t.Fatalf("merge %v: %v", files, err)
		}
		// The report names its files; the rest must agree.
		_, rest, _ := strings.Cut(out.String(), "\n\n")
		return rest
	}
	want := report(r1, r2)
	var z bytes.Buffer
	zw := gzip.NewWriter(&z)
	zw.Write(data)
	zw.Close()
	s1z := filepath.Join(dir, "s1.pgn.gz")
	os.WriteFile(s1z, z.Bytes(), 0o644)
	for _, files := range [][]string{{s1, r2}, {s1, strip(r2, "s2.pgn")}, {s1z, r2}} {
		if got := report(files...); got != want {
			t.Errorf("merge %v:\n%s\nthe full runs:\n%s", files, got, want)
		}
	}
	if !strings.Contains(want, "Ptnml(0-2): 0, 0, 6, 0, 2") {
		t.Errorf("the runs' report has not the pairs the test made:\n%s", want)
	}
	if _, err := MergeRuns([]string{s1, strip(r1, "s1-again.pgn")}, nil, &bytes.Buffer{}); err == nil || !strings.Contains(err.Error(), "are the same game") {
		t.Errorf("one run stripped twice: %v", err)
	}

	foreign := filepath.Join(dir, "foreign.pgn")
	os.WriteFile(foreign, []byte("[White \"x\"]\n[Black \"y\"]\n[Result \"1-0\"]\n\n1. 7g7f 1-0\n"), 0o644)
	notGzip := filepath.Join(dir, "plain.pgn.gz")
	os.WriteFile(notGzip, full, 0o644)
	var out bytes.Buffer
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{r1, foreign}, foreign + " (game 1 of the file): no GameNumber tag"},
		{[]string{filepath.Join(dir, "none.pgn")}, "no such file"},
		{[]string{"--keep", r1}, "unknown option --keep"},
		{nil, "give the PGN files to strip"},
		{[]string{r1 + ".gz"}, "no such file"},
		{[]string{notGzip}, notGzip + ": gzip: invalid header"},
	} {
		out.Reset()
		if err := StripCommand(c.args, &out); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("strip %v: %v, want an error containing %q", c.args, err, c.want)
		}
		if out.Len() > 0 {
			t.Errorf("strip %v wrote %d bytes", c.args, out.Len())
		}
	}
}
