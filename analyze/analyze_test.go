package analyze

import (
	"bytes"
	"flag"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/kirin-shogi/kirin/eval"
	"github.com/kirin-shogi/kirin/movegen"
)

var update = flag.Bool("update", false, "rewrite the golden files")

// timing blanks the fields that depend on the clock.
var timing = regexp.MustCompile(`(time +)[0-9.]+s|("time_ms":)[0-9]+`)

func golden(t *testing.T, name, got string) {
	t.Helper()
	got = timing.ReplaceAllString(got, "${1}${2}T")
	path := "testdata/" + name + ".golden"
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if got != string(want) {
		t.Errorf("%s differs (go test -update rewrites it):\n--- got\n%s--- want\n%s", path, got, want)
	}
}

func setUp(t *testing.T, variant, sfen string, moves ...string) *movegen.Position {
	t.Helper()
	v, err := movegen.Lookup(variant)
	if err != nil {
		t.Fatal(err)
	}
	pos, err := movegen.NewPosition(v, sfen)
	if err != nil {
		t.Fatal(err)
	}
	for _, u := range moves {
		m, err := pos.ParseMoveUSI(u)
		if err != nil {
			t.Fatal(err)
		}
		pos.Make(m)
	}
	return pos
}

// TestPositionGolden pins the text output (board, one line pair per depth,
// bestmove), the multi-PV text and the JSON lines. One thread at fixed
// depth, so the node counts are reproducible.
func TestPositionGolden(t *testing.T) {
	var b bytes.Buffer
	Position(&b, setUp(t, "shogi", "startpos", "7g7f", "3c3d"), Config{Depth: 4, Board: true})
	golden(t, "shogi_text", b.String())
	b.Reset()
	Position(&b, setUp(t, "chu", "startpos"), Config{Depth: 3, MultiPV: 2})
	golden(t, "chu_multipv", b.String())
	b.Reset()
	Position(&b, setUp(t, "shogi", "startpos"), Config{Depth: 3, JSON: true})
	golden(t, "shogi_json", b.String())
	if n := strings.Count(b.String(), "\n"); n != 4 {
		t.Errorf("want 3 depth lines and a bestmove line, got %d lines", n)
	}
}

// TestGameGolden pins a whole-game annotation, and checks that a move that
// hangs the rook is marked as a blunder.
func TestGameGolden(t *testing.T) {
	pos := setUp(t, "shogi", "startpos")
	var moves []movegen.Move
	p := pos.Clone()
	// One clearly losing move: after 8h2b+ the second player does not
	// recapture the horse (4a4b instead of 3a2b).
	for _, u := range []string{"7g7f", "3c3d", "8h2b+", "4a4b", "2b3a"} {
		m, err := p.ParseMoveUSI(u)
		if err != nil {
			t.Fatal(err)
		}
		moves = append(moves, m)
		p.Make(m)
	}
	var b bytes.Buffer
	notes := Game(&b, pos, moves, Config{Depth: 3})
	golden(t, "shogi_game", b.String())
	if notes[3].Mark != "??" {
		t.Errorf("4a4b (not recapturing the horse) should be a blunder: %+v", notes[3])
	}
}

// TestDiagram: sizes from 9x9 to 25x25 draw every rank and file.
func TestDiagram(t *testing.T) {
	for _, name := range []string{"shogi", "tai"} {
		pos := setUp(t, name, "startpos")
		d := Diagram(pos)
		v := pos.Variant()
		if got := strings.Count(d, "\n"); got != v.Ranks+2+map[bool]int{true: 2}[v.Drops] {
			t.Errorf("%s: %d lines", name, got)
		}
	}
}

// TestMarkScale: a move's mark follows the losses of a Pawn and three,
// widened by the evaluation's margin factor, which comes from the game's
// weights (shogi's file sets 800, chu has none).
func TestMarkScale(t *testing.T) {
	for _, c := range []struct {
		loss, scale int
		want        string
	}{
		{0, 100, ""}, {99, 100, ""}, {100, 100, "?"}, {299, 100, "?"}, {300, 100, "??"},
		{799, 800, ""}, {800, 800, "?"}, {2399, 800, "?"}, {2400, 800, "??"},
	} {
		if got := mark(c.loss, c.scale); got != c.want {
			t.Errorf("mark(%d, %d) = %q, want %q", c.loss, c.scale, got, c.want)
		}
	}
	for name, want := range map[string]int{"shogi": 800, "chu": 100} {
		v, err := movegen.Lookup(name)
		if err != nil {
			t.Fatal(err)
		}
		if got := eval.New(v).MarginScale(); got != want {
			t.Errorf("%s: margin factor %d, want %d", name, got, want)
		}
	}
}
