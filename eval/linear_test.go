package eval

import (
	"math"
	"math/rand"
	"testing"

	"github.com/kirin-shogi/kirin/movegen"
)

// TestLinearPredictsEvaluate: the linear form's features, measured at the
// hand-set weights, predict the full evaluation at other weights (each
// weight moved by up to ±40% at random, the Material ones too) to within
// the rounding of the integer tables, about a centipawn per piece; in
// every game, on random positions of middle game and endgame and on sparse
// endings (where the chase term applies). In shogi,
// heian and chu also with a piece-square table (Weights.Square) of random
// entries, and then a king-relative table (Weights.King) as well, moved at
// random too.
func TestLinearPredictsEvaluate(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	for _, v := range movegen.Builtin() {
		if v.Name == "tai" && testing.Short() {
			continue
		}
		w := DefaultWeights(v)
		// The zone, reach, chase and endgame safety weights are 0 by
		// default; give them values so that their features are checked
		// too.
		w.Zone, w.ZoneHand, w.Reach = 40, 7, 50
		w.Chase, w.ChaseMob = 256, 128
		w.EndGuard, w.EndPressure = 30, 300
		testLinear(t, rng, v, w, v.Name)
		if v.Name == "shogi" || v.Name == "heian" || v.Name == "chu" {
			w = w.WithSquares(v)
			for i := range w.Square {
				w.Square[i] = rng.Intn(81) - 40
			}
			testLinear(t, rng, v, w, v.Name+" with squares")
			w = w.WithKing(v)
			for i := range w.King {
				w.King[i] = rng.Intn(81) - 40
			}
			testLinear(t, rng, v, w, v.Name+" with squares and the king table")
		}
	}
}

// testLinear is TestLinearPredictsEvaluate for one game and starting
// weights w.
func testLinear(t *testing.T, rng *rand.Rand, v *movegen.Variant, w Weights, name string) {
	l := NewLinear(v, w)
	names := w.Names(v)
	if l.Len() != len(names) {
		t.Fatalf("%s: %d features, %d weight names", name, l.Len(), len(names))
	}
	x := w.Vector()
	y := append([]float64(nil), x...)
	for i := range y {
		y[i] = math.Round(y[i] * (0.6 + 0.8*rng.Float64()))
	}
	moved := w.Clone()
	moved.SetVector(y)
	eMoved := NewWith(v, moved)
	base := NewWith(v, w)
	f := make([]float64, l.Len())
	checked, far, worst := 0, 0, 0.0
	positions := append(randomPositions(t, v, 6, 120), position(t, v, v.StartSFEN))
	for _, pos := range append(positions, endgamePositions(t, v, 12)...) {
		if !l.Features(pos, f) {
			continue
		}
		tol := float64(len(pos.Pieces(movegen.Black))+len(pos.Pieces(movegen.White)))/2 + 4
		for _, c := range []struct {
			e    *Evaluator
			x    []float64
			name string
		}{{base, x, "hand-set"}, {eMoved, y, "moved"}} {
			got, want := Score(f, c.x), float64(c.e.Evaluate(pos))
			if math.Abs(want) > scoreKnee/2 {
				continue // compress may bend the moved score
			}
			if math.Abs(got-want) > tol {
				t.Errorf("%s %s weights, %s: linear form %.1f, Evaluate %.0f (tolerance %.0f)", name, c.name, pos.SFEN(), got, want, tol)
			}
			if math.Abs(got-want) > 2 {
				far++
			}
			worst = max(worst, math.Abs(got-want))
			checked++
		}
	}
	if checked < 100 {
		t.Errorf("%s: only %d comparisons", name, checked)
	}
	t.Logf("%s: %d comparisons, %d off by more than 2 cp, at most %.1f", name, checked, far, worst)
}
