package tune

import (
	"math"
	"runtime"
	"sync"
)

// FitConfig sets the optimiser.
type FitConfig struct {
	// Iterations is the number of Adam steps (full passes over the
	// training set).
	Iterations int
	// Rate is Adam's step size, in weight units.
	Rate float64
	// Fixed marks the weights (by vector index) that must not move.
	Fixed []bool
	// MinPositions: a weight moves only if its feature is non-zero on at
	// least this many training positions (at least 1). A rarely seen
	// feature would otherwise be fitted to the results of a handful of
	// games: Adam moves every weight at the same rate, however rare.
	MinPositions int
	// Progress, if not nil, is called after every held-out measurement.
	Progress func(iter int, train, held float64)
}

// evalEvery is how many steps pass between two held-out measurements.
const evalEvery = 25

// Result is what Fit found.
type Result struct {
	// K is the sigmoid's scale, fitted at the starting weights.
	K float64
	// X are the fitted weights, rounded to integers.
	X []float64
	// Before and After are the mean squared errors of the training and
	// held-out sets at the starting and at the fitted (rounded) weights.
	TrainBefore, HeldBefore, TrainAfter, HeldAfter float64
	// BestIter is the step whose weights were kept.
	BestIter int
	// Free counts the weights that were allowed to move.
	Free int
}

// Fit fits K at the starting weights x0 and then the weights, as the
// package documentation says. held may be empty; then the last step's
// weights are kept.
func Fit(train, held *Set, x0 []float64, cfg FitConfig) Result {
	n := len(x0)
	res := Result{K: FitK(train, x0)}
	res.TrainBefore = Error(train, x0, res.K)
	res.HeldBefore = Error(held, x0, res.K)
	free := make([]bool, n)
	used := train.used()
	for i := range free {
		free[i] = used[i] >= max(cfg.MinPositions, 1) && (i >= len(cfg.Fixed) || !cfg.Fixed[i])
		if free[i] {
			res.Free++
		}
	}
	x := append([]float64(nil), x0...)
	best := append([]float64(nil), x0...)
	bestErr := res.HeldBefore
	if held.Len() == 0 {
		bestErr = math.Inf(1)
	}
	m, v := make([]float64, n), make([]float64, n)
	const beta1, beta2, eps = 0.9, 0.999, 1e-12
	for it := 1; it <= cfg.Iterations; it++ {
		g := gradient(train, x, res.K)
		for i := range x {
			if !free[i] {
				continue
			}
			m[i] = beta1*m[i] + (1-beta1)*g[i]
			v[i] = beta2*v[i] + (1-beta2)*g[i]*g[i]
			mh := m[i] / (1 - math.Pow(beta1, float64(it)))
			vh := v[i] / (1 - math.Pow(beta2, float64(it)))
			x[i] -= cfg.Rate * mh / (math.Sqrt(vh) + eps)
		}
		if it%evalEvery == 0 || it == cfg.Iterations {
			he := Error(held, x, res.K)
			if cfg.Progress != nil {
				cfg.Progress(it, Error(train, x, res.K), he)
			}
			if held.Len() == 0 || he < bestErr {
				bestErr, res.BestIter = he, it
				copy(best, x)
			}
		}
	}
	for i := range best {
		best[i] = math.Round(best[i])
	}
	res.X = best
	res.TrainAfter = Error(train, best, res.K)
	res.HeldAfter = Error(held, best, res.K)
	return res
}

// used counts for each feature the positions where it is non-zero.
func (s *Set) used() []int {
	u := make([]int, s.Width)
	for _, j := range s.Idx {
		u[j]++
	}
	return u
}

// sigmoid is the predicted result of score s (centipawns) with scale K.
func sigmoid(s, k float64) float64 {
	return 1 / (1 + math.Pow(10, -k*s/400))
}

// Error is the mean squared error between the predicted and the actual
// results of the set at weights x and scale K (0 for an empty set).
func Error(s *Set, x []float64, k float64) float64 {
	if s.Len() == 0 {
		return 0
	}
	sums := parallel(s, func(lo, hi int, acc []float64) {
		for i := lo; i < hi; i++ {
			idx, val := s.row(i)
			d := float64(s.R[i]) - sigmoid(dot(idx, val, x), k)
			acc[0] += d * d
		}
	}, 1)
	return sums[0] / float64(s.Len())
}

// gradient is the gradient of Error by the weights.
func gradient(s *Set, x []float64, k float64) []float64 {
	c := k * math.Ln10 / 400
	g := parallel(s, func(lo, hi int, acc []float64) {
		for i := lo; i < hi; i++ {
			idx, val := s.row(i)
			p := sigmoid(dot(idx, val, x), k)
			d := -2 * (float64(s.R[i]) - p) * p * (1 - p) * c
			for n, j := range idx {
				acc[j] += d * float64(val[n])
			}
		}
	}, len(x))
	for j := range g {
		g[j] /= float64(max(s.Len(), 1))
	}
	return g
}

// parallel splits the set's positions into one block per CPU, runs body
// on each with its own accumulator of width numbers, and returns their
// sum. The blocks are fixed by the set's length and the CPU count, and
// summed in order, so a run gives the same numbers every time on one
// machine.
func parallel(s *Set, body func(lo, hi int, acc []float64), width int) []float64 {
	parts := runtime.GOMAXPROCS(0)
	accs := make([][]float64, parts)
	var wg sync.WaitGroup
	for p := range parts {
		accs[p] = make([]float64, width)
		lo, hi := s.Len()*p/parts, s.Len()*(p+1)/parts
		wg.Add(1)
		go func() {
			defer wg.Done()
			body(lo, hi, accs[p])
		}()
	}
	wg.Wait()
	out := make([]float64, width)
	for _, a := range accs {
		for j, x := range a {
			out[j] += x
		}
	}
	return out
}

// dot is f·x for the features f that are not 0, given as their indices
// and values (Set.row).
func dot(idx []int32, val []float32, x []float64) float64 {
	s := 0.0
	for n, j := range idx {
		s += float64(val[n]) * x[j]
	}
	return s
}

// FitK returns the sigmoid scale K that minimises the training error at
// weights x: golden-section search over [0.05, 5].
func FitK(s *Set, x []float64) float64 {
	return golden(func(k float64) float64 { return Error(s, x, k) })
}

// FitScoreScale returns the sigmoid scale k at which the scores of the
// set's scored positions best predict their results (least squared error,
// golden-section search over [0.05, 5]), and that error; 0, 0 when no
// position has a score.
func FitScoreScale(s *Set) (k, err float64) {
	var sc, res []float64
	for i, x := range s.Score {
		if !math.IsNaN(float64(x)) {
			sc, res = append(sc, float64(x)), append(res, float64(s.Result[i]))
		}
	}
	if len(sc) == 0 {
		return 0, 0
	}
	e := func(k float64) float64 {
		sum := 0.0
		for i, x := range sc {
			d := res[i] - sigmoid(x, k)
			sum += d * d
		}
		return sum / float64(len(sc))
	}
	k = golden(e)
	return k, e(k)
}

// golden minimises a unimodal function of a scale over [0.05, 5] by
// golden-section search.
func golden(f func(float64) float64) float64 {
	lo, hi := 0.05, 5.0
	phi := (math.Sqrt(5) - 1) / 2
	a, b := hi-phi*(hi-lo), lo+phi*(hi-lo)
	ea, eb := f(a), f(b)
	for hi-lo > 1e-4 {
		if ea < eb {
			hi, b, eb = b, a, ea
			a = hi - phi*(hi-lo)
			ea = f(a)
		} else {
			lo, a, ea = a, b, eb
			b = lo + phi*(hi-lo)
			eb = f(b)
		}
	}
	return (lo + hi) / 2
}
