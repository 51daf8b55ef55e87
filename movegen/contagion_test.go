package movegen

import (
	"strings"
	"testing"
)

// contagionGame has tai's contagious pieces on a small board: capturing a
// deva (V) or teaching king (T) makes the capturer a teaching king;
// capturing a dark spirit (D) or Buddhist spirit (B) makes it a Buddhist
// spirit. Royals are exempt; the drunk elephant (E) takes its own promotion.
const contagionGame = `[cont]
board = 9x9
zone = 0
promotion = capture
deadpieces = allow
start = 4k4/9/9/9/9/9/9/9/4K4 b - 1
piece = K king       K           royal
piece = E elephant   FfsW        becomes=C
piece = C prince     K           royal value=400
piece = V deva       FfsW        contagious=T value=500
piece = T teacher    Q           contagious=T value=2000
piece = D darkspirit FfsW        contagious=B value=500
piece = B buddhist   QNADcaKmabK contagious=B value=2500
piece = N lion       KNADcaKmabK value=2000
piece = R rook       R           becomes=G value=600
piece = G gold       WfF         value=300
`

func TestContagion(t *testing.T) {
	vs, err := ParseVariants("cont.ini", contagionGame)
	if err != nil {
		t.Fatal(err)
	}
	v := vs[0]
	cases := []struct {
		name, sfen, move, wantAt, want string
		royals                         int
	}{
		{"rook takes a deva", "4k4/9/9/4v4/9/9/9/4R4/K8 b - 1", "5h5d+", "5d", "T", 1},
		{"rook takes a gold", "4k4/9/9/4g4/9/9/9/4R4/K8 b - 1", "5h5d+", "5d", "G", 1},
		{"lion: dark spirit then deva", "4k4/9/9/4v4/4d4/4N4/9/9/K8 b - 1", "5f5e5d+", "5d", "T", 1},
		{"lion: deva then dark spirit", "4k4/9/9/4d4/4v4/4N4/9/9/K8 b - 1", "5f5e5d+", "5d", "B", 1},
		{"lion igui of a deva", "4k4/9/9/9/4v4/4N4/9/9/K8 b - 1", "5f5e5f+", "5f", "T", 1},
		{"elephant takes a deva", "4k4/9/9/9/4v4/4E4/9/9/K8 b - 1", "5f5e+", "5e", "C", 2},
		{"king takes a deva", "4k4/9/9/9/4v4/4K4/9/9/9 b - 1", "5f5e", "5e", "K", 1},
		{"teacher takes a deva", "4k4/9/9/9/4v4/4T4/9/9/K8 b - 1", "5f5e", "5e", "T", 1},
		{"teacher takes a dark spirit", "4k4/9/9/9/4d4/4T4/9/9/K8 b - 1", "5f5e+", "5e", "B", 1},
	}
	for _, c := range cases {
		pos, err := NewPosition(v, c.sfen)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		m, err := pos.ParseMoveUSI(c.move)
		if err != nil {
			t.Errorf("%s: %s: %v", c.name, c.move, err)
			continue
		}
		// Each capture is exactly one move: no choice of promotion.
		var l MoveList
		pos.GenerateLegal(&l)
		n := 0
		for _, o := range l.Slice() {
			if o&^movePromote == m&^movePromote {
				n++
			}
		}
		if n != 1 {
			t.Errorf("%s: %d moves with these squares", c.name, n)
		}
		sfen, key := pos.SFEN(), pos.Key()
		pos.Make(m)
		sq, _ := v.ParseSquareUSI(c.wantAt)
		if got := v.Pieces[pos.At(sq).Type()].ID; got != c.want {
			t.Errorf("%s: the capturer became %s, want %s", c.name, got, c.want)
		}
		if pos.RoyalCount(Black) != c.royals || pos.Key() != pos.ComputeKey() {
			t.Errorf("%s: royals %d (want %d), key ok %v", c.name, pos.RoyalCount(Black), c.royals, pos.Key() == pos.ComputeKey())
		}
		pos.Unmake()
		if pos.SFEN() != sfen || pos.Key() != key {
			t.Errorf("%s: unmake did not restore", c.name)
		}
	}
	if _, err := ParseVariants("x.ini", strings.Replace(contagionGame, "promotion = capture", "promotion = chu", 1)); err == nil ||
		!strings.Contains(err.Error(), "contagious= needs promotion = capture") {
		t.Errorf("contagion without promotion = capture: %v", err)
	}
}
