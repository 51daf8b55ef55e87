package match

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestParseDepthComment(t *testing.T) {
	for _, tc := range []struct {
		c     string
		depth int
		secs  float64
		ok    bool
	}{
		{"+0.35/12 0.21s", 12, 0.21, true},
		{" -1.00/7 1.50s ", 7, 1.5, true},
		{"+M5/30 0.02s", 30, 0.02, true},
		{"-M2/1 0.00s", 1, 0, true},
		{"book", 0, 0, false},
		{"0.21s", 0, 0, false},
		{"+0.35/12", 0, 0, false},
		{"+0.35/x 0.21s", 0, 0, false},
		{"+0.35/-3 0.21s", 0, 0, false},
		{"+0.35/12 0.21", 0, 0, false},
		{"+0.35/12 -1s", 0, 0, false},
		{"+0.35/12 NaNs", 0, 0, false},
		{"+0.35/12 Infs", 0, 0, false},
		{"kirin wins by royal captured", 0, 0, false},
	} {
		depth, secs, ok := ParseDepthComment(tc.c)
		if depth != tc.depth || secs != tc.secs || ok != tc.ok {
			t.Errorf("ParseDepthComment(%q) = %d, %v, %v; want %d, %v, %v", tc.c, depth, secs, ok, tc.depth, tc.secs, tc.ok)
		}
	}
}

// depthPGN holds two games of engines a and b as kirin match writes them:
// the first with a book move and a comment wrapped over two lines (a reader
// that splits on spaces only would lose it and shift every later move to
// the other engine), the second from an SFEN with the second mover to
// move, so b (Black in the tags) makes its first move.
const depthPGN = `[Event "kirin match"]
[White "a"]
[Black "b"]
[Result "1-0"]
[PlyCount "5"]
[GameNumber "1"]

1. 7g7f {book} 3c3d {+0.10/3 0.50s} 2. 2g2f
{+0.20/5 1.00s} 4c4d {-0.30/4 0.25s} 3. 2f2e {+M3/9 0.10s} {a wins by checkmate} 1-0

[Event "kirin match"]
[White "a"]
[Black "b"]
[Result "0-1"]
[SetUp "1"]
[SFEN "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"]
[PlyCount "3"]
[GameNumber "2"]

1... 3c3d {+0.50/6 2.00s} 2. 7g7f {-0.50/8 1.00s} 3d3e {0.40s} {b wins} 0-1
`

func TestDepthCommand(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "run.pgn")
	if err := os.WriteFile(path, []byte(depthPGN), 0o644); err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := DepthCommand([]string{"--band", "2", path}, &out); err != nil {
		t.Fatal(err)
	}
	// b's moves: plies 1 (depth 3) and 3 (4) of game 1, ply 0 (6) of game
	// 2; a's: plies 2 (5) and 4 (9) of game 1, ply 1 (8) of game 2. The
	// book move and the move without a score (3d3e) are left out.
	want := `b against a: 2 games
  plies         moves median    mean   s/move
  all               3      4    4.33    0.917
  0-1               2    4.5    4.50    1.250
  2-3               1      4    4.00    0.250

a against b: 2 games
  plies         moves median    mean   s/move
  all               3      8    7.33    0.700
  0-1               1      8    8.00    1.000
  2-3               1      5    5.00    1.000
  4-5               1      9    9.00    0.100
`
	if got := out.String(); got != want {
		t.Errorf("kirin match depth --band 2:\n%s\nwant:\n%s", got, want)
	}
}

// TestDepthCommandFEN: a game whose only start tag is an XBoard FEN with
// the second mover to move ("b"), as XBoard writes a set-up game, gives
// its first move to Black in the tags, as the SFEN game of depthPGN does;
// reading the FEN's side as an SFEN's would give it to White.
func TestDepthCommandFEN(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "fen.pgn")
	text := `[Event "xboard"]
[White "a"]
[Black "b"]
[Result "0-1"]
[Variant "shogi"]
[SetUp "1"]
[FEN "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[-] b 0 1"]

1... 3c3d {+0.50/6 2.00s} 2. 7g7f {-0.50/8 1.00s} 3d3e {+0.40/7 0.40s} 0-1
`
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := DepthCommand([]string{path}, &out); err != nil {
		t.Fatal(err)
	}
	want := `b against a: 1 games
  plies         moves median    mean   s/move
  all               2    6.5    6.50    1.200
  0-19              2    6.5    6.50    1.200

a against b: 1 games
  plies         moves median    mean   s/move
  all               1      8    8.00    1.000
  0-19              1      8    8.00    1.000
`
	if got := out.String(); got != want {
		t.Errorf("kirin match depth on a FEN game:\n%s\nwant:\n%s", got, want)
	}
	for _, tc := range []struct{ tags, want string }{
		{"[Variant \"shogi\"]\n[FEN \"lnsgkgsnl/9 b 0 1\"]\n", "FEN tag"},
		{"[FEN \"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[-] b 0 1\"]\n", "no Variant tag"},
		{"[Variant \"nosuchgame\"]\n[FEN \"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[-] b 0 1\"]\n", "nosuchgame"},
	} {
		bad := filepath.Join(dir, "bad.pgn")
		text := "[Event \"x\"]\n[White \"a\"]\n[Black \"b\"]\n[Result \"0-1\"]\n" + tc.tags + "\n1... 3c3d {+0.50/6 2.00s} 0-1\n"
		if err := os.WriteFile(bad, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		var out bytes.Buffer
		err := DepthCommand([]string{bad}, &out)
		if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), "game 1 of the file") {
			t.Errorf("tags %q: %v, want an error with %q naming the game", tc.tags, err, tc.want)
		}
	}
}

func TestDepthCommandErrors(t *testing.T) {
	dir := t.TempDir()
	stripped := filepath.Join(dir, "stripped.pgn")
	text := "[Event \"kirin match\"]\n[White \"a\"]\n[Black \"b\"]\n[Result \"1-0\"]\n\n1. 7g7f {book} {a wins} 1-0\n"
	if err := os.WriteFile(stripped, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{nil, "give the PGN files to read"},
		{[]string{"--band"}, "--band needs a number of plies"},
		{[]string{"--band", "0", stripped}, `--band needs a number of plies from 1 to 10000, got "0"`},
		{[]string{"--band", "x", stripped}, `--band needs a number of plies from 1 to 10000, got "x"`},
		{[]string{"--variant-file"}, "--variant-file needs a file"},
		{[]string{"--moves", stripped}, "unknown option --moves"},
		{[]string{filepath.Join(dir, "none.pgn")}, "none.pgn"},
		{[]string{stripped}, "no move in these files has a {score/depth time} comment"},
	} {
		var out bytes.Buffer
		err := DepthCommand(tc.args, &out)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("DepthCommand(%q) = %v, want an error with %q", tc.args, err, tc.want)
		}
		if out.Len() != 0 {
			t.Errorf("DepthCommand(%q) wrote %q on error", tc.args, out.String())
		}
	}
	var out bytes.Buffer
	if err := DepthCommand([]string{"--help"}, &out); err != nil || !strings.HasPrefix(out.String(), "usage: kirin match depth") {
		t.Errorf("--help: %v, %q", err, out.String())
	}
}
