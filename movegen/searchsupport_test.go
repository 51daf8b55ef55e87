package movegen

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestGenerateCaptures walks random games from every perft position and
// checks at each ply that GenerateCaptures returns exactly the legal moves
// that IsCapture accepts, and that CapturedValue agrees with IsCapture.
func TestGenerateCaptures(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	seen := map[string]bool{}
	var all, caps MoveList
	checked := 0
	for _, c := range perftCases {
		if seen[c.variant+c.sfen] {
			continue
		}
		seen[c.variant+c.sfen] = true
		v := perftVariant(t, c.variant)
		pos, err := NewPosition(v, c.sfen)
		if err != nil {
			t.Fatal(err)
		}
		for ply := 0; ply < 40; ply++ {
			all.N, caps.N = 0, 0
			pos.GenerateLegal(&all)
			pos.GenerateCaptures(&caps)
			var want []Move
			for _, m := range all.Slice() {
				val, royal := pos.CapturedValue(m)
				if pos.IsCapture(m) {
					want = append(want, m)
				} else if val != 0 || royal {
					t.Fatalf("%s %s: %s is no capture but CapturedValue says %d", c.name, pos.SFEN(), pos.MoveUSI(m), val)
				}
			}
			if pos.MustPass() {
				want = []Move{ForcedPass}
			}
			got := slices.Clone(caps.Slice())
			slices.Sort(want)
			slices.Sort(got)
			if !slices.Equal(got, want) {
				t.Fatalf("%s %s: captures %d, want %d", c.name, pos.SFEN(), len(got), len(want))
			}
			checked++
			if all.N == 0 {
				break
			}
			// Prefer captures so the walk reaches open positions.
			next := all.Moves[rng.IntN(all.N)]
			if len(want) > 0 && rng.IntN(2) == 0 {
				next = want[rng.IntN(len(want))]
			}
			pos.Make(next)
		}
	}
	if checked < 500 {
		t.Fatalf("only %d positions checked", checked)
	}
}
