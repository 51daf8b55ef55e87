package bench

import (
	"bufio"
	"os"
	"strings"
	"testing"

	"github.com/kirin-shogi/kirin/movegen"
)

// TestHeianDaiEndings: testdata/heiandai-endings.txt holds what its header
// says: 60 legal, undecided heian dai positions, Black to move and not in
// check, Black's King and 6 unpromoted start-army pieces against White's
// King and 2, Black's worth at least twice White's plus 300.
func TestHeianDaiEndings(t *testing.T) {
	v, err := movegen.Lookup("heiandai")
	if err != nil {
		t.Fatal(err)
	}
	start, err := movegen.NewPosition(v, "startpos")
	if err != nil {
		t.Fatal(err)
	}
	army := map[movegen.PieceType]bool{}
	for _, s := range start.Pieces(movegen.Black) {
		army[start.At(s).Type()] = true
	}
	lines := dataLines(t, "testdata/heiandai-endings.txt")
	for _, line := range lines {
		pos, err := movegen.NewPosition(v, line)
		if err != nil {
			t.Fatalf("line %q: %v", line, err)
		}
		if pos.SideToMove() != movegen.Black || pos.InCheck() || pos.Outcome().Result != movegen.Ongoing {
			t.Errorf("%s: want Black to move, not in check, game on", line)
		}
		var count, worth [2]int
		for c := movegen.Black; c <= movegen.White; c++ {
			for _, s := range pos.Pieces(c) {
				tp := pos.At(s).Type()
				if !army[tp] {
					t.Errorf("%s: %s is no start-army type", line, v.Pieces[tp].ID)
				}
				if !v.Pieces[tp].Royal {
					count[c]++
					worth[c] += v.Pieces[tp].Value
				}
			}
			if pos.RoyalCount(c) != 1 {
				t.Errorf("%s: %d royals for side %d, want 1", line, pos.RoyalCount(c), c)
			}
		}
		if count != [2]int{6, 2} || worth[movegen.Black] < 2*worth[movegen.White]+300 {
			t.Errorf("%s: pieces %v worth %v, want 6 and 2 with Black's >= 2*White's+300", line, count, worth)
		}
	}
	if len(lines) != 60 {
		t.Errorf("%d positions, want 60", len(lines))
	}
}

// TestDaiFinish: testdata/dai-finish.txt holds what its header says: 36
// dai games from the start, each at least 201 plies of legal USI moves
// with the game still on, the last move made by the side the first
// --engine of a --norepeat match plays (Black on even lines, White on
// odd), and that side ahead in non-royal material (movegen's Values), so
// that this engine takes the side ahead in every game.
func TestDaiFinish(t *testing.T) {
	v, err := movegen.Lookup("dai")
	if err != nil {
		t.Fatal(err)
	}
	checkFinish(t, v, "testdata/dai-finish.txt", 36)
}

// TestChuFinish: testdata/chu-finish.txt holds what its header says, as
// TestDaiFinish checks dai's: 36 chu games under the hachu rule set, each
// at least 201 plies of legal USI moves with the game still on, the last
// by the side the first --engine of a --norepeat match plays, and that
// side ahead in non-royal material.
func TestChuFinish(t *testing.T) {
	v, err := movegen.Lookup("chu")
	if err != nil {
		t.Fatal(err)
	}
	if v, err = v.WithRuleSet("hachu"); err != nil {
		t.Fatal(err)
	}
	checkFinish(t, v, "testdata/chu-finish.txt", 36)
}

// checkFinish checks a finishing test's file of variant v: want games,
// each a line "startpos moves ..." of at least 201 legal USI moves after
// which the game is still on, the last made by Black on even lines
// (from 0) and by White on odd ones, that side ahead in the Values of its
// non-royal pieces.
func checkFinish(t *testing.T, v *movegen.Variant, path string, want int) {
	t.Helper()
	lines := dataLines(t, path)
	for i, line := range lines {
		n := i + 1
		ahead := movegen.Black
		if i%2 == 1 {
			ahead = movegen.White
		}
		moves, ok := strings.CutPrefix(line, "startpos moves ")
		if !ok {
			t.Fatalf("line %d: want startpos moves ...", n)
		}
		pos, err := movegen.NewPosition(v, "startpos")
		if err != nil {
			t.Fatal(err)
		}
		plies := strings.Fields(moves)
		for _, text := range plies {
			m, err := pos.ParseMoveUSI(text)
			if err != nil {
				t.Fatalf("line %d: %s: %v", n, text, err)
			}
			pos.Make(m)
			if pos.Outcome().Result != movegen.Ongoing {
				t.Fatalf("line %d: the game is over after %s", n, text)
			}
		}
		if len(plies) < 201 || pos.SideToMove() != ahead.Other() {
			t.Errorf("line %d: %d plies, %v to move; want at least 201, the last by %v", n, len(plies), pos.SideToMove(), ahead)
		}
		var worth [2]int
		for c := movegen.Black; c <= movegen.White; c++ {
			for _, s := range pos.Pieces(c) {
				if p := v.Pieces[pos.At(s).Type()]; !p.Royal {
					worth[c] += p.Value
				}
			}
		}
		if worth[ahead] <= worth[ahead.Other()] {
			t.Errorf("line %d: non-royal worth %v, want side %v ahead", n, worth, ahead)
		}
	}
	if len(lines) != want {
		t.Errorf("%s: %d games, want %d", path, len(lines), want)
	}
}

// dataLines returns the lines of the test data file path, trimmed, less
// the empty ones and the # comments.
func dataLines(t *testing.T, path string) []string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var lines []string
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		if line := strings.TrimSpace(sc.Text()); line != "" && line[0] != '#' {
			lines = append(lines, line)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return lines
}
