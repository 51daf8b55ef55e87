package bench

import (
	"fmt"
	"io"
	"math/rand"
	"sort"
	"strings"
	"time"

	"github.com/kirin-shogi/kirin/movegen"
)

// SelfPlayOptions configures a self-play soak.
type SelfPlayOptions struct {
	Games int
	Seed  int64
	// Greedy picks the most valuable capture when there is one (else a
	// random move); otherwise every move is random.
	Greedy bool
	// MoveLimit draws a game after this many plies (0 = 2000).
	MoveLimit int
	// Duration, when positive, starts no new game once this much time has
	// passed (a soak "as many games as fit in N minutes").
	Duration time.Duration
}

// SelfPlayReport summarises a soak.
type SelfPlayReport struct {
	Games    int
	Results  map[string]int // "1-0 checkmate" -> count
	Plies    []int
	Failures []string // invariant failures, at most 20 kept
	Failed   int
	Elapsed  time.Duration
}

// SelfPlay plays complete games with random or greedy-capture moves and
// checks invariants at every ply: the incremental key equals a key computed
// from scratch; make then unmake restores the SFEN and key; the SFEN read
// back gives the same position and key; pieces are conserved (on the board
// and in hand in drop games; otherwise the board loses exactly the captured
// pieces); and the final result is one the game's rules allow, consistent
// with the final position.
func SelfPlay(v *movegen.Variant, o SelfPlayOptions) SelfPlayReport {
	if o.MoveLimit <= 0 {
		o.MoveLimit = 2000
	}
	rep := SelfPlayReport{Results: map[string]int{}}
	start := time.Now()
	rng := rand.New(rand.NewSource(o.Seed))
	for g := 0; g < o.Games; g++ {
		if o.Duration > 0 && time.Since(start) >= o.Duration {
			break
		}
		plies, out, fails := playOne(v, o, rng)
		rep.Games++
		rep.Plies = append(rep.Plies, plies)
		rep.Results[out.Result.String()+" "+out.Reason]++
		for _, f := range fails {
			rep.Failed++
			if len(rep.Failures) < 20 {
				rep.Failures = append(rep.Failures, fmt.Sprintf("game %d: %s", g+1, f))
			}
		}
	}
	rep.Elapsed = time.Since(start)
	return rep
}

func playOne(v *movegen.Variant, o SelfPlayOptions, rng *rand.Rand) (int, movegen.Outcome, []string) {
	pos, err := movegen.NewPosition(v, "startpos")
	if err != nil {
		return 0, movegen.Outcome{}, []string{err.Error()}
	}
	pos.SetMoveLimit(o.MoveLimit)
	var fails []string
	fail := func(format string, args ...any) {
		fails = append(fails, fmt.Sprintf("ply %d (%s): ", pos.Ply(), pos.SFEN())+fmt.Sprintf(format, args...))
	}
	var list movegen.MoveList
	for {
		out := pos.Outcome()
		if out.Result != movegen.Ongoing {
			if msg := checkResult(pos, out); msg != "" {
				fail("%s", msg)
			}
			return pos.Ply(), out, fails
		}
		list.N = 0
		pos.GenerateLegal(&list)
		if list.N == 0 {
			fail("no legal move but Outcome says the game goes on")
			return pos.Ply(), out, fails
		}
		m := pickMove(pos, list.Slice(), o.Greedy, rng)
		sfen, key := pos.SFEN(), pos.Key()
		before := material(pos)
		victims := capturedBy(pos, m)
		pos.Make(m)
		after := material(pos)
		pos.Unmake()
		if pos.SFEN() != sfen || pos.Key() != key {
			fail("make/unmake of %s did not restore the position", pos.MoveUSI(m))
		}
		pos.Make(m)
		if pos.Key() != pos.ComputeKey() {
			fail("incremental key differs from the recomputed key after %s", pos.MoveUSI(m))
		}
		if v.Drops && after != before || !v.Drops && after != before-victims {
			fail("piece count %d -> %d with %d captured", before, after, victims)
		}
		back, err := movegen.NewPosition(v, pos.SFEN())
		if err != nil {
			fail("SFEN does not read back: %v", err)
		} else if back.SFEN() != pos.SFEN() || back.Key() != pos.Key() {
			fail("SFEN round trip changes the position or key")
		}
		if len(fails) > 5 {
			return pos.Ply(), movegen.Outcome{Result: movegen.Ongoing, Reason: "aborted"}, fails
		}
	}
}

// material counts pieces on the board plus pieces in hand.
func material(pos *movegen.Position) int {
	n := len(pos.Pieces(movegen.Black)) + len(pos.Pieces(movegen.White))
	for c := movegen.Black; c <= movegen.White; c++ {
		for _, t := range pos.Variant().HandTypes {
			n += pos.Hand(c, t)
		}
	}
	return n
}

// capturedBy counts the pieces move m removes from the board.
func capturedBy(pos *movegen.Position, m movegen.Move) int {
	if m.IsDrop() || m.IsPass() {
		return 0
	}
	n := 0
	if mid := m.Mid(); mid != movegen.NoSquare && pos.At(mid) != movegen.Empty {
		n++
	}
	if mid2 := m.Mid2(); mid2 != movegen.NoSquare && mid2 != m.From() && pos.At(mid2) != movegen.Empty {
		n++
	}
	// A lion dog's "out two, back one" ends on Mid, already counted.
	if m.To() != m.From() && m.To() != m.Mid() && pos.At(m.To()) != movegen.Empty {
		n++
	}
	return n
}

// pickMove chooses a random move, or with greedy the capture of the most
// valuable piece when there is one.
func pickMove(pos *movegen.Position, moves []movegen.Move, greedy bool, rng *rand.Rand) movegen.Move {
	if greedy {
		best, bestVal := movegen.NullMove, 0
		for _, m := range moves {
			if m.IsDrop() || m.IsPass() || m.To() == m.From() {
				continue
			}
			if p := pos.At(m.To()); p != movegen.Empty {
				if val := pos.Variant().Pieces[p.Type()].Value + 1; val > bestVal || val == bestVal && rng.Intn(2) == 0 {
					best, bestVal = m, val
				}
			}
		}
		if best != movegen.NullMove {
			return best
		}
	}
	return moves[rng.Intn(len(moves))]
}

// checkResult verifies that a finished game's outcome is one the rules allow
// and fits the position; it returns "" if so.
func checkResult(pos *movegen.Position, out movegen.Outcome) string {
	v := pos.Variant()
	us, them := pos.SideToMove(), pos.SideToMove().Other()
	var list movegen.MoveList
	pos.GenerateLegal(&list)
	switch out.Reason {
	case movegen.ReasonRoyalCaptured:
		if v.Check || pos.RoyalCount(us) != 0 || out.Result != movegen.Win(them) {
			return "royal capture result does not fit"
		}
	case movegen.ReasonCheckmate:
		// Check games: no legal move while in check. Mate games (Reiwa): no
		// move keeps a royal, which may leave legal moves.
		if out.Result != movegen.Win(them) || v.Check && (list.N != 0 || !pos.InCheck()) || !v.Check && !v.Mate {
			return "checkmate result does not fit"
		}
	case movegen.ReasonStalemate, movegen.ReasonNoMoves:
		want := movegen.Win(them)
		if v.Option("stalemate") == "draw" {
			want = movegen.Draw
		}
		if list.N != 0 || out.Result != want || (out.Reason == movegen.ReasonStalemate) != (v.Check && !pos.InCheck()) {
			return "stalemate result does not fit"
		}
	case movegen.ReasonBareKing, movegen.ReasonBareKings:
		if !v.BareKing {
			return "bare-king result in a game without the rule"
		}
		// pieces counts side c's pieces, royals and hand included.
		pieces := func(c movegen.Color) int {
			n := len(pos.Pieces(c))
			for _, t := range v.HandTypes {
				n += pos.Hand(c, t)
			}
			return n
		}
		bare := func(c movegen.Color) bool { return pieces(c) == 1 && pos.RoyalCount(c) == 1 }
		// royalEnPrise reports whether side c's only royal is attacked.
		royalEnPrise := func(c movegen.Color) bool {
			for _, s := range pos.Pieces(c) {
				if v.Pieces[pos.At(s).Type()].Royal && pos.Attacked(s, c.Other()) {
					return pos.RoyalCount(c) == 1
				}
			}
			return false
		}
		// A bare King loses when its reply left it bare, or at once when no
		// reply can bare the winner back or take its last royal.
		moverBare := bare(them) && !bare(us) && out.Result == movegen.Win(us)
		noReply := bare(us) && !bare(them) && pieces(them) >= 3 && !royalEnPrise(them) && out.Result == movegen.Win(them)
		if out.Reason == movegen.ReasonBareKings && !(bare(us) && bare(them)) ||
			out.Reason == movegen.ReasonBareKing && !moverBare && !noReply {
			return "bare-king result does not fit the position"
		}
	case movegen.ReasonRepetition, movegen.ReasonPerpetualCheck, movegen.ReasonPerpetualAttack, movegen.ReasonRepeatIllegal:
		if n, _ := pos.Repetitions(); v.Repetition == movegen.RepNone || n == 0 {
			return "repetition result without a repeated position"
		}
	case movegen.ReasonImpasse:
		if v.Impasse == 0 {
			return "impasse in a game without the rule"
		}
	case movegen.ReasonMoveLimit:
		if out.Result != movegen.Draw {
			return "move limit must draw"
		}
	default:
		return fmt.Sprintf("unknown reason %q", out.Reason)
	}
	return ""
}

// Write prints the report.
func (r SelfPlayReport) Write(w io.Writer, variant string) {
	fmt.Fprintf(w, "Variant: %s\nGames: %d\n", variant, r.Games)
	keys := make([]string, 0, len(r.Results))
	for k := range r.Results {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		fmt.Fprintf(w, "  %-34s %d\n", k, r.Results[k])
	}
	if len(r.Plies) > 0 {
		p := append([]int(nil), r.Plies...)
		sort.Ints(p)
		sum := 0
		for _, x := range p {
			sum += x
		}
		fmt.Fprintf(w, "Plies: min %d, median %d, mean %.1f, max %d\n", p[0], p[len(p)/2], float64(sum)/float64(len(p)), p[len(p)-1])
	}
	fmt.Fprintf(w, "Invariant failures: %d\n", r.Failed)
	for _, f := range r.Failures {
		fmt.Fprintf(w, "  %s\n", strings.TrimSpace(f))
	}
	fmt.Fprintf(w, "Time: %d ms\n", r.Elapsed.Milliseconds())
}
