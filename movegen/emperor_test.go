package movegen

import (
	"errors"
	"testing"
)

const emperorGame = `[emp]
board = 9x9
zone = 0
start = 4e4/9/9/9/9/9/9/9/4E4 b - 1
piece = E emperor  @emperor royal
piece = K king     K        royal
piece = G gold     WfF      value=300
piece = R rook     R        value=600
`

// TestEmperor checks the emperor's moves and its capture restriction (tai
// sheet 1.6, default): any non-royal piece may be taken; a royal only if no
// enemy piece but an emperor could retake, and, while the enemy keeps an
// emperor, another piece of ours guards the square.
func TestEmperor(t *testing.T) {
	vs, err := ParseVariants("emp.ini", emperorGame)
	if err != nil {
		t.Fatal(err)
	}
	v := vs[0]
	start, _ := NewPosition(v, "startpos")
	var l MoveList
	start.GenerateLegal(&l)
	if l.N != 80 {
		t.Errorf("an emperor on an empty 9x9 board has %d moves, want 80", l.N)
	}
	cases := []struct {
		name, sfen, move string
		legal            bool
	}{
		{"unprotected king", "k8/9/9/9/9/9/9/9/4E4 b - 1", "9a", true},
		{"king guarded by a gold", "kg7/9/9/9/9/9/9/9/4E4 b - 1", "9a", false},
		{"guarded gold (not royal)", "kg7/9/9/9/9/9/9/9/4E4 b - 1", "8a", true},
		{"their emperor retakes", "k7e/9/9/9/9/9/9/9/4E4 b - 1", "9a", false},
		{"our rook guards against their emperor", "k7e/9/9/9/9/9/9/9/R3E4 b - 1", "9a", true},
		{"their unprotected emperor", "k7e/9/9/9/9/9/9/9/4E4 b - 1", "1a", true},
		{"their emperor guarded by a gold", "k6ge/9/9/9/9/9/9/9/4E4 b - 1", "1a", false},
	}
	for _, c := range cases {
		pos, err := NewPosition(v, c.sfen)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		_, err = pos.ParseMoveUSI("5i" + c.move)
		if err != nil && !errors.Is(err, ErrIllegal) {
			t.Fatalf("%s: %v", c.name, err)
		}
		if (err == nil) != c.legal {
			t.Errorf("%s: 5i%s legal = %v, want %v", c.name, c.move, err == nil, c.legal)
		}
	}
}
