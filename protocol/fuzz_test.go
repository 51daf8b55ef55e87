package protocol

import (
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/kirin-shogi/kirin/movegen"
)

// fuzzLines turns fuzz input into at most 8 command lines, leaving out
// quit (which would end the session before the probe).
func fuzzLines(data string) []string {
	var out []string
	for _, l := range strings.Split(data, "\n") {
		if f := strings.Fields(l); len(f) > 0 && f[0] == "quit" {
			continue
		}
		out = append(out, l)
		if len(out) == 8 {
			break
		}
	}
	return out
}

// fuzzConfig is testConfig with every search capped at 200,000 nodes: the
// input may ask for long searches (st 11, then a command that waits for
// the move), and Go's fuzzer counts an input that runs over 10 s as a hang.
func fuzzConfig() Config {
	c := testConfig()
	c.MaxNodes = 200000
	return c
}

// checkXBoardSafe fails on any line XBoard would read as an illegal-move
// claim other than our Illegal move replies.
func checkXBoardSafe(t *testing.T, lines []string) {
	for _, l := range lines {
		if strings.Contains(l, "llegal") && !strings.HasPrefix(l, "Illegal move") && !strings.HasPrefix(l, "#") {
			t.Fatalf("line %q would be read as an illegal-move claim", l)
		}
	}
}

// legalIn reports whether text is a legal move of sfen (shogi) in the
// notation parse reads.
func legalIn(t *testing.T, sfen string, moves []string, text string, parse func(*movegen.Position, string) (movegen.Move, error)) bool {
	v, _ := movegen.Lookup("shogi")
	pos, err := movegen.NewPosition(v, sfen)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range moves {
		mv, err := parse(pos, m)
		if err != nil {
			t.Fatal(err)
		}
		pos.Make(mv)
	}
	_, err = parse(pos, text)
	return err == nil
}

// FuzzXBoardLine feeds arbitrary lines to a CECP session, then checks that
// it still answers ping and plays a legal move in a fresh game, and that
// it never printed a line XBoard would misread.
func FuzzXBoardLine(f *testing.F) {
	for _, s := range []string{"usermove e2e4", "setboard 12/12 w", "level 40 0:30 0", "variant dai\nundo\nremove",
		"analyze\nusermove h4h5\n.\nexit", "lift a1\nput b2\nlift b2", "go\n?", "option RuleSet=hachu", "sd 1\ngo",
		"time -5\notim x", "a1a1,a1a1+", "P@z99", "@@@@", "memory 0\ncores 99999", "hard\nplayother", "st 0.01\ngo",
		"nps 1\nst 1000\ngo", "nps x\nnps -3\nnps 99999999999999999999\nnps 0", "level 0 1 0\nnps 1\ntime 1\ngo"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, data string) {
		e := startEngine(fuzzConfig())
		defer e.in.Close()
		e.send("xboard")
		e.send("protover 2")
		for _, l := range fuzzLines(data) {
			e.send(l)
		}
		for _, l := range []string{"?", "exit", "new", "force", "variant shogi", "sd 1", "ping 424242"} {
			e.send(l)
		}
		n := e.out.waitFor(t, 0, "pong 424242", 20*time.Second)
		e.send("usermove c3c4")
		e.send("sd 1")
		e.send("go")
		k := e.out.waitFor(t, n, "move ", 20*time.Second)
		mv := strings.TrimPrefix(e.out.snapshot()[k-1], "move ")
		if !legalIn(t, "startpos", []string{"c3c4"}, mv, (*movegen.Position).ParseMoveXBoard) {
			t.Fatalf("move %q is not legal after c3c4", mv)
		}
		e.send("quit")
		<-e.done
		checkXBoardSafe(t, e.out.snapshot())
	})
}

// fuzzUSIish runs the USI or UCI variant of the line fuzzer.
func fuzzUSIish(t *testing.T, hello, variantOpt, first string, parse func(*movegen.Position, string) (movegen.Move, error), data string) {
	e := startEngine(fuzzConfig())
	defer e.in.Close()
	e.send(hello)
	for _, l := range fuzzLines(data) {
		e.send(l)
	}
	for _, l := range []string{"stop", "setoption name " + variantOpt + " value shogi", "setoption name MultiPV value 1",
		"position startpos moves " + first, "go depth 1"} {
		e.send(l)
	}
	// Earlier searches may answer too; one bestmove must be legal here.
	from := 0
	for {
		k := e.out.waitFor(t, from, "bestmove", 20*time.Second)
		f := strings.Fields(e.out.snapshot()[k-1])
		if len(f) > 1 && legalIn(t, "startpos", []string{first}, f[1], parse) {
			break
		}
		from = k
	}
	e.send("quit")
	<-e.done
}

// FuzzUSILine feeds arbitrary lines to a USI session, then checks that it
// still sets up a position and answers go with a legal move.
func FuzzUSILine(f *testing.F) {
	for _, s := range []string{"position startpos moves 7g7f", "go infinite", "go ponder\nponderhit", "position sfen 9/9 b",
		"setoption name USI_Variant value tai", "go mate 10", "go btime -1 wtime x byoyomi", "setoption name RuleSet value lishogi",
		"position startpos moves 7g7f6f5e", "usinewgame\nisready", "go searchmoves 7g7f 2g2f depth 2"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, data string) {
		fuzzUSIish(t, "usi", "USI_Variant", "7g7f", (*movegen.Position).ParseMoveUSI, data)
	})
}

// FuzzUCILine does the same for UCI.
func FuzzUCILine(f *testing.F) {
	for _, s := range []string{"position startpos moves c3c4", "go infinite", "position fen 9/9[Pp] w", "go wtime 1 btime 1",
		"setoption name UCI_Variant value chu", "position startpos moves 0000", "go mate 2", "ucinewgame"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, data string) {
		fuzzUSIish(t, "uci", "UCI_Variant", "c3c4", parseMoveUCI, data)
	})
}

// TestMaxNodes checks that Config.MaxNodes ends a search the GUI gave a
// minute: the move comes within a third of that, and no thinking line
// counts more than twice the cap (the search tests its node count as it
// polls, so the last line may pass the cap a little).
func TestMaxNodes(t *testing.T) {
	e := startEngine(fuzzConfig())
	defer e.in.Close()
	for _, l := range []string{"xboard", "protover 2", "new", "variant shogi", "post", "st 60", "go"} {
		e.send(l)
	}
	k := e.out.waitFor(t, 0, "move ", 20*time.Second)
	for _, l := range e.out.snapshot()[:k] {
		if f := strings.Fields(l); len(f) > 4 {
			if n, err := strconv.ParseUint(f[3], 10, 64); err == nil && n > 2*fuzzConfig().MaxNodes {
				t.Errorf("thinking line %q counts more than twice the cap's %d nodes", l, fuzzConfig().MaxNodes)
			}
		}
	}
	e.send("quit")
	<-e.done
}
