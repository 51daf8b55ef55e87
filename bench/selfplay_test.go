package bench

import (
	"testing"

	"github.com/kirin-shogi/kirin/movegen"
)

// TestSelfPlaySoak plays a few complete games of every built-in game with
// random and greedy-capture moves; every invariant must hold at every ply.
func TestSelfPlaySoak(t *testing.T) {
	for _, v := range movegen.Builtin() {
		for _, greedy := range []bool{false, true} {
			games := 6
			if testing.Short() {
				games = 2
			}
			rep := SelfPlay(v, SelfPlayOptions{Games: games, Seed: 1, Greedy: greedy, MoveLimit: 600})
			if rep.Failed > 0 {
				t.Errorf("%s greedy=%v: %d invariant failures: %v", v.Name, greedy, rep.Failed, rep.Failures)
			}
			if rep.Games != games {
				t.Errorf("%s: %d games played, want %d", v.Name, rep.Games, games)
			}
		}
	}
}
