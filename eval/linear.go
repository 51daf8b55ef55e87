package eval

import (
	"github.com/kirin-shogi/kirin/movegen"
)

// probeStep is how far Linear raises a scalar weight to measure its
// feature. The integer tables round each piece's term once, so a feature
// is off by at most (pieces on the board)/probeStep.
const probeStep = 4096

// Linear writes the full evaluation as a linear function of the weights,
// for fitting them (kirin tune): for a position whose score stays inside
// ±scoreKnee (where compress leaves it alone),
//
//	Evaluate(pos) = Σ Features(pos)[i] * Weights.Vector()[i]
//
// up to the rounding of the integer tables. Every term is a weight times
// something the position decides, and stagnation scales them all, so the
// evaluation has no part without a weight. A scalar weight's feature is
// measured, not rederived: the score of an evaluator with that weight
// raised by probeStep, less the score at the base weights, over probeStep.
// A piece's Material feature is its count (board and hand) for the side to
// move less the other side's, times the stagnation factor; a Square
// entry's (when the weights have a table) likewise counts the pieces of its
// type on its squares, each side's seen from its own home rank, and a King
// entry's the non-royal pieces of its type that stand where it says beside
// their own or the enemy's royal. Linear is read-only after NewLinear and
// safe for concurrent use.
type Linear struct {
	base *Evaluator
	// probes[i] is base with scalar weight i raised by probeStep (nil for
	// the tempo, whose feature is always 1).
	probes  []*Evaluator
	nScalar int
}

// NewLinear builds the linear form of v's evaluation around the weights w.
func NewLinear(v *movegen.Variant, w Weights) *Linear {
	l := &Linear{base: NewWith(v, w)}
	w = l.base.w
	x := w.Vector()
	l.nScalar = len(scalarWeights(&w))
	l.probes = make([]*Evaluator, l.nScalar)
	for i := 1; i < l.nScalar; i++ {
		y := append([]float64(nil), x...)
		y[i] += probeStep
		pw := w.Clone()
		pw.SetVector(y)
		l.probes[i] = NewWith(v, pw)
	}
	return l
}

// Len is the number of features: one per weight (Weights.Names).
func (l *Linear) Len() int {
	return l.nScalar + len(l.base.v.Pieces) - 1 + len(l.base.w.Square) + len(l.base.w.King)
}

// Features writes pos's features into f (Len of them) and reports whether
// the linear form holds there: false where the score at the base weights
// is beyond ±scoreKnee, and then f is unspecified.
func (l *Linear) Features(pos *movegen.Position, f []float64) bool {
	base := l.base.raw(pos)
	if base > scoreKnee || base < -scoreKnee {
		return false
	}
	f[0] = 1 // the tempo
	for i := 1; i < l.nScalar; i++ {
		f[i] = float64(l.probes[i].raw(pos)-base) / probeStep
	}
	v := l.base.v
	mat := f[l.nScalar : l.nScalar+len(v.Pieces)-1]
	sq := f[l.nScalar+len(mat) : l.nScalar+len(mat)+len(l.base.w.Square)]
	kp := f[l.nScalar+len(mat)+len(sq):]
	clear(mat)
	clear(sq)
	clear(kp)
	us := pos.SideToMove()
	for c := movegen.Color(0); c < movegen.ColorCount; c++ {
		sign := 1.0
		if c != us {
			sign = -1
		}
		for _, s := range pos.Pieces(c) {
			t := pos.At(s).Type()
			mat[t-1] += sign
			if len(sq) > 0 {
				if c != movegen.Black {
					s = rotate(v, s)
				}
				sq[SquareIndex(v, t, s)] += sign
			}
		}
		if len(kp) > 0 {
			l.kingFeatures(pos, c, sign, kp)
		}
		for _, t := range v.HandTypes {
			mat[t-1] += sign * float64(pos.Hand(c, t))
		}
	}
	scale := stagnationFactor(pos.Quiet())
	for i := range mat {
		mat[i] *= scale
	}
	for i := range sq {
		sq[i] *= scale
	}
	for i := range kp {
		kp[i] *= scale
	}
	return true
}

// kingFeatures adds sign to the King entries (Weights.King) of side c's
// non-royal pieces on the board, as the evaluator's kingTerm reads them.
func (l *Linear) kingFeatures(pos *movegen.Position, c movegen.Color, sign float64, kp []float64) {
	own, foe := pos.RoyalSquare(c), pos.RoyalSquare(c.Other())
	for _, s := range pos.Pieces(c) {
		p := pos.At(s)
		if l.base.piece[p].royal {
			continue
		}
		o, f := kingIndices(c, p.Type(), s, own, foe)
		if o >= 0 {
			kp[o] += sign
		}
		if f >= 0 {
			kp[f] += sign
		}
	}
}

// Score is Σ f[i]*x[i]: the linear form's score of features f at weights
// x (Weights.Vector's order).
func Score(f, x []float64) float64 {
	s := 0.0
	for i, fi := range f {
		s += fi * x[i]
	}
	return s
}

// stagnationFactor is what stagnation multiplies a score by after quiet
// plies without a capture, promotion or drop.
func stagnationFactor(quiet int) float64 {
	if quiet <= quietFree {
		return 1
	}
	return float64(quietDiv-min(quiet-quietFree, quietMax)) / quietDiv
}
