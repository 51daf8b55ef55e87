package movegen

import (
	"math/rand"
	"testing"
)

// seeNaive plays the exchange on to out with real moves: the side to move
// may capture there with any pseudo-legal single-leg move of the least
// valuable kind (value as before the move, as SEE counts it), or stop;
// onSquare is the value of the piece standing there. Where several pieces
// of that value could capture, each is tried, and lo and hi are the least
// and most the side to move can win over those choices (SEE picks one of
// them, so its result must lie between).
func seeNaive(pos *Position, to Square, onSquare int, list *[seeMax + 1]MoveList, depth int) (lo, hi int) {
	if depth >= seeMax {
		return 0, 0
	}
	l := &list[depth]
	l.N = 0
	pos.GeneratePseudo(l)
	minVal := -1
	for _, m := range l.Slice() {
		if c, ok := seeNaiveCapture(pos, m, to); ok && (minVal < 0 || c < minVal) {
			minVal = c
		}
	}
	if minVal < 0 {
		return 0, 0
	}
	lo, hi = SEERoyal*4, -SEERoyal*4
	for _, m := range l.Slice() {
		if c, ok := seeNaiveCapture(pos, m, to); !ok || c != minVal || m.IsPromotion() && pos.hasNonPromoting(l, m) {
			continue
		}
		pos.Make(m)
		subLo, subHi := seeNaive(pos, to, minVal, list, depth+1)
		pos.Unmake()
		lo = min(lo, max(0, onSquare-subHi))
		hi = max(hi, max(0, onSquare-subLo))
	}
	return lo, hi
}

// seeNaiveCapture reports whether m is a capture SEE counts as an attack
// on to (a single-leg capture, not the emperor's) and the mover's value.
func seeNaiveCapture(pos *Position, m Move, to Square) (int, bool) {
	if m.To() != to || m.IsDrop() || m.IsPass() || m.Mid() != NoSquare || m.From() == to {
		return 0, false
	}
	p := pos.board[m.From()]
	if pos.v.kinds[p]&kindEmperor != 0 || !pos.board[to].isPiece() {
		return 0, false
	}
	return pos.seeValue(p.Type()), true
}

// hasNonPromoting reports whether l holds m's non-promoting twin (the same
// capture is then tried once).
func (pos *Position) hasNonPromoting(l *MoveList, m Move) bool {
	for _, o := range l.Slice() {
		if o == m&^movePromote {
			return true
		}
	}
	return false
}

// TestSEEAgainstExchanges checks SEE against the exchange played out with
// real moves (seeNaive) for every legal move of positions from random games
// of each built-in game, the games leaning to captures so that the boards
// are busy with exchanges. It also checks that SEE leaves the position as
// it found it, and that SEEAtLeast agrees with SEE at thresholds on both
// sides of its value and at the search's margins.
func TestSEEAgainstExchanges(t *testing.T) {
	// Every fourth position of a game of at most plies plies is checked, on
	// at most perPos of its legal moves (taken at random).
	plies, perPos := 240, 60
	if testing.Short() {
		plies, perPos = 80, 20
	}
	list := new([seeMax + 1]MoveList)
	for _, v := range Builtin() {
		t.Run(v.Name, func(t *testing.T) {
			r := rand.New(rand.NewSource(7))
			pos, err := NewPosition(v, v.StartSFEN)
			if err != nil {
				t.Fatal(err)
			}
			checked, nonzero := 0, 0
			var legal MoveList
			for ply := 0; ply < plies; ply++ {
				legal.N = 0
				pos.GenerateLegal(&legal)
				if legal.N == 0 || pos.GameOver() {
					break
				}
				if ply%4 == 0 {
					key, sfen := pos.Key(), pos.SFEN()
					ms := legal.Slice()
					for _, i := range r.Perm(len(ms))[:min(perPos, len(ms))] {
						m := ms[i]
						got := pos.SEE(m)
						if pos.Key() != key || pos.SFEN() != sfen {
							t.Fatalf("SEE(%s) changed the position %s", pos.MoveUSI(m), sfen)
						}
						captured, royal := pos.CapturedValue(m)
						if royal {
							captured += SEERoyal
						}
						lo, hi := captured, captured
						if !m.IsPass() && (m.IsDrop() || m.From() != m.To()) {
							mover := 0
							if m.IsDrop() {
								mover = pos.seeValue(m.DropType())
							} else {
								mover = pos.seeValue(pos.board[m.From()].Type())
							}
							pos.Make(m)
							subLo, subHi := seeNaive(pos, m.To(), mover, list, 0)
							pos.Unmake()
							lo, hi = captured-subHi, captured-subLo
						}
						for _, th := range [...]int{got - 1, got, got + 1, 0, -25, -150, -900, 100, r.Intn(4001) - 2000} {
							if at := pos.SEEAtLeast(m, th); at != (got >= th) {
								t.Fatalf("%s: SEEAtLeast(%s, %d) = %v, SEE = %d", sfen, pos.MoveUSI(m), th, at, got)
							}
						}
						if pos.Key() != key || pos.SFEN() != sfen {
							t.Fatalf("SEEAtLeast(%s) changed the position %s", pos.MoveUSI(m), sfen)
						}
						if got < lo || got > hi {
							t.Errorf("%s: SEE(%s) = %d, exchange played out: %d..%d", sfen, pos.MoveUSI(m), got, lo, hi)
						}
						checked++
						if got != 0 {
							nonzero++
						}
					}
				}
				ms := legal.Slice()
				m := ms[r.Intn(len(ms))]
				var caps []Move
				for _, c := range ms {
					if pos.IsCapture(c) {
						caps = append(caps, c)
					}
				}
				if len(caps) > 0 && r.Intn(4) > 0 {
					m = caps[r.Intn(len(caps))]
				}
				pos.Make(m)
			}
			if checked == 0 || nonzero == 0 {
				t.Fatalf("checked %d moves, %d with a nonzero exchange", checked, nonzero)
			}
			t.Logf("%d moves checked, %d with a nonzero exchange", checked, nonzero)
		})
	}
}
