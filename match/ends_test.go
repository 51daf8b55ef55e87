package match

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kirin-shogi/kirin/movegen"
)

// endsPGN holds three shogi games of engines a and b as kirin match writes
// them: the first drawn at the move limit after a's bishop took b's and
// promoted (a keeps the horse and holds a bishop in hand), the second drawn
// at the limit from an SFEN with the second mover to move (b, Black in the
// tags, moves first and plays movegen's White) after b's bishop took a's,
// the third won by a.
const endsPGN = `[Event "kirin match"]
[White "a"]
[Black "b"]
[Result "1/2-1/2"]
[Variant "shogi"]
[VariantID "%[1]s"]
[GameNumber "1"]

1. 7g7f {book} 3c3d {+0.10/3 0.50s} 2. 8h2b+ {+3.00/5 1.00s} 8c8d {-2.50/4 0.25s}
{draw by move limit} 1/2-1/2

[Event "kirin match"]
[White "a"]
[Black "b"]
[Result "1/2-1/2"]
[Variant "shogi"]
[VariantID "%[1]s"]
[SetUp "1"]
[SFEN "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"]
[GameNumber "2"]

1... 3c3d {+0.50/6 2.00s} 2. 7g7f {-0.50/8 1.00s} 2b8h+ {+2.00/7 1.00s}
{draw by move limit} 1/2-1/2

[Event "kirin match"]
[White "a"]
[Black "b"]
[Result "1-0"]
[Variant "shogi"]
[GameNumber "3"]

1. 7g7f {+M3/9 0.10s} {a wins by checkmate} 1-0
`

// TestEndsCommand: the capped games' last positions, each side by the
// engine that played it, with the pieces and material counted from the
// game's piece values (the start army summed here by hand), and each
// engine's last score; --all lists the third game as well.
func TestEndsCommand(t *testing.T) {
	v, err := movegen.ResolveWith("shogi", "", "", nil)
	if err != nil {
		t.Fatal(err)
	}
	val := func(id string) int {
		for i := range v.Pieces {
			if v.Pieces[i].ID == id {
				return v.Pieces[i].Value
			}
		}
		t.Fatalf("no piece %s in shogi", id)
		return 0
	}
	army := 9*val("P") + 2*val("L") + 2*val("N") + 2*val("S") + 2*val("G") + val("B") + val("R")
	pawns := func(cp int) string { return fmt.Sprintf("%.1f", float64(cp)/100) }
	dir := t.TempDir()
	path := filepath.Join(dir, "run.pgn")
	if err := os.WriteFile(path, []byte(fmt.Sprintf(endsPGN, fmt.Sprintf("%016x", v.ID))), 0o644); err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := EndsCommand([]string{path}, &out); err != nil {
		t.Fatal(err)
	}
	// Game 1: a's horse on 2b and a bishop in hand (21 pieces), b without
	// its bishop (19). Game 2 the other way round.
	aMat, bMat := army-val("B")+val("+B")+val("B"), army-val("B")
	row := func(game, plies string, first string, fp int, fm int, fs string, second string, sp int, sm int, ss string) string {
		return fmt.Sprintf("  %5s %6s  %-12s %6d %7s %7s  %-12s %6d %7s %7s\n", game, plies, first, fp, pawns(fm), fs, second, sp, pawns(sm), ss)
	}
	want := "2 of 3 games drawn at the move limit\n" +
		"   game  plies  first        pieces   Pawns   score  second       pieces   Pawns   score\n" +
		row("1", "4", "a", 21, aMat, "+3.00", "b", 19, bMat, "-2.50") +
		row("2", "3", "b", 21, aMat, "+2.00", "a", 19, bMat, "-0.50") +
		fmt.Sprintf("a, 2 games: by its own last score ahead in 1, level in 0, behind in 1 (-0.50 to +3.00); pieces 19 to 21 (median 20); material %v to %v (median %v) Pawns\n",
			float64(bMat)/100, float64(aMat)/100, float64(aMat+bMat)/200) +
		fmt.Sprintf("b, 2 games: by its own last score ahead in 1, level in 0, behind in 1 (-2.50 to +2.00); pieces 19 to 21 (median 20); material %v to %v (median %v) Pawns\n",
			float64(bMat)/100, float64(aMat)/100, float64(aMat+bMat)/200)
	if got := out.String(); got != want {
		t.Errorf("kirin match ends:\n%s\nwant:\n%s", got, want)
	}

	out.Reset()
	if err := EndsCommand([]string{"--all", path}, &out); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != 7 || lines[0] != "3 of 3 games listed" || !strings.HasSuffix(lines[1], "  end") ||
		!strings.HasSuffix(lines[2], "  draw by move limit") || !strings.HasSuffix(lines[4], "  a wins by checkmate") ||
		!strings.Contains(lines[4], "     +M  b ") || !strings.Contains(lines[4], "      -  ") ||
		!strings.Contains(lines[5], "a, 3 games: by its own last score ahead in 2, level in 0, behind in 1 (-0.50 to +3.00; mates found 1, against 0)") ||
		!strings.Contains(lines[6], "b, 3 games: by its own last score ahead in 1, level in 0, behind in 1 (-2.50 to +2.00), no score in 1") {
		t.Errorf("kirin match ends --all:\n%s", out.String())
	}

	// --sfen: the two capped games' last positions, written out by hand
	// (game 2 began with the second mover to move).
	out.Reset()
	if err := EndsCommand([]string{"--sfen", path}, &out); err != nil {
		t.Fatal(err)
	}
	wantSFEN := want + "last positions (kirin analyze VARIANT --fen SFEN --board):\n" +
		"      1  shogi  lnsgkgsnl/1r5+B1/p1pppp1pp/1p4p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL b B 5\n" +
		"      2  shogi  lnsgkgsnl/1r7/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1+b5R1/LNSGKGSNL b b 4\n"
	if got := out.String(); got != wantSFEN {
		t.Errorf("kirin match ends --sfen:\n%s\nwant:\n%s", got, wantSFEN)
	}
}

// TestEndsCommandErrors: bad arguments and games that cannot be replayed
// are errors that say what is wrong, with nothing written.
func TestEndsCommandErrors(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	game := func(tags, moves string) string {
		return "[Event \"kirin match\"]\n[White \"a\"]\n[Black \"b\"]\n[Result \"1/2-1/2\"]\n" + tags + "\n" + moves + " {draw by move limit} 1/2-1/2\n"
	}
	noVariant := write("novariant.pgn", game("", "1. 7g7f"))
	otherRules := write("rules.pgn", game("[Variant \"shogi\"]\n[VariantID \"0000000000000001\"]\n", "1. 7g7f"))
	badMove := write("move.pgn", game("[Variant \"shogi\"]\n", "1. 7g7f 2. 7f7e 7e7d"))
	unknown := write("unknown.pgn", game("[Variant \"nosuchgame\"]\n", "1. 7g7f"))
	for _, tc := range []struct {
		args []string
		want string
	}{
		{nil, "give the PGN files to read"},
		{[]string{"--variant-file"}, "--variant-file needs a file"},
		{[]string{"--band", noVariant}, "unknown option --band"},
		{[]string{filepath.Join(dir, "none.pgn")}, "none.pgn"},
		{[]string{noVariant}, "novariant.pgn (game 1 of the file): no Variant tag"},
		{[]string{otherRules}, "played under other rules than shogi's (VariantID 0000000000000001"},
		{[]string{badMove}, `move.pgn (game 1 of the file): move 2 "7f7e"`},
		{[]string{unknown}, "nosuchgame"},
	} {
		var out bytes.Buffer
		err := EndsCommand(tc.args, &out)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("EndsCommand(%q) = %v, want an error with %q", tc.args, err, tc.want)
		}
		if out.Len() != 0 {
			t.Errorf("EndsCommand(%q) wrote %q on error", tc.args, out.String())
		}
	}
	var out bytes.Buffer
	if err := EndsCommand([]string{"--help"}, &out); err != nil || !strings.HasPrefix(out.String(), "usage: kirin match ends") {
		t.Errorf("--help: %v, %q", err, out.String())
	}
}

// TestEndsRoyalsNoMaterial: a royal counts as a piece and not as material,
// though chu's crown prince has a Value (400) for the search's sake.
func TestEndsRoyalsNoMaterial(t *testing.T) {
	v, err := movegen.ResolveWith("chu", "", "", nil)
	if err != nil {
		t.Fatal(err)
	}
	pawn := 0
	for i := range v.Pieces {
		if v.Pieces[i].ID == "P" {
			pawn = v.Pieces[i].Value
		}
	}
	path := filepath.Join(t.TempDir(), "chu.pgn")
	text := "[Event \"kirin match\"]\n[White \"a\"]\n[Black \"b\"]\n[Result \"1/2-1/2\"]\n[Variant \"chu\"]\n[SetUp \"1\"]\n" +
		"[SFEN \"11k/p11/12/12/12/12/12/12/12/12/12/K+EP9 b - 1\"]\n[GameNumber \"7\"]\n\n1. 12l11k {+20.06/1 0.01s} {draw by move limit} 1/2-1/2\n"
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := EndsCommand([]string{path}, &out); err != nil {
		t.Fatal(err)
	}
	p := fmt.Sprintf("%.1f", float64(pawn)/100)
	want := fmt.Sprintf("  %5s %6d  %-12s %6d %7s %7s  %-12s %6d %7s %7s\n", "7", 1, "a", 3, p, "+20.06", "b", 2, p, "-")
	if lines := strings.SplitAfter(out.String(), "\n"); len(lines) < 3 || lines[2] != want {
		t.Errorf("kirin match ends:\n%s\nwant the row:\n%s", out.String(), want)
	}
}
