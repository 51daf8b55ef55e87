package match

import (
	"fmt"
	"math"
)

// Score counts one side's wins, losses and draws.
type Score struct {
	W, L, D int
}

// N is the number of games.
func (s Score) N() int { return s.W + s.L + s.D }

// Ratio is the points scored per game (draws half).
func (s Score) Ratio() float64 {
	if s.N() == 0 {
		return 0
	}
	return (float64(s.W) + float64(s.D)/2) / float64(s.N())
}

// DrawRatio is the share of draws.
func (s Score) DrawRatio() float64 {
	if s.N() == 0 {
		return 0
	}
	return float64(s.D) / float64(s.N())
}

// eloOf converts a score ratio into an Elo difference.
func eloOf(p float64) float64 { return -400 * math.Log10(1/p-1) }

// scoreOf converts an Elo difference into an expected score.
func scoreOf(elo float64) float64 { return 1 / (1 + math.Pow(10, -elo/400)) }

// Elo estimates the Elo difference and its 95% error margin as
// cutechess-cli does: the per-game score's standard deviation from the
// win, loss and draw shares, the 95% interval of the mean converted to Elo
// at both ends, half its width. A score of 0 or 1 gives ±Inf.
func (s Score) Elo() (elo, margin float64) {
	n := float64(s.N())
	if n == 0 {
		return 0, math.Inf(1)
	}
	mu := s.Ratio()
	w, l, d := float64(s.W)/n, float64(s.L)/n, float64(s.D)/n
	dev := w*math.Pow(1-mu, 2) + l*math.Pow(0-mu, 2) + d*math.Pow(0.5-mu, 2)
	sd := math.Sqrt(dev / n)
	const z = 1.959963984540054 // 97.5% quantile of the normal distribution
	lo, hi := mu-z*sd, mu+z*sd
	elo = eloOf(mu)
	if lo <= 0 || hi >= 1 {
		return elo, math.Inf(1)
	}
	return elo, (eloOf(hi) - eloOf(lo)) / 2
}

// WilsonElo is the 95% Wilson score interval of the score ratio (draws
// counted as half a point in a game) converted to Elo. Unlike Elo's
// margin it stays finite at one end when the score is 0 or 1: a 100-0
// result says the difference is at least about +565, not "inf +/- inf".
func (s Score) WilsonElo() (lo, hi float64) {
	n := float64(s.N())
	if n == 0 {
		return math.Inf(-1), math.Inf(1)
	}
	const z = 1.959963984540054
	p := s.Ratio()
	centre := (p + z*z/(2*n)) / (1 + z*z/n)
	half := z / (1 + z*z/n) * math.Sqrt(p*(1-p)/n+z*z/(4*n*n))
	lo, hi = eloOf(centre-half), eloOf(centre+half)
	// At a score of 0 (or 1) that end of the interval is exactly 0 (1),
	// but rounding leaves it a hair off: below 0 it gave NaN (printed
	// "inf" for -inf), below 1 a finite Elo (+6261 after 30-0).
	if p == 0 {
		lo = math.Inf(-1)
	}
	if p == 1 {
		hi = math.Inf(1)
	}
	return lo, hi
}

// LOS is the likelihood of superiority: the chance that the side is the
// stronger, from wins and losses (draws carry no information).
func (s Score) LOS() float64 {
	if s.W+s.L == 0 {
		return 0.5
	}
	return 0.5 * (1 + math.Erf(float64(s.W-s.L)/math.Sqrt(2*float64(s.W+s.L))))
}

// String writes cutechess-cli's score line body: "W - L - D  [ratio]  N".
func (s Score) String() string {
	return fmt.Sprintf("%d - %d - %d  [%.3f]  %d", s.W, s.L, s.D, s.Ratio(), s.N())
}

// Penta counts one side's opening pairs (the two games of an opening,
// one with each colour) by the points it scored in them: Penta[i] pairs
// of i half points, 0 (two losses) to 4 (two wins). The two games of a
// pair are not independent (an opening can favour one colour, and
// engines that play alike at a node limit play one game twice), so a
// pair, not a game, is the unit of the pentanomial model.
type Penta [5]int

// N is the number of pairs.
func (p Penta) N() int { return p[0] + p[1] + p[2] + p[3] + p[4] }

// String writes the counts as fishtest and fastchess do:
// "Ptnml(0-2): a, b, c, d, e".
func (p Penta) String() string {
	return fmt.Sprintf("Ptnml(0-2): %d, %d, %d, %d, %d", p[0], p[1], p[2], p[3], p[4])
}

// meanVar is the mean score per game over the pairs and the variance of a
// pair's mean score.
func (p Penta) meanVar() (mean, variance float64) {
	n := float64(p.N())
	for i, c := range p {
		mean += float64(c) * float64(i) / 4
	}
	mean /= n
	for i, c := range p {
		variance += float64(c) * math.Pow(float64(i)/4-mean, 2)
	}
	return mean, variance / n
}

// SPRT is a sequential probability ratio test of H0: elo = Elo0 against
// H1: elo = Elo1 (logistic Elo), with error rates Alpha and Beta.
type SPRT struct {
	Elo0, Elo1, Alpha, Beta float64
}

// Bounds returns the lower and upper log-likelihood bounds.
func (t SPRT) Bounds() (lower, upper float64) {
	return math.Log(t.Beta / (1 - t.Alpha)), math.Log((1 - t.Beta) / t.Alpha)
}

// LLR is the log-likelihood ratio of the games so far, by the normal
// approximation of the trinomial model (the GSPRT fishtest and fastchess
// use): N (s1 - s0) (2 x - s0 - s1) / (2 var), x the mean score, var its
// per-game variance.
func (t SPRT) LLR(s Score) float64 {
	n := float64(s.N())
	if n == 0 || s.W+s.D == 0 || s.L+s.D == 0 {
		return 0
	}
	x := s.Ratio()
	w, l, d := float64(s.W)/n, float64(s.L)/n, float64(s.D)/n
	v := w*math.Pow(1-x, 2) + l*math.Pow(x, 2) + d*math.Pow(0.5-x, 2)
	return t.gsprt(n, x, v)
}

// LLRPenta is the log-likelihood ratio of the opening pairs so far by the
// same normal approximation with the pair as the unit (the pentanomial
// GSPRT of fishtest and fastchess): N (s1 - s0) (2 x - s0 - s1) / (2 var),
// N the pairs, x the mean score per game, var the variance of a pair's
// mean score. Where the two games of a pair were independent it equals LLR
// of the same games; a pair where each colour won its game scores even
// and adds no evidence, where LLR counts two fresh results.
func (t SPRT) LLRPenta(p Penta) float64 {
	if p.N() == 0 {
		return 0
	}
	x, v := p.meanVar()
	return t.gsprt(float64(p.N()), x, v)
}

// gsprt is the normal approximation of the log-likelihood ratio of n units
// of mean score x per game and variance v: n (s1 - s0) (2 x - s0 - s1) /
// (2 v), 0 where v is not positive.
func (t SPRT) gsprt(n, x, v float64) float64 {
	if v <= 0 {
		return 0
	}
	s0, s1 := scoreOf(t.Elo0), scoreOf(t.Elo1)
	return n * (s1 - s0) * (2*x - s0 - s1) / (2 * v)
}

// Decide returns "H1" or "H0" when the test has ended by llr, else "".
func (t SPRT) Decide(llr float64) string {
	lo, hi := t.Bounds()
	switch {
	case llr >= hi:
		return "H1"
	case llr <= lo:
		return "H0"
	}
	return ""
}
