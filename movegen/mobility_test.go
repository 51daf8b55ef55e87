package movegen

import "testing"

// TestMobilityAgainstMoves: for every piece of the side to move without
// special moves, in random games of every built-in variant, Mobility
// equals the number of distinct squares its pseudo-legal moves go to.
func TestMobilityAgainstMoves(t *testing.T) {
	plies := randomGamePlies()
	for _, v := range Builtin() {
		t.Run(v.Name, func(t *testing.T) {
			var pseudo MoveList
			pieces, total := 0, 0
			randomGame(t, v, 11, plies, func(pos *Position) {
				pseudo.N = 0
				pos.GeneratePseudo(&pseudo)
				reach := map[Square]map[Square]bool{}
				for _, m := range pseudo.Slice() {
					if m.IsDrop() || m.IsPass() {
						continue
					}
					if reach[m.From()] == nil {
						reach[m.From()] = map[Square]bool{}
					}
					reach[m.From()][m.To()] = true
				}
				for _, s := range pos.Pieces(pos.SideToMove()) {
					if v.special[pos.board[s]] || pos.mustPass {
						continue
					}
					if got, want := pos.Mobility(s), len(reach[s]); got != want {
						t.Fatalf("%s: Mobility(%s) = %d, the moves reach %d squares", pos.SFEN(), v.SquareUSI(s), got, want)
					}
					pieces++
					total += len(reach[s])
				}
			})
			if pieces == 0 || total == 0 {
				t.Fatalf("nothing compared (%d pieces, %d squares)", pieces, total)
			}
			t.Logf("%d pieces compared, %d squares", pieces, total)
		})
	}
}
