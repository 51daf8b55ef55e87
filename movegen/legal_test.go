package movegen

import (
	"math/rand/v2"
	"testing"
)

// TestRoyalSafetyAgainstMake checks keepsRoyalSafe's shortcuts (no test
// for an unpinned piece out of check, the evasion cells in check, the cells
// set by hand in safeAfter) against making each pseudo-legal move and
// asking whether the mover's royal is attacked, and dropChecks (DropMates'
// shortcut) against making each drop, on random walks of every
// check game among the perft positions. The walks prefer checking moves,
// so that many positions are in check; a few shogi positions made by hand
// start walks too: a double check, a pinned piece that could take or block
// the checker, a king that must not step along the checking line. The test
// also checks that the position is unchanged after the shortcuts.
func TestRoyalSafetyAgainstMake(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 27))
	var list, checks MoveList
	positions, inCheck, doubles, evasions, moves, drops, dropChecks := 0, 0, 0, 0, 0, 0, 0
	type start struct {
		name string
		pos  *Position
	}
	var starts []start
	for _, c := range perftStarts(t) {
		if _, pos := c.start(t); pos.v.Check {
			starts = append(starts, start{c.name, pos})
		}
	}
	for _, sfen := range []string{
		"3gk4/9/9/9/4R3B/9/9/9/K8 w P 1",    // rook and bishop both check
		"4k4/4g4/9/9/4R4/9/2B6/9/K8 w PN 1", // the pinned gold could block or take
		"4k4/9/9/9/4R4/9/9/9/K8 w GS2P 1",   // drops block; the king must leave the file
		"k8/1+R7/9/9/9/9/9/9/4K4 w NL 1",    // the dragon checks from next to the king
		"4k4/9/3n5/9/4l4/9/9/9/K8 b - 1",    // Black to move, not in check
		"lnsgkgsnl/9/ppppppppp/9/4B4/9/PPPPPPPPP/9/LNSGKGSNL w - 1",
	} {
		starts = append(starts, start{"shogi " + sfen, play(t, "shogi", "", sfen)})
	}
	for _, c := range starts {
		pos := c.pos
		for walk := 0; walk < 8; walk++ {
			made := 0
			for ply := 0; ply < 80 && !pos.GameOver(); ply++ {
				var lg legality
				pos.setupRoyalSafety(&lg)
				positions++
				if lg.inCheck {
					inCheck++
					if lg.evadeKnown && lg.evade == (pinSet{}) {
						doubles++
					}
				}
				key, board, near := pos.key, pos.board, pos.near
				list.N = 0
				pos.GeneratePseudo(&list)
				us := pos.side
				for _, m := range list.Slice() {
					got := pos.keepsRoyalSafe(m, &lg)
					if pos.key != key || pos.board != board || pos.near != near {
						t.Fatalf("%s %s: keepsRoyalSafe(%s) changed the position", c.name, pos.SFEN(), pos.MoveUSI(m))
					}
					pos.Make(m)
					want := !pos.attacked(pos.king[us], us.Other())
					pos.Unmake()
					if got != want {
						t.Fatalf("%s %s: keepsRoyalSafe(%s) = %v, making it says %v", c.name, pos.SFEN(), pos.MoveUSI(m), got, want)
					}
					moves++
					if lg.inCheck && want {
						evasions++
					}
					if m.IsDrop() {
						them := us.Other()
						got := pos.dropChecks(MakePiece(m.DropType(), us), m.To(), pos.king[them])
						pos.Make(m)
						want := pos.attacked(pos.king[them], us)
						pos.Unmake()
						if got != want {
							t.Fatalf("%s %s: dropChecks(%s) = %v, making it says %v", c.name, pos.SFEN(), pos.MoveUSI(m), got, want)
						}
						drops++
						if want {
							dropChecks++
						}
					}
				}
				list.N = 0
				pos.GenerateLegal(&list)
				if list.N == 0 {
					break
				}
				// Prefer a checking move, to reach positions in check.
				checks.N = 0
				for _, m := range list.Slice() {
					pos.Make(m)
					if pos.InCheck() {
						checks.add(m)
					}
					pos.Unmake()
				}
				m := list.Moves[rng.IntN(list.N)]
				if checks.N > 0 && rng.IntN(3) > 0 {
					m = checks.Moves[rng.IntN(checks.N)]
				}
				pos.Make(m)
				made++
			}
			for ; made > 0; made-- {
				pos.Unmake()
			}
		}
	}
	t.Logf("%d positions (%d in check, %d of them double), %d moves, %d evasions, %d drops (%d checking)",
		positions, inCheck, doubles, moves, evasions, drops, dropChecks)
	if inCheck < 300 || doubles < 5 || evasions < 1000 || dropChecks < 100 {
		t.Fatalf("too few cases: %d positions in check, %d double checks, %d evasions, %d checking drops", inCheck, doubles, evasions, dropChecks)
	}
}
