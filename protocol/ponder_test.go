package protocol

import (
	"strconv"
	"strings"
	"testing"
	"time"
)

// TestXBoardPonderHit: with pondering on, the engine searches the reply it
// expects while the opponent thinks; when the opponent plays exactly that
// move, the ponder search goes on as the engine's own search (its thinking
// output continues at the depth it had reached instead of starting again
// at depth 1), and it answers within its time.
func TestXBoardPonderHit(t *testing.T) {
	e := startEngine(testConfig())
	defer e.in.Close()
	for _, l := range []string{"xboard", "protover 2", "variant chu", "new", "hard", "post", "st 1", "go"} {
		e.send(l)
	}
	e.seen = e.out.waitFor(t, e.seen, "move ", 10*time.Second)
	e.send("hint")
	e.seen = e.out.waitFor(t, e.seen, "Hint: ", 5*time.Second)
	lines := e.out.snapshot()
	hint := strings.TrimPrefix(lines[e.seen-1], "Hint: ")
	time.Sleep(500 * time.Millisecond) // let the ponder search get deep
	before := len(e.out.snapshot())
	start := time.Now()
	e.send("usermove " + hint)
	e.seen = e.out.waitFor(t, before, "move ", 10*time.Second)
	if took := time.Since(start); took > 3*time.Second {
		t.Fatalf("answer after %v with st 1", took)
	}
	// The first thinking line after the usermove.
	first := -1
	for _, l := range e.out.snapshot()[before:e.seen] {
		f := strings.Fields(l)
		if len(f) < 5 {
			continue
		}
		if d, err := strconv.Atoi(f[0]); err == nil {
			first = d
			break
		}
	}
	if first < 0 {
		t.Fatal("no thinking output between the usermove and the move")
	}
	if first <= 1 {
		t.Fatalf("thinking restarted at depth %d after the expected move", first)
	}
	e.send("ping 7")
	e.out.waitFor(t, e.seen, "pong 7", 5*time.Second)
}
