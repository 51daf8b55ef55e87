package protocol

import (
	"io"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/kirin-shogi/kirin/movegen"
	"github.com/kirin-shogi/kirin/search"
)

// material is a deterministic test evaluator: the piece values on the
// board and in hand, from the side to move's point of view. It keeps the
// transcripts independent of the real evaluator.
type material struct{ v *movegen.Variant }

func (e material) Evaluate(pos *movegen.Position) int {
	score := 0
	for c := movegen.Color(0); c < 2; c++ {
		sum := 0
		for _, s := range pos.Pieces(c) {
			if p := e.v.Info(pos.At(s).Type()); !p.Royal {
				sum += p.Value
			}
		}
		for _, t := range e.v.HandTypes {
			sum += pos.Hand(c, t) * e.v.Info(t).Value
		}
		if c == pos.SideToMove() {
			score += sum
		} else {
			score -= sum
		}
	}
	return score
}

func testConfig() Config {
	return Config{
		NewEvaluator: func(v *movegen.Variant) search.Evaluator { return material{v} },
		Version:      "test", HashMB: 4, MaxHashMB: 16, MaxThreads: 2,
	}
}

// output collects the engine's lines and lets a test wait for one.
type output struct {
	mu    sync.Mutex
	buf   []byte
	lines []string
	more  chan struct{}
}

func newOutput() *output { return &output{more: make(chan struct{}, 1)} }

func (o *output) Write(p []byte) (int, error) {
	o.mu.Lock()
	o.buf = append(o.buf, p...)
	for {
		k := strings.IndexByte(string(o.buf), '\n')
		if k < 0 {
			break
		}
		o.lines = append(o.lines, string(o.buf[:k]))
		o.buf = o.buf[k+1:]
	}
	o.mu.Unlock()
	select {
	case o.more <- struct{}{}:
	default:
	}
	return len(p), nil
}

func (o *output) snapshot() []string {
	o.mu.Lock()
	defer o.mu.Unlock()
	return append([]string(nil), o.lines...)
}

// waitFor waits until a line after the first `from` lines starts with
// prefix and returns the number of lines up to and including it.
func (o *output) waitFor(t testing.TB, from int, prefix string, limit time.Duration) int {
	deadline := time.After(limit)
	for {
		lines := o.snapshot()
		for i := from; i < len(lines); i++ {
			if strings.HasPrefix(lines[i], prefix) {
				return i + 1
			}
		}
		select {
		case <-o.more:
		case <-deadline:
			t.Fatalf("no line starting %q within %v; output:\n%s", prefix, limit, strings.Join(lines, "\n"))
		}
	}
}

// engineRun is a running session fed through a pipe.
type engineRun struct {
	in   *io.PipeWriter
	out  *output
	done chan error
	seen int // lines already waited past
}

func startEngine(cfg Config) *engineRun {
	r, w := io.Pipe()
	e := &engineRun{in: w, out: newOutput(), done: make(chan error, 1)}
	go func() {
		e.done <- Run(r, e.out, cfg)
		r.Close()
	}()
	return e
}

func (e *engineRun) send(line string) { io.WriteString(e.in, line+"\n") }

// runScript feeds a script to a new session and returns its output. A
// script line "wait PREFIX" waits for an output line starting with PREFIX;
// the session must end (by quit or end of input) within a few seconds.
func runScript(t testing.TB, script []string) []string {
	t.Helper()
	e := startEngine(testConfig())
	for _, l := range script {
		if p, ok := strings.CutPrefix(l, "wait "); ok {
			e.seen = e.out.waitFor(t, e.seen, p, 20*time.Second)
			continue
		}
		e.send(l)
	}
	e.in.Close()
	select {
	case <-e.done:
	case <-time.After(20 * time.Second):
		t.Fatalf("session did not end; output:\n%s", strings.Join(e.out.snapshot(), "\n"))
	}
	return e.out.snapshot()
}

// Timing-dependent fields are replaced before comparing transcripts.
var (
	reTimeUSI  = regexp.MustCompile(`\b(nps|time) \d+`)
	reThinking = regexp.MustCompile(`^(\d+ -?\d+) \d+ (\d+ )`)
	reStat     = regexp.MustCompile(`^stat01: \d+ \d+`)
)

func normalize(lines []string) string {
	var b strings.Builder
	for _, l := range lines {
		l = reTimeUSI.ReplaceAllString(l, "$1 T")
		l = reThinking.ReplaceAllString(l, "$1 T $2")
		l = reStat.ReplaceAllString(l, "stat01: T N")
		b.WriteString(l)
		b.WriteByte('\n')
	}
	return b.String()
}
