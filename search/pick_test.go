package search

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/kirin-shogi/kirin/movegen"
)

// TestPickOrder checks that pick returns every list in the order of a full
// sort, best first, however far a node goes: 3000 lists of 0 to 600 keys
// (some with repeated scores, some with a few distinct keys only), each
// picked to a random rank or to the end, one after another on the same
// plyMoves, so that a list must not see the last one's chunk bookkeeping.
func TestPickOrder(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 8))
	pm := new(plyMoves)
	for round := 0; round < 3000; round++ {
		n := rng.IntN(601)
		if round%10 == 0 {
			n = rng.IntN(20)
		}
		distinct := uint64(1) << rng.IntN(40)
		for i := range n {
			pm.keys[i] = rng.Uint64N(distinct)<<32 | uint64(i)
			if round%3 == 0 {
				pm.keys[i] = rng.Uint64N(distinct) // repeats, as a test of selectBest
			}
		}
		pm.list.N = n
		want := slices.Clone(pm.keys[:n])
		slices.Sort(want)
		slices.Reverse(want)
		stop := n
		if round%2 == 0 && n > 0 {
			stop = rng.IntN(n + 1)
		}
		for i := range stop {
			m, score := pm.pick(i)
			if pm.keys[i] != want[i] {
				t.Fatalf("round %d, %d keys: rank %d is %x, want %x", round, n, i, pm.keys[i], want[i])
			}
			if m != movegen.Move(uint32(want[i])) || score != int32(uint32(want[i]>>32)^1<<31) {
				t.Fatalf("round %d: rank %d decodes as %v %d", round, i, m, score)
			}
		}
		if got := slices.Sorted(slices.Values(pm.keys[:n])); !slices.Equal(got, slices.Sorted(slices.Values(want))) {
			t.Fatalf("round %d: pick lost or duplicated keys", round)
		}
	}
}
