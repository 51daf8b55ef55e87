package interop

import (
	"bufio"
	"io"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/kirin-shogi/kirin/movegen"
)

// The USI tests play whole games over USI with a referee in the test:
// every bestmove must name a legal move of movegen's position (the
// referee resends the game as "position startpos moves ..." in its own
// notation), and the game ends when movegen's Outcome says so, or when an
// engine resigns. Both engines search to a fixed depth.

// usiEngine is one engine process spoken to over USI.
type usiEngine struct {
	t     *testing.T
	name  string
	cmd   *exec.Cmd
	in    io.WriteCloser
	lines chan string
}

// startUSI starts path, runs the usi/usiok handshake, sends the options
// and waits for readyok.
func startUSI(t *testing.T, name, path string, options ...string) *usiEngine {
	t.Helper()
	e := &usiEngine{t: t, name: name, cmd: exec.Command(path), lines: make(chan string, 1024)}
	var err error
	if e.in, err = e.cmd.StdinPipe(); err != nil {
		t.Fatal(err)
	}
	out, err := e.cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := e.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		io.WriteString(e.in, "quit\n")
		done := make(chan error, 1)
		go func() { done <- e.cmd.Wait() }()
		select {
		case <-done:
		case <-time.After(5 * time.Second):
			e.cmd.Process.Kill()
			<-done
		}
	})
	go func() {
		sc := bufio.NewScanner(out)
		sc.Buffer(make([]byte, 1<<20), 1<<20)
		for sc.Scan() {
			e.lines <- sc.Text()
		}
		close(e.lines)
	}()
	e.send("usi")
	e.waitFor("usiok")
	for _, o := range options {
		e.send("setoption name " + o)
	}
	e.send("isready")
	e.waitFor("readyok")
	e.send("usinewgame")
	return e
}

func (e *usiEngine) send(line string) {
	if _, err := io.WriteString(e.in, line+"\n"); err != nil {
		e.t.Fatalf("%s: %v", e.name, err)
	}
}

// waitFor returns the first line starting with prefix, failing after a
// minute or when the engine exits.
func (e *usiEngine) waitFor(prefix string) string {
	e.t.Helper()
	timeout := time.After(time.Minute)
	for {
		select {
		case l, ok := <-e.lines:
			if !ok {
				e.t.Fatalf("%s exited while we waited for %q", e.name, prefix)
			}
			if strings.HasPrefix(l, prefix) {
				return l
			}
		case <-timeout:
			e.t.Fatalf("%s: no %q within a minute", e.name, prefix)
		}
	}
}

// usiGame is the result of refereeing one game.
type usiGame struct {
	result  movegen.Outcome
	moves   []string
	elapsed time.Duration
}

// playUSI referees a game of variant v from its start position between
// sente (the first mover) and gote, each searching with goCmd.
func playUSI(t *testing.T, v *movegen.Variant, sente, gote *usiEngine, goCmd string, maxPlies int) usiGame {
	t.Helper()
	pos, err := movegen.NewPosition(v, "startpos")
	if err != nil {
		t.Fatal(err)
	}
	var g usiGame
	start := time.Now()
	for {
		if o := pos.Outcome(); o.Result != movegen.Ongoing {
			g.result = o
			break
		}
		if len(g.moves) >= maxPlies {
			t.Fatalf("no result after %d plies: %s", maxPlies, pos.SFEN())
		}
		e := sente
		if pos.SideToMove() == movegen.White {
			e = gote
		}
		cmd := "position startpos"
		if len(g.moves) > 0 {
			cmd += " moves " + strings.Join(g.moves, " ")
		}
		e.send(cmd)
		e.send(goCmd)
		f := strings.Fields(e.waitFor("bestmove"))
		if len(f) < 2 {
			t.Fatalf("%s: empty bestmove at ply %d", e.name, len(g.moves)+1)
		}
		if f[1] == "resign" {
			g.result = movegen.Outcome{Result: movegen.Win(pos.SideToMove().Other()), Reason: e.name + " resigned"}
			break
		}
		m, err := pos.ParseMoveUSI(f[1])
		if err != nil {
			t.Fatalf("%s played %q at ply %d, not a legal move in %s: %v\nmoves: %s",
				e.name, f[1], len(g.moves)+1, pos.SFEN(), err, strings.Join(g.moves, " "))
		}
		g.moves = append(g.moves, pos.MoveUSI(m))
		pos.Make(m)
	}
	g.elapsed = time.Since(start)
	return g
}

// TestUSIShogiFairyStockfish plays standard shogi: Kirin (sente) against
// Fairy-Stockfish in USI mode, both at depth 5.
func TestUSIShogiFairyStockfish(t *testing.T) {
	if testing.Short() {
		t.Skip("plays a whole game")
	}
	fsfPath := program(t, "fairy-stockfish", "fairy-stockfish")
	v, err := movegen.Lookup("shogi")
	if err != nil {
		t.Fatal(err)
	}
	k := startUSI(t, "Kirin", kirin(t), "USI_Variant value shogi", "USI_Hash value 16")
	// Fairy-Stockfish 11.1 names its variant option UCI_Variant even in
	// USI mode.
	fsf := startUSI(t, "Fairy-Stockfish", fsfPath, "UCI_Variant value shogi", "USI_Hash value 16")
	g := playUSI(t, v, k, fsf, "go depth 5", 600)
	logUSI(t, "shogi, Kirin (sente) vs Fairy-Stockfish", g)
}

// TestUSIOkisakiSelfPlay plays okisaki shogi (10x10 with drops), Kirin
// against Kirin, both at depth 5.
func TestUSIOkisakiSelfPlay(t *testing.T) {
	if testing.Short() {
		t.Skip("plays a whole game")
	}
	v, err := movegen.Lookup("okisaki")
	if err != nil {
		t.Fatal(err)
	}
	opts := []string{"USI_Variant value okisaki", "USI_Hash value 16"}
	a := startUSI(t, "Kirin A", kirin(t), opts...)
	b := startUSI(t, "Kirin B", kirin(t), opts...)
	g := playUSI(t, v, a, b, "go depth 5", 600)
	logUSI(t, "okisaki, Kirin vs Kirin", g)
}

func logUSI(t *testing.T, what string, g usiGame) {
	t.Helper()
	if g.result.Result == movegen.Ongoing {
		t.Fatalf("%s: no result", what)
	}
	if len(g.moves) < 10 {
		t.Errorf("%s: only %d plies", what, len(g.moves))
	}
	t.Logf("%s: %s {%s}, %d plies, %.1f s", what, g.result.Result, g.result.Reason, len(g.moves), g.elapsed.Seconds())
	t.Logf("moves: %s", strings.Join(g.moves, " "))
}
