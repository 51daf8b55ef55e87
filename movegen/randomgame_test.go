package movegen

import (
	"math/rand"
	"testing"
)

// randomGamePlies is how many plies the random-game tests play: 200, or
// 60 under -short.
func randomGamePlies() int {
	if testing.Short() {
		return 60
	}
	return 200
}

// randomGame plays a random game of v from its start, at most plies plies,
// its moves drawn by a source seeded with seed, and calls visit on every
// position before its move is drawn (the last one too). The game stops
// where it is over or the side to move has no legal move.
func randomGame(t *testing.T, v *Variant, seed int64, plies int, visit func(pos *Position)) {
	t.Helper()
	r := rand.New(rand.NewSource(seed))
	pos, err := NewPosition(v, v.StartSFEN)
	if err != nil {
		t.Fatal(err)
	}
	var legal MoveList
	for ply := 0; ply < plies; ply++ {
		visit(pos)
		legal.N = 0
		pos.GenerateLegal(&legal)
		if legal.N == 0 || pos.GameOver() {
			return
		}
		pos.Make(legal.Moves[r.Intn(legal.N)])
	}
}
