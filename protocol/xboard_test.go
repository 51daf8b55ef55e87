package protocol

import (
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/kirin-shogi/kirin/movegen"
)

// TestNotSuicide replays the position where XBoard 4.9.1 forfeited Kirin
// against HaChu (chu, rule set hachu): every move loses, and the search
// chose f4e5, the King capturing into an attacked square. Chu has no check
// rule, so movegen lists it, but XBoard judges chu with one; the engine
// must play a move that leaves its King out of capture instead.
func TestNotSuicide(t *testing.T) {
	v, err := movegen.Lookup("chu")
	if err != nil {
		t.Fatal(err)
	}
	if v, err = v.WithRuleSet("hachu"); err != nil {
		t.Fatal(err)
	}
	pos, err := movegen.NewPosition(v, "4n1k1g3/5tet4/10m1/12/8p1p+f/12/4fcp5/4+h7/5KE5/2F4G2M1/2SCTG4C1/9+v2 b - 339")
	if err != nil {
		t.Fatal(err)
	}
	m, err := pos.ParseMoveXBoard("f4e5")
	if err != nil {
		t.Fatal(err)
	}
	if !leavesRoyal(pos, m) {
		t.Fatal("f4e5 should leave the King en prise")
	}
	got := notSuicide(pos, m)
	if got == m || leavesRoyal(pos, got) {
		t.Errorf("notSuicide played %s, want a move that keeps the King out of capture", pos.MoveXBoard(got))
	}
	// A move that keeps the King safe is kept.
	safe, err := pos.ParseMoveXBoard("f4f3")
	if err != nil {
		t.Fatal(err)
	}
	if leavesRoyal(pos, safe) {
		t.Fatal("f4f3 should be safe")
	}
	if notSuicide(pos, safe) != safe {
		t.Error("a safe move was replaced")
	}
	// Games with a check rule never list a move into check: left alone.
	sh, _ := movegen.Lookup("shogi")
	sp, _ := movegen.NewPosition(sh, "startpos")
	var list movegen.MoveList
	sp.GenerateLegal(&list)
	if first := list.Slice()[0]; notSuicide(sp, first) != first {
		t.Error("shogi move replaced")
	}
}

// xbMove sends lines (the last one starting the engine's search) and waits
// for its move; it returns the thinking lines before the move and the time
// from the last line sent to the move.
func xbMove(t *testing.T, e *engineRun, lines ...string) (thinking []string, took time.Duration) {
	t.Helper()
	from := len(e.out.snapshot())
	start := time.Now()
	for _, l := range lines {
		e.send(l)
	}
	e.seen = e.out.waitFor(t, from, "move ", 60*time.Second)
	took = time.Since(start)
	for _, l := range e.out.snapshot()[from : e.seen-1] {
		if f := strings.Fields(l); len(f) >= 5 {
			if _, err := strconv.Atoi(f[0]); err == nil {
				thinking = append(thinking, l)
			}
		}
	}
	return thinking, took
}

// TestXBoardNPS: Kirin announces feature nps=1, and after nps N its clocks
// count nodes, N to the second. With st 1 and nps 3000 a move costs 3000
// nodes, with st 1000 and nps 3 also 3000 (where the wall clock would
// allow 1000 s), and with a 6000 s clock at nps 10 (60,000 nodes) between
// 60% of a 138th (261: the time plan shares the clock over one and a half
// moves for each piece on the board, and chu, the default game, starts
// with 92 pieces, so 138 moves) and a third (20,000). The thinking output
// ends with the whole count (XBoard charges the clock by it): it reaches
// the node budget and stays within it, the move comes long before the
// wall-clock time would be up, and the same search repeats itself node
// for node. new, nps 0 and a negative rate go back to the wall clock; a
// bad number gets an error and changes nothing.
func TestXBoardNPS(t *testing.T) {
	e := startXBoard(t)
	defer e.in.Close()
	if first := e.out.snapshot()[0]; !strings.Contains(first, " nps=1 ") {
		t.Fatalf("feature line without nps=1: %s", first)
	}
	nodes := func(l string) int {
		n, _ := strconv.Atoi(strings.Fields(l)[3])
		return n
	}
	// The thinking lines without their time field, for comparing runs.
	untimed := func(lines []string) string {
		var b strings.Builder
		for _, l := range lines {
			f := strings.Fields(l)
			f[2] = "T"
			b.WriteString(strings.Join(f, " ") + "\n")
		}
		return b.String()
	}
	for _, c := range []struct {
		name               string
		setup              []string
		minNodes, maxNodes int
	}{
		{"st 1, nps 3000", []string{"st 1", "nps 3000"}, 3000, 3000},
		{"st 1000, nps 3", []string{"st 1000", "nps 3"}, 3000, 3000},
		{"level 0 100 0, nps 10", []string{"level 0 100 0", "nps 10", "time 600000", "otim 600000"}, 261, 20000},
	} {
		var runs []string
		for range 2 {
			cmds := append(append([]string{"new", "post"}, c.setup...), "go")
			thinking, took := xbMove(t, e, cmds...)
			if len(thinking) == 0 {
				t.Fatalf("%s: no thinking output", c.name)
			}
			for _, l := range thinking {
				// 64 nodes pass between two checks of the limits.
				if n := nodes(l); n > c.maxNodes+64 {
					t.Errorf("%s: %d nodes reported, the limit is %d: %s", c.name, n, c.maxNodes, l)
				}
			}
			if n := nodes(thinking[len(thinking)-1]); n < c.minNodes {
				t.Errorf("%s: stopped at %d nodes, before %d", c.name, n, c.minNodes)
			}
			if took > 10*time.Second {
				t.Errorf("%s: the move took %v: the clock is not counted in nodes", c.name, took)
			}
			runs = append(runs, untimed(thinking))
		}
		if runs[0] != runs[1] {
			t.Errorf("%s: the same search differs between two games:\n%s---\n%s", c.name, runs[0], runs[1])
		}
	}
	// Back on the wall clock: st 0.3 takes its 0.3 s.
	for _, c := range [][]string{
		{"new", "nps 3000", "new", "st 0.3"},
		{"new", "nps 3000", "nps 0", "st 0.3"},
		{"new", "nps 3000", "st 0.3", "nps -1"},
	} {
		if _, took := xbMove(t, e, append(c, "go")...); took < 250*time.Millisecond {
			t.Errorf("%v: the move took %v, not the 0.3 s of the wall clock", c, took)
		}
	}
	// Bad numbers: an error, and the rate in force stays.
	e.send("new")
	e.send("nps 3000")
	from := len(e.out.snapshot())
	for _, l := range []string{"nps", "nps abc", "nps 1e3", "nps 99999999999999999999"} {
		e.send(l)
	}
	e.send("ping 9")
	e.seen = e.out.waitFor(t, from, "pong 9", 10*time.Second)
	want := []string{"Error (bad number): nps", "Error (bad number): nps abc", "Error (bad number): nps 1e3",
		"Error (bad number): nps 99999999999999999999", "pong 9"}
	if got := e.out.snapshot()[from:e.seen]; strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("bad nps arguments: got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	// st 10 at nps 3000: 30,000 nodes, far less than 10 s.
	if _, took := xbMove(t, e, "st 10", "go"); took > 5*time.Second {
		t.Errorf("nps 3000 lost to bad nps commands: the move took %v", took)
	}
	e.send("quit")
	<-e.done
}

// TestXBoardUnknownWhileThinking: an unknown command that arrives while
// the engine thinks is answered at once, and a move now ("?") behind it
// still reaches the search. Before, the error waited for the move, and so
// did the "?" behind it: with st 60 the move came a minute later.
func TestXBoardUnknownWhileThinking(t *testing.T) {
	e := startXBoard(t)
	defer e.in.Close()
	from := e.seen
	start := time.Now()
	for _, l := range []string{"new", "variant chu", "st 60", "go", "frobnicate", "?"} {
		e.send(l)
	}
	errAt := e.out.waitFor(t, from, "Error (unknown command): frobnicate", 10*time.Second)
	moveAt := e.out.waitFor(t, from, "move ", 10*time.Second)
	if took := time.Since(start); took > 5*time.Second {
		t.Errorf("the move came after %v; ? was not honoured", took)
	}
	if errAt > moveAt {
		t.Errorf("the error for the unknown command came after the move (lines %d, %d)", errAt, moveAt)
	}
	e.send("quit")
	<-e.done
}

// startXBoard starts an engine and opens a CECP session with it (xboard,
// protover 2), up to its feature done=1. The caller closes e.in.
func startXBoard(t *testing.T) *engineRun {
	t.Helper()
	e := startEngine(testConfig())
	e.send("xboard")
	e.send("protover 2")
	e.seen = e.out.waitFor(t, 0, "feature done=1", 10*time.Second)
	return e
}

// TestXBoardForcedPassMateClaim: in reiwa dai, taking the opponent's
// Spirit where the opponent's forced pass then leaves its King to be
// taken wins at once, which XBoard, knowing no forced pass, cannot
// confirm. The winner claims it against a human (XBoard tests no claim
// there) and not in an engine-against-engine game ("computer"), where
// XBoard forfeited the claim in the interop test's game ("False win
// claim"); the loser, to move, claims its own loss in both.
func TestXBoardForcedPassMateClaim(t *testing.T) {
	// Gote's Spirit on 11o takes Black's on 7o (XBoard's e1i1); Black
	// must pass and its King on 8n stands beside the Spirit. In XBoard's
	// FEN gote is black; the FEN cannot hold a forced pass, so the loser
	// is given the capture as the opponent's move.
	const fen = "7k7/15/15/15/15/15/15/15/15/15/15/15/15/7K7/4u3U6 b - - 0 1"
	for _, tc := range []struct {
		name   string
		before []string // after setboard, before go
		winner bool     // the engine makes the capture
		claim  bool
	}{
		{"winner against a human", nil, true, true},
		{"winner against an engine", []string{"computer"}, true, false},
		{"loser against an engine", []string{"computer", "usermove e1i1"}, false, true},
		{"loser against a human", []string{"usermove e1i1"}, false, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			script := []string{"xboard", "protover 2", "new", "variant reiwadai", "force", "setboard " + fen}
			script = append(script, tc.before...)
			script = append(script, "sd 2", "go", "ping 1", "wait pong 1", "quit")
			lines := runScript(t, script)
			var moves []string
			claimed := false
			for _, l := range lines {
				if strings.HasPrefix(l, "move ") {
					moves = append(moves, l)
				}
				claimed = claimed || l == "0-1 {checkmate}"
			}
			var want []string
			if tc.winner {
				want = []string{"move e1i1"}
			}
			if !slices.Equal(moves, want) {
				t.Errorf("moves %q, want %q", moves, want)
			}
			if claimed != tc.claim {
				t.Errorf("claimed 0-1 {checkmate}: %v, want %v; output:\n%s", claimed, tc.claim, strings.Join(lines, "\n"))
			}
		})
	}
}
