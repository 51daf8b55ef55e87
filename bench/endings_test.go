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
	f, err := os.Open("testdata/heiandai-endings.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	n := 0
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || line[0] == '#' {
			continue
		}
		n++
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
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if n != 60 {
		t.Errorf("%d positions, want 60", n)
	}
}
