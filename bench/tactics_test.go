package bench

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/kirin-shogi/kirin/movegen"
)

// The tactics verifier: a deliberately plain full-width negamax with
// alpha-beta cut-offs over GenerateLegal, scoring leaves by material only
// (sum of the variant's piece values, board and hand) and ended games by
// Outcome (a win or loss is worth tacticMate less the plies taken, a draw
// 0). It shares no code with any engine search. For every suite position it
// checks that
//
//	(c) the SFEN reads, the game is not over, every bm is a legal move;
//	(a) every bm reaches the stated gain within the stated depth against
//	    every defence;
//	(b) no move at all reaches it within depth-2 plies, so the stated depth
//	    is needed (depth 2 and less: nothing to check, the static score
//	    gains nothing);
//	(d) no move outside the bm list reaches it within the stated depth, so
//	    the list is complete and a searcher that plays another move has
//	    missed the tactic.

// tacticGames are the games that must have a suite of at least 10.
var tacticGames = []string{"shogi", "okisaki", "heian", "heiandai", "chu", "dai", "reiwadai", "tai"}

// verifyTactic checks one suite position, (a) to (c) above, and returns the
// number of nodes searched.
func verifyTactic(game string, tc Tactic) (int, error) {
	v, err := movegen.Lookup(game)
	if err != nil {
		return 0, err
	}
	pos, err := movegen.NewPosition(v, tc.SFEN)
	if err != nil {
		return 0, fmt.Errorf("SFEN: %v", err)
	}
	if o := pos.Outcome(); o.Result != movegen.Ongoing {
		return 0, fmt.Errorf("game already over: %s %s", o.Result, o.Reason)
	}
	target := tacticMaterial(pos) + tc.Gain
	if tc.Gain == MateGain {
		target = tacticMate - tc.Depth
	}
	nodes := 0
	seen := map[movegen.Move]bool{}
	for _, text := range tc.Best {
		m, err := pos.ParseMoveUSI(text)
		if err != nil {
			return nodes, fmt.Errorf("bm %s: %v", text, err)
		}
		if seen[m] {
			return nodes, fmt.Errorf("bm %s listed twice", text)
		}
		seen[m] = true
		pos.Make(m)
		// A null window just below target: proves score >= target or not.
		s := -tacticSearch(pos, tc.Depth-1, -target, -target+1, 1, &nodes)
		pos.Unmake()
		if s < target {
			return nodes, fmt.Errorf("bm %s does not reach the gain within %d plies", text, tc.Depth)
		}
	}
	// (d) The bm list is complete: no other move reaches the gain, so an
	// engine that plays something else has missed the tactic.
	var all movegen.MoveList
	pos.GenerateLegal(&all)
	for _, m := range all.Slice() {
		if seen[m] {
			continue
		}
		pos.Make(m)
		s := -tacticSearch(pos, tc.Depth-1, -target, -target+1, 1, &nodes)
		pos.Unmake()
		if s >= target {
			return nodes, fmt.Errorf("%s also reaches the gain within %d plies but is not a bm", pos.MoveUSI(m), tc.Depth)
		}
	}
	if tc.Depth > 2 {
		low := target
		if tc.Gain == MateGain {
			low = tacticWin
		}
		if s := tacticSearch(pos, tc.Depth-2, low-1, low, 0, &nodes); s >= low {
			return nodes, fmt.Errorf("the gain is already reached within %d plies", tc.Depth-2)
		}
	}
	return nodes, nil
}

func TestTactics(t *testing.T) {
	start := time.Now()
	for _, game := range tacticGames {
		suite, err := LoadTactics(game)
		if err != nil {
			t.Fatal(err)
		}
		if len(suite) < 10 {
			t.Errorf("%s: %d tactics, want at least 10", game, len(suite))
		}
		for i, tc := range suite {
			t.Run(fmt.Sprintf("%s/%d", game, i+1), func(t *testing.T) {
				t0 := time.Now()
				nodes, err := verifyTactic(game, tc)
				if err != nil {
					t.Errorf("%s\n%s", err, tc.SFEN)
				}
				t.Logf("%d nodes, %v", nodes, time.Since(t0).Round(time.Millisecond))
			})
		}
	}
	t.Logf("all suites: %v", time.Since(start).Round(time.Millisecond))
}

func TestTacticGamesHaveSuites(t *testing.T) {
	have := strings.Join(TacticGames(), " ")
	for _, g := range tacticGames {
		if !strings.Contains(" "+have+" ", " "+g+" ") {
			t.Errorf("no suite for %s (have %s)", g, have)
		}
	}
}

// TestTacticsVerifierRejects feeds the verifier false claims, so a broken
// verifier that accepts anything shows up.
func TestTacticsVerifierRejects(t *testing.T) {
	// Shogi, Black to move: the gold drop G*5b mates (the king on 5a is
	// boxed in by its own knights and the pawn on 5c guards 5b).
	const mateSFEN = "3nkn3/9/4P4/9/9/9/9/9/4K4 b G 1"
	good := Tactic{SFEN: mateSFEN, Best: []string{"G*5b"}, Depth: 1, Gain: MateGain}
	if _, err := verifyTactic("shogi", good); err != nil {
		t.Fatalf("true mate rejected: %v", err)
	}
	bad := []struct {
		name string
		tc   Tactic
	}{
		{"wrong move", Tactic{SFEN: mateSFEN, Best: []string{"G*4b"}, Depth: 1, Gain: MateGain}},
		{"illegal move", Tactic{SFEN: mateSFEN, Best: []string{"G*5i"}, Depth: 1, Gain: MateGain}},
		{"too shallow", Tactic{SFEN: mateSFEN, Best: []string{"G*5b"}, Depth: 3, Gain: MateGain}},
		{"material not won", Tactic{SFEN: "4k4/9/9/9/5r3/9/9/9/4K3R b - 1", Best: []string{"1i1e"}, Depth: 2, Gain: 100}},
		{"game over", Tactic{SFEN: "4k4/9/9/9/9/9/9/9/9 b - 1", Best: []string{"5a5b"}, Depth: 2, Gain: 100}},
	}
	for _, b := range bad {
		if _, err := verifyTactic("shogi", b.tc); err == nil {
			t.Errorf("%s: false claim accepted", b.name)
		}
	}
}

func TestParseTacticsMalformed(t *testing.T) {
	const sfen = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"
	good := sfen + ` ; bm 7g7f 2g2f ; depth 2 ; gain 300 ; c0 "a; b"`
	ts, err := parseTactics("x.epd", "# comment\n\n"+good+"\n")
	if err != nil || len(ts) != 1 {
		t.Fatalf("good line: %v", err)
	}
	want := Tactic{SFEN: sfen, Best: []string{"7g7f", "2g2f"}, Depth: 2, Gain: 300, Comment: "a; b"}
	if fmt.Sprint(ts[0]) != fmt.Sprint(want) {
		t.Errorf("got %+v, want %+v", ts[0], want)
	}
	if m, err := parseTactic(sfen + ` ; bm 7g7f ; depth 3 ; gain mate ; c0 "x"`); err != nil || m.Gain != MateGain {
		t.Errorf("mate line: %+v %v", m, err)
	}
	for _, line := range []string{
		sfen + ` ; bm 7g7f ; depth 2 ; gain 300`,
		sfen + ` ; bm 7g7f ; depth 2 ; gain 300 ; c0 ""`,
		sfen + ` ; bm 7g7f ; depth 2 ; gain 300 ; c0 "x`,
		sfen + ` ; depth 2 ; gain 300 ; c0 "x"`,
		sfen + ` ; bm ; depth 2 ; gain 300 ; c0 "x"`,
		sfen + ` ; bm 7g7f ; gain 300 ; c0 "x"`,
		sfen + ` ; bm 7g7f ; depth 0 ; gain 300 ; c0 "x"`,
		sfen + ` ; bm 7g7f ; depth two ; gain 300 ; c0 "x"`,
		sfen + ` ; bm 7g7f ; depth 3 ; gain 300 ; c0 "x"`,
		sfen + ` ; bm 7g7f ; depth 2 ; c0 "x"`,
		sfen + ` ; bm 7g7f ; depth 2 ; gain -5 ; c0 "x"`,
		sfen + ` ; bm 7g7f ; depth 2 ; gain lots ; c0 "x"`,
		sfen + ` ; bm 7g7f ; depth 2 ; depth 2 ; gain 300 ; c0 "x"`,
		sfen + ` ; bm 7g7f ; depth 2 ; gain 300 ; am 2g2f ; c0 "x"`,
		` ; bm 7g7f ; depth 2 ; gain 300 ; c0 "x"`,
	} {
		if _, err := parseTactics("x.epd", good+"\n"+line); err == nil {
			t.Errorf("accepted %q", line)
		} else if !strings.HasPrefix(err.Error(), "x.epd:2: ") {
			t.Errorf("error without file:line: %v", err)
		}
	}
	if _, err := LoadTactics("no-such-game"); err == nil {
		t.Error("LoadTactics of an unknown game did not fail")
	}
}
