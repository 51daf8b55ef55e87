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
// at depth 1, its node count goes on from where it was), and it answers
// within its time.
//
// The continued search may not finish another iteration within its second
// (under the race detector on a slow machine it often does not), so no
// line after the usermove is required; a search that started again would
// print depth 1 at once, and that is what the test rules out.
func TestXBoardPonderHit(t *testing.T) {
	e := startEngine(testConfig())
	defer e.in.Close()
	for _, l := range []string{"xboard", "protover 2", "variant chu", "new", "hard", "post", "st 1", "go"} {
		e.send(l)
	}
	e.seen = e.out.waitFor(t, e.seen, "move ", 10*time.Second)
	moved := e.seen
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
	lines = e.out.snapshot()
	// The ponder search's thinking output.
	pondered, ponderNodes := 0, 0
	for _, l := range lines[moved:before] {
		if d, n, ok := thinkingFields(l); ok {
			pondered, ponderNodes = max(pondered, d), max(ponderNodes, n)
		}
	}
	if pondered < 2 {
		t.Fatalf("ponder search reached depth %d in 500 ms; output:\n%s", pondered, strings.Join(lines, "\n"))
	}
	for _, l := range lines[before:e.seen] {
		d, n, ok := thinkingFields(l)
		if !ok {
			continue
		}
		// The depth the ponder search reached may be printed again: an
		// aspiration failure's line comes before the iteration's own.
		if d < pondered || n < ponderNodes {
			t.Fatalf("thinking after the expected move %q is not the ponder search's (it reached depth %d, %d nodes); output:\n%s",
				l, pondered, ponderNodes, strings.Join(lines, "\n"))
		}
	}
	e.send("ping 7")
	e.out.waitFor(t, e.seen, "pong 7", 5*time.Second)
}

// thinkingFields returns the depth and node count of a CECP thinking line
// (depth score time nodes pv).
func thinkingFields(l string) (depth, nodes int, ok bool) {
	f := strings.Fields(l)
	if len(f) < 5 {
		return 0, 0, false
	}
	d, err1 := strconv.Atoi(f[0])
	n, err2 := strconv.Atoi(f[3])
	return d, n, err1 == nil && err2 == nil
}
