package movegen

import (
	"math/rand"
	"testing"
)

// hookGame has the tai hook movers on a small royal-capture board.
const hookGame = `[hooks]
board = 9x9
zone = 0
start = 4k4/9/9/9/4H4/9/9/9/4K4 b - 1
piece = K king       K               royal
piece = H hookmover  R@hook(R)       value=1000
piece = C capricorn  B@hook(B)       value=1000
piece = A peacock    fBbB2@hook(fB)  value=800
piece = F forwardpc  fBbB2@hook(fB,f) value=800
piece = P pawn       fW              value=100
`

// hookSpec describes a hook piece for the brute force, in board (row, col)
// steps for Black: straight slides with their ranges, first directions of
// the hook and the allowed turned directions.
type hookSpec struct {
	slides [][3]int // dr, dc, max
	first  [][2]int
	turnOK func(d [2]int) bool
}

var (
	orth   = [][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}}
	diag   = [][2]int{{-1, -1}, {-1, 1}, {1, -1}, {1, 1}}
	fdiag  = [][2]int{{-1, -1}, {-1, 1}}
	anyDir = func([2]int) bool { return true }
)

func slides(dirs [][2]int, max int) [][3]int {
	var out [][3]int
	for _, d := range dirs {
		out = append(out, [3]int{d[0], d[1], max})
	}
	return out
}

var hookSpecs = map[byte]hookSpec{
	'H': {slides(orth, 9), orth, anyDir},
	'C': {slides(diag, 9), diag, anyDir},
	'A': {append(slides(fdiag, 9), slides([][2]int{{1, -1}, {1, 1}}, 2)...), fdiag, anyDir},
	'F': {append(slides(fdiag, 9), slides([][2]int{{1, -1}, {1, 1}}, 2)...), fdiag, func(d [2]int) bool { return d[0] < 0 }},
}

// bruteHook returns the destinations of the Black hook piece on (r, c):
// straight slides and hook moves, each to an empty square or the first enemy.
func bruteHook(b *[9][9]byte, r, c int, sp hookSpec) (all, bent map[[2]int]bool) {
	all, bent = map[[2]int]bool{}, map[[2]int]bool{}
	on := func(r, c int) bool { return r >= 0 && r < 9 && c >= 0 && c < 9 }
	enemy := func(x byte) bool { return x >= 'a' && x <= 'z' }
	for _, s := range sp.slides {
		for n, rr, cc := 1, r+s[0], c+s[1]; n <= s[2] && on(rr, cc); n, rr, cc = n+1, rr+s[0], cc+s[1] {
			if b[rr][cc] == 0 || enemy(b[rr][cc]) {
				all[[2]int{rr, cc}] = true
			}
			if b[rr][cc] != 0 {
				break
			}
		}
	}
	for _, d1 := range sp.first {
		for cr, cc := r+d1[0], c+d1[1]; on(cr, cc) && b[cr][cc] == 0; cr, cc = cr+d1[0], cc+d1[1] {
			for _, d2 := range [][2]int{{-d1[1], d1[0]}, {d1[1], -d1[0]}} {
				if !sp.turnOK(d2) {
					continue
				}
				for rr, c2 := cr+d2[0], cc+d2[1]; on(rr, c2); rr, c2 = rr+d2[0], c2+d2[1] {
					if b[rr][c2] == 0 || enemy(b[rr][c2]) {
						all[[2]int{rr, c2}] = true
						bent[[2]int{rr, c2}] = true
					}
					if b[rr][c2] != 0 {
						break
					}
				}
			}
		}
	}
	return all, bent
}

func TestHookMoversBruteForce(t *testing.T) {
	vs, err := ParseVariants("hooks.ini", hookGame)
	if err != nil {
		t.Fatal(err)
	}
	v := vs[0]
	rng := rand.New(rand.NewSource(5))
	checked := 0
	for n := 0; n < 300; n++ {
		var b [9][9]byte
		b[0][4], b[8][4] = 'k', 'K'
		pr, pc := rng.Intn(9), rng.Intn(9)
		if b[pr][pc] != 0 {
			continue
		}
		kind := "HCAF"[n%4]
		b[pr][pc] = kind
		for k := rng.Intn(18); k > 0; k-- {
			r, c := rng.Intn(9), rng.Intn(9)
			if b[r][c] == 0 {
				b[r][c] = "Pp"[rng.Intn(2)]
			}
		}
		pos, err := NewPosition(v, gridSFEN(&b)+" b - 1")
		if err != nil {
			continue
		}
		from := MakeSquare(pr, pc)
		want, bent := bruteHook(&b, pr, pc, hookSpecs[kind])
		var l MoveList
		pos.GenerateLegal(&l)
		got := map[[2]int]bool{}
		for _, m := range l.Slice() {
			if m.From() != from {
				continue
			}
			d := [2]int{m.To().Row(), m.To().Col()}
			if got[d] {
				t.Errorf("%s: two moves to %v", pos.SFEN(), d)
			}
			got[d] = true
		}
		for d := range want {
			if !got[d] {
				t.Errorf("%s: %c misses %v", pos.SFEN(), kind, d)
			}
		}
		for d := range got {
			if !want[d] {
				t.Errorf("%s: %c has the extra move to %v", pos.SFEN(), kind, d)
			}
		}
		// The attack test agrees with the bent moves on every square the
		// piece does not reach in a straight line.
		p := pos.At(from)
		for r := 0; r < 9; r++ {
			for c := 0; c < 9; c++ {
				sq := MakeSquare(r, c)
				if b[r][c] != 0 && b[r][c] < 'a' || want[[2]int{r, c}] && !bent[[2]int{r, c}] {
					continue
				}
				if got := pos.hookReaches(p, from, sq); got != bent[[2]int{r, c}] {
					t.Errorf("%s: hookReaches(%v) = %v, want %v", pos.SFEN(), [2]int{r, c}, got, bent[[2]int{r, c}])
				}
			}
		}
		checked++
	}
	if checked < 250 {
		t.Fatalf("only %d positions", checked)
	}
}
