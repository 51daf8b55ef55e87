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

// SPRT is a sequential probability ratio test of H0: elo = Elo0 against
// H1: elo = Elo1 (logistic Elo), with error rates Alpha and Beta.
type SPRT struct {
	Elo0, Elo1, Alpha, Beta float64
}

// Bounds returns the lower and upper log-likelihood bounds.
func (t SPRT) Bounds() (lower, upper float64) {
	return math.Log(t.Beta / (1 - t.Alpha)), math.Log((1 - t.Beta) / t.Alpha)
}

// LLR is the log-likelihood ratio of the games so far by the generalized
// SPRT of the trinomial model (loss, draw and win, worth 0, 1/2 and 1):
// gsprtLLR of the three counts.
func (t SPRT) LLR(s Score) float64 {
	return t.gsprtLLR([]int{s.L, s.D, s.W})
}

// LLRPenta is the log-likelihood ratio of the opening pairs so far by the
// same test with the pair as the unit (the pentanomial model of fishtest
// and fastchess): gsprtLLR of the five counts, a pair's outcome worth its
// mean score a game. Where the two games of a pair were independent it is
// close to LLR of the same games; a pair where each colour won its game
// scores even and counts as evidence for the nearer hypothesis alone,
// where LLR counts two fresh results.
func (t SPRT) LLRPenta(p Penta) float64 {
	return t.gsprtLLR(p[:])
}

// llrFloor stands for an outcome not seen yet: a count of zero is taken
// as this (fishtest's regularization), so that every outcome has some
// likelihood under both hypotheses.
const llrFloor = 1e-3

// gsprtLLR is the generalized log-likelihood ratio of outcomes counted by
// counts (two to five outcomes), the i-th worth i/(len(counts)-1) points
// a game: N sum q_i log(p1_i / p0_i), q the observed shares (counts of
// zero taken as llrFloor), N their total, and pj the distribution
// likeliest to have given q (the constrained maximum-likelihood estimate,
// mleShares) among those whose mean score is the hypothesis's, sj =
// scoreOf(Eloj). 0 without outcomes.
//
// The earlier normal approximation, N (s1 - s0) (2 x - s0 - s1) / (2 var),
// agrees with it over many games but not over a few: three pairs won
// 1.5, 2 and 2 points gave an LLR of 5.88 on bounds 50 Elo apart (a
// verdict after six games), where this gives 0.40.
func (t SPRT) gsprtLLR(counts []int) float64 {
	var q, a, p0, p1 [5]float64
	k := len(counts)
	n := 0.0
	seen := false
	for i, c := range counts {
		q[i] = max(float64(c), llrFloor)
		a[i] = float64(i) / float64(k-1)
		n += q[i]
		seen = seen || c > 0
	}
	if !seen {
		return 0
	}
	for i := range k {
		q[i] /= n
	}
	mleShares(q[:k], a[:k], scoreOf(t.Elo0), p0[:k])
	mleShares(q[:k], a[:k], scoreOf(t.Elo1), p1[:k])
	llr := 0.0
	for i := range k {
		llr += q[i] * math.Log(p1[i]/p0[i])
	}
	return n * llr
}

// mleShares writes to p the distribution over the outcomes worth a (from
// 0 to 1) that is likeliest to have given the observed shares q (all
// positive) among those of mean score s, 0 < s < 1: p_i = q_i / (1 +
// lambda (a_i - s)), the Lagrange multiplier lambda the root of
// sum q_i (a_i - s) / (1 + lambda (a_i - s)) = 0 between -1/(1 - s) and
// 1/s, where every p_i stays positive. The sum falls as lambda rises, so
// bisection finds the root.
func mleShares(q, a []float64, s float64, p []float64) {
	lo, hi := -1/(1-s), 1/s
	for range 200 {
		mid := (lo + hi) / 2
		if mid == lo || mid == hi {
			break
		}
		g := 0.0
		for i := range q {
			g += q[i] * (a[i] - s) / (1 + mid*(a[i]-s))
		}
		if g > 0 {
			lo = mid
		} else {
			hi = mid
		}
	}
	lambda := (lo + hi) / 2
	for i := range q {
		p[i] = q[i] / (1 + lambda*(a[i]-s))
	}
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
