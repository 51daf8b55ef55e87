package match

import (
	"bytes"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/kirin-shogi/kirin/movegen"
)

// lionSFEN is a chu position with a sente lion (f6 in XBoard's
// coordinates) next to two gote pawns (f7, g7), so it has every kind of
// two-leg move: double captures, a capture and a step on, igui.
const lionSFEN = "5k6/12/12/12/12/5pp5/6N5/12/12/12/12/6K5 b - 1"

// TestPGNTwoLegMoves: every two-leg move is written in the form XBoard's
// PGN reader takes (no comma: from, the captured square, then the
// destination after x or -), and ParseMoveAny reads it back as the same
// move. Passes stay @@@@.
func TestPGNTwoLegMoves(t *testing.T) {
	pos, err := movegen.NewPosition(lookup(t, "chu"), lionSFEN)
	if err != nil {
		t.Fatal(err)
	}
	var list movegen.MoveList
	pos.GenerateLegal(&list)
	kinds := map[string]string{}
	for _, m := range list.Slice() {
		text := moveXBoardPGN(pos, m)
		switch {
		case m.IsPass():
			kinds["pass"] = text
			if text != "@@@@" {
				t.Errorf("pass written %q", text)
			}
		case m.Mid() != movegen.NoSquare:
			if strings.Contains(text, ",") || strings.Count(text, "x")+strings.Count(text, "-") != 2 {
				t.Errorf("%s written %q", pos.MoveXBoard(m), text)
			}
			switch {
			case m.To() == m.From():
				kinds["igui"] = text
			case pos.At(m.To()) != movegen.Empty:
				kinds["double capture"] = text
			default:
				kinds["capture and step"] = text
			}
		default:
			if text != pos.MoveXBoard(m) {
				t.Errorf("%s written %q", pos.MoveXBoard(m), text)
			}
		}
		back, err := ParseMoveAny(pos, text)
		if err != nil || back != m {
			t.Errorf("%q read back as %v (%v), want %s", text, back, err, pos.MoveXBoard(m))
		}
	}
	for _, k := range []string{"pass", "igui", "double capture", "capture and step"} {
		if kinds[k] == "" {
			t.Errorf("no %s among the legal moves", k)
		}
	}
	t.Logf("%v", kinds)
	if got := kinds["double capture"]; got != "g6xf7xg7" && got != "g6xg7xf7" {
		t.Errorf("double capture written %q", got)
	}
}

// TestPGNWriteReadLion: a game with the three kinds of two-leg moves goes
// through WritePGN and ReadPGN and replays to the same moves.
func TestPGNWriteReadLion(t *testing.T) {
	v := lookup(t, "chu")
	pos, err := movegen.NewPosition(v, lionSFEN)
	if err != nil {
		t.Fatal(err)
	}
	g := &Game{Number: 1, Round: 1, Black: "a", White: "b", StartSFEN: lionSFEN, Started: time.Now()}
	var want []movegen.Move
	// Sente: igui on g7; gote: king step; sente: take f7 and step on.
	for _, u := range []string{"6g6f6g", "7a8a", "6g7f8e"} {
		m, err := pos.ParseMoveUSI(u)
		if err != nil {
			t.Fatalf("%s: %v", u, err)
		}
		g.Moves = append(g.Moves, record(pos, m, thought{}, true))
		want = append(want, m)
		pos.Make(m)
	}
	var b bytes.Buffer
	if err := WritePGN(&b, &Config{Variant: v}, g); err != nil {
		t.Fatal(err)
	}
	for _, w := range []string{"1. g6xg7-g6 {book} f12e12 {book} 2. g6xf7-e8 {book}"} {
		if !strings.Contains(b.String(), w) {
			t.Errorf("no %q in the PGN:\n%s", w, b.String())
		}
	}
	games, err := ReadPGN(&b)
	if err != nil || len(games) != 1 {
		t.Fatalf("%d games, %v", len(games), err)
	}
	p, _ := movegen.NewPosition(v, games[0].Tags["SFEN"])
	for i, text := range games[0].Moves {
		m, err := ParseMoveAny(p, text)
		if err != nil || m != want[i] {
			t.Fatalf("move %d %q: %v (%v)", i+1, text, m, err)
		}
		p.Make(m)
	}
}

// TestLegsFromPGN: the long form with separators becomes the protocol
// form; other texts are left alone.
func TestLegsFromPGN(t *testing.T) {
	for in, want := range map[string]string{
		"h6xi7xi8": "h6i7,i7i8", "g9xh9-g9": "g9h9,h9g9", "h6i7-i8": "h6i7,i7i8",
		"a10xb11-c12": "a10b11,b11c12", "e2-e4": "e2e4", "a1x2xb3": "a1x2,x2b3",
	} {
		if got, ok := legsFromPGN(in); !ok || got != want {
			t.Errorf("%s: %q %v, want %q", in, got, ok, want)
		}
	}
	for _, in := range []string{"h6i7", "@@@@", "P@e5", "P-7f", "Sx3c+", "7g7f", "h6x", "-a1"} {
		if got, ok := legsFromPGN(in); ok {
			t.Errorf("%s: %q, want no rewrite", in, got)
		}
	}
}

// TestReadPGNLastComment: LastComment is the main line's last comment
// (not one inside a variation), a comment wrapped over lines read as one
// line; the moves are unchanged by it.
func TestReadPGNLastComment(t *testing.T) {
	in := "[White \"a\"]\n[Black \"b\"]\n\n1. 7g7f {+0.10/1 0.01s} 3c3d (3c3d {inside}) {b resigns\nafter a while} 0-1\n\n" +
		"[White \"c\"]\n\n1. 7g7f *\n"
	games, err := ReadPGN(strings.NewReader(in))
	if err != nil || len(games) != 2 {
		t.Fatalf("%d games, %v", len(games), err)
	}
	if got := games[0].LastComment; got != "b resigns after a while" {
		t.Errorf("last comment %q", got)
	}
	if got := strings.Join(games[0].Moves, " "); got != "7g7f 3c3d" {
		t.Errorf("moves %q", got)
	}
	if games[1].LastComment != "" {
		t.Errorf("game 2: last comment %q, want none", games[1].LastComment)
	}
}

// TestReadPGNComments: each move gets the first main-line comment after it
// ("" when none), not a variation's and not the game's closing comment
// when the move has its own.
func TestReadPGNComments(t *testing.T) {
	in := "[White \"a\"]\n\n1. 7g7f {book} 3c3d 2. 2g2f {+0.31/12\n0.40s} (2g2f {inside}) 8c8d {-M3/9 0.02s} {a wins by checkmate} 1-0\n"
	games, err := ReadPGN(strings.NewReader(in))
	if err != nil || len(games) != 1 {
		t.Fatalf("%d games, %v", len(games), err)
	}
	want := []string{"book", "", "+0.31/12 0.40s", "-M3/9 0.02s"}
	if got := games[0].Comments; !slices.Equal(got, want) {
		t.Errorf("comments %q, want %q", got, want)
	}
	if got := games[0].LastComment; got != "a wins by checkmate" {
		t.Errorf("last comment %q", got)
	}
}

// TestParseScoreComment reads the scores kirin match writes (pgnScore) and
// refuses every other comment.
func TestParseScoreComment(t *testing.T) {
	for _, c := range []struct {
		in       string
		cp, mate int
		ok       bool
	}{
		{"+0.31/12 0.40s", 31, 0, true},
		{"-12.05/9 0.02s", -1205, 0, true},
		{"+0.00/1 0.00s", 0, 0, true},
		{"+M13/15 0.03s", 0, 1, true},
		{"-M2/21 0.03s", 0, -1, true},
		{"book", 0, 0, false},
		{"a wins by checkmate", 0, 0, false},
		{"+Mx/3 1s", 0, 0, false},
		{"+NaN/3 1s", 0, 0, false},
		{"0.31/12 0.40s", 0, 0, false},
		{"", 0, 0, false},
	} {
		cp, mate, ok := ParseScoreComment(c.in)
		if cp != c.cp || mate != c.mate || ok != c.ok {
			t.Errorf("%q: %d %d %v, want %d %d %v", c.in, cp, mate, ok, c.cp, c.mate, c.ok)
		}
	}
	for _, s := range []int{0, 31, -1205, MateScore - 7, -MateScore + 4} {
		cp, mate, ok := ParseScoreComment(pgnScore(s) + "/5 0.10s")
		switch {
		case !ok:
			t.Errorf("%d: %q not read", s, pgnScore(s))
		case mate == 0 && cp != s, mate != 0 && mate*s < 0:
			t.Errorf("%d: read as %d, mate %d", s, cp, mate)
		}
	}
}
