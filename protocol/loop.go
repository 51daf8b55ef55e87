package protocol

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"
	"time"

	"github.com/kirin-shogi/kirin/movegen"
	"github.com/kirin-shogi/kirin/search"
)

// Config is what the caller (cmd/kirin) wires into a protocol session.
type Config struct {
	// NewEvaluator builds the evaluator of a concluded variant. Required.
	NewEvaluator func(*movegen.Variant) search.Evaluator
	// Reweigh builds the evaluator of a concluded variant with a list of
	// weights (NAME=INTEGER,...) laid over its own: the EvalWeights
	// option, for experiments and kirin match spsa. It reports a list the
	// variant cannot take. Nil: no EvalWeights option.
	Reweigh func(v *movegen.Variant, list string) (search.Evaluator, error)
	// Variants are the games offered; nil means movegen.Builtin().
	Variants []*movegen.Variant
	// Name and Author identify the engine ("Kirin" and "the Kirin authors"
	// if empty); Version is appended to the name when not empty.
	Name, Author, Version string
	// MaxHashMB and MaxThreads cap what the GUI may ask for (defaults 65536
	// and 512); tests and fuzzing lower them.
	MaxHashMB, MaxThreads int
	// HashMB is the hash size before the GUI sets one (default 64).
	HashMB int
	// MaxNodes, when not 0, ends every search after about this many nodes,
	// whatever limits the GUI set; fuzzing sets it, so that no input can
	// start a search that outlasts the fuzzer's patience.
	MaxNodes uint64
}

// Run speaks the protocol that the first non-empty input line names
// (xboard, usi or uci) until quit or the end of input. It never calls
// os.Exit. It returns an error only for a first line that names no
// protocol or a failure to read the input.
func Run(in io.Reader, out io.Writer, cfg Config) error {
	if cfg.NewEvaluator == nil {
		return errors.New("protocol: Config.NewEvaluator is nil")
	}
	lines := make(chan string, 64)
	readErr := make(chan error, 1)
	go readLines(in, lines, readErr)
	w := newLineWriter(out)
	for line := range lines {
		switch strings.TrimSpace(line) {
		case "":
			continue
		case "xboard":
			newSession(cfg, w, "chu").xboard(lines)
		case "usi":
			newSession(cfg, w, "shogi").usi(lines, dialectUSI)
		case "uci":
			newSession(cfg, w, "shogi").usi(lines, dialectUCI)
		default:
			w.println("info string Kirin speaks xboard, usi or uci; the first command must name one")
			return errors.New("protocol: first command " + quote(line) + " names no protocol (xboard, usi, uci)")
		}
		return nil
	}
	select {
	case err := <-readErr:
		return err
	default:
		return nil
	}
}

// readLines sends each input line, without its line end, and closes the
// channel at the end of input. A read error other than EOF is reported.
func readLines(in io.Reader, lines chan<- string, errc chan<- error) {
	defer close(lines)
	r := bufio.NewReaderSize(in, 1<<16)
	for {
		line, err := r.ReadString('\n')
		if len(line) > 0 {
			lines <- strings.TrimRight(line, "\r\n")
		}
		if err != nil {
			if err != io.EOF {
				errc <- err
			}
			return
		}
	}
}

// lineWriter writes whole lines and flushes each one; it is safe for
// concurrent use (the loop and the search goroutine both print).
type lineWriter struct {
	mu sync.Mutex
	w  *bufio.Writer
}

func newLineWriter(out io.Writer) *lineWriter { return &lineWriter{w: bufio.NewWriter(out)} }

// println writes one line and flushes it.
func (lw *lineWriter) println(s string) {
	lw.mu.Lock()
	defer lw.mu.Unlock()
	lw.w.WriteString(s)
	lw.w.WriteByte('\n')
	lw.w.Flush()
}

// quote shortens a line for an error message.
func quote(s string) string {
	if len(s) > 80 {
		s = s[:80] + "..."
	}
	return "\"" + s + "\""
}

// searchKind says what a running search is for, which decides what
// happens to its result.
type searchKind int

const (
	kindNone    searchKind = iota
	kindThink              // the engine's own move (CECP) or a USI/UCI go
	kindPonder             // CECP pondering on the opponent's time
	kindAnalyze            // CECP analysis mode
)

// session is the state one protocol front end works on.
type session struct {
	cfg      Config
	out      *lineWriter
	variants []*movegen.Variant

	varName string            // base game selected
	ruleSet string            // chu rule set ("" = the game's default)
	varOpts map[string]string // VARIANT_OPTION -> value
	vcache  map[string]*movegen.Variant

	v   *movegen.Variant  // variant in force for the game
	pos *movegen.Position // the game, with its history

	opts    search.Options
	weights string // the EvalWeights list ("" for none)
	eng     *search.Engine
	engVar  uint64 // variant ID the engine was built for
	engWts  string // and the EvalWeights list
	ponder  bool   // pondering allowed

	kind     searchKind
	lastKind searchKind // kind of the search whose result next returned
	done     chan search.Result
	lastMu   sync.Mutex
	last     search.Info // latest progress report
}

func newSession(cfg Config, w *lineWriter, def string) *session {
	if cfg.Variants == nil {
		cfg.Variants = movegen.Builtin()
	}
	if cfg.Name == "" {
		cfg.Name = "Kirin"
	}
	if cfg.Author == "" {
		cfg.Author = "the Kirin authors"
	}
	if cfg.MaxHashMB <= 0 {
		cfg.MaxHashMB = 65536
	}
	if cfg.MaxThreads <= 0 {
		cfg.MaxThreads = 512
	}
	if cfg.HashMB <= 0 {
		cfg.HashMB = 64
	}
	cfg.HashMB = min(cfg.HashMB, cfg.MaxHashMB)
	s := &session{
		cfg: cfg, out: w, variants: cfg.Variants,
		varOpts: map[string]string{}, vcache: map[string]*movegen.Variant{},
		opts: search.Options{HashMB: cfg.HashMB, Threads: 1, MultiPV: 1, Contempt: search.DefaultContempt},
		done: make(chan search.Result, 1),
	}
	if s.findBase(def) == nil {
		def = s.variants[0].Name
	}
	s.varName = def
	s.resetGame()
	return s
}

// fullName is the engine name with its version.
func (s *session) fullName() string {
	if s.cfg.Version != "" {
		return s.cfg.Name + " " + s.cfg.Version
	}
	return s.cfg.Name
}

// findBase returns the offered game with the given name, or nil.
func (s *session) findBase(name string) *movegen.Variant {
	for _, v := range s.variants {
		if v.Name == name {
			return v
		}
	}
	return nil
}

// variant returns the selected game with the rule set and options in force.
func (s *session) variant() (*movegen.Variant, error) {
	base := s.findBase(s.varName)
	if base == nil {
		return nil, errors.New("unknown variant " + s.varName)
	}
	var settings []string
	for _, op := range base.Options() {
		if val, ok := s.varOpts[base.Name+"_"+op.Name]; ok && val != op.Value {
			settings = append(settings, op.Name+"="+val)
		}
	}
	rs := ""
	if len(base.RuleSets) > 0 && s.ruleSet != "" && s.ruleSet != "default" {
		rs = s.ruleSet
	}
	key := base.Name + "|" + rs + "|" + strings.Join(settings, ",")
	if v, ok := s.vcache[key]; ok {
		return v, nil
	}
	v := base
	var err error
	if rs != "" {
		if v, err = v.WithRuleSet(rs); err != nil {
			return nil, err
		}
	}
	if len(settings) > 0 {
		if v, err = v.WithOptions(settings...); err != nil {
			return nil, err
		}
	}
	s.vcache[key] = v
	return v, nil
}

// resetGame sets up the start position of the variant in force. If the
// options make no valid variant, the base game is used.
func (s *session) resetGame() {
	v, err := s.variant()
	if err != nil {
		v = s.findBase(s.varName)
	}
	s.v = v
	s.pos, _ = movegen.NewPosition(v, "startpos")
}

// engine returns the search engine for the variant in force, building a
// new one (and its evaluator) when the variant changed.
func (s *session) engine() *search.Engine {
	if s.eng == nil || s.engVar != s.v.ID || s.engWts != s.weights {
		s.eng = nil // let the old table go first
		s.eng = search.New(s.evaluator(), s.opts)
		s.engVar, s.engWts = s.v.ID, s.weights
	}
	return s.eng
}

// evaluator builds the variant's evaluator, with the EvalWeights list if
// one is set and the game takes it (weightsMismatch says when it does not).
func (s *session) evaluator() search.Evaluator {
	if s.weights != "" && s.cfg.Reweigh != nil {
		if ev, err := s.cfg.Reweigh(s.v, s.weights); err == nil {
			return ev
		}
	}
	return s.cfg.NewEvaluator(s.v)
}

// weightsMismatch reports, as a message, an EvalWeights list that the game
// in force cannot take (a piece's value of a piece it lacks; the list was
// set for another game), which the game's evaluator then leaves out; ""
// when there is none.
func (s *session) weightsMismatch() string {
	if s.weights == "" || s.cfg.Reweigh == nil {
		return ""
	}
	if _, err := s.cfg.Reweigh(s.v, s.weights); err != nil {
		return fmt.Sprintf("option EvalWeights: %v; %s keeps its own weights", err, s.v.Name)
	}
	return ""
}

// checkWeights checks an EvalWeights list: the game in force must take it,
// or, since a GUI may set options before it names the game, one of the
// offered games (the error is then the game in force's).
func (s *session) checkWeights(list string) error {
	_, err := s.cfg.Reweigh(s.v, list)
	if err == nil {
		return nil
	}
	for _, v := range s.variants {
		if _, e := s.cfg.Reweigh(v, list); e == nil {
			return nil
		}
	}
	return err
}

// setOptions changes the engine settings (only while no search runs).
func (s *session) setOptions(o search.Options) {
	o.HashMB = max(1, min(o.HashMB, s.cfg.MaxHashMB))
	o.Threads = max(1, min(o.Threads, s.cfg.MaxThreads))
	o.MultiPV = max(1, min(o.MultiPV, 256))
	s.opts = o
	if s.eng != nil {
		s.eng.SetOptions(o)
	}
}

// start launches a search of the position pos (which the search owns).
func (s *session) start(kind searchKind, pos *movegen.Position, lim search.Limits, report func(search.Info)) {
	eng := s.engine()
	if c := s.cfg.MaxNodes; c > 0 && (lim.Nodes == 0 || lim.Nodes > c) {
		lim.Nodes = c
	}
	s.kind = kind
	s.lastMu.Lock()
	s.last = search.Info{}
	s.lastMu.Unlock()
	go func() {
		s.done <- eng.Search(pos, lim, func(inf search.Info) {
			s.lastMu.Lock()
			s.last = inf
			s.lastMu.Unlock()
			if report != nil {
				report(inf)
			}
		})
	}()
}

// lastInfo returns the latest progress report of the running search.
func (s *session) lastInfo() search.Info {
	s.lastMu.Lock()
	defer s.lastMu.Unlock()
	return s.last
}

// stopWait stops the running search and waits for its result. Stop is
// repeated, because a Stop that comes before the engine has begun the
// search would be lost.
func (s *session) stopWait() (search.Result, bool) {
	if s.kind == kindNone {
		return search.Result{}, false
	}
	for {
		s.eng.Stop()
		select {
		case r := <-s.done:
			s.kind = kindNone
			return r, true
		case <-time.After(2 * time.Millisecond):
		}
	}
}

// waitDone waits for the running search to end by itself.
func (s *session) waitDone() (search.Result, bool) {
	if s.kind == kindNone {
		return search.Result{}, false
	}
	r := <-s.done
	s.kind = kindNone
	return r, true
}

// next returns the next input line or the result of the running
// search, whichever comes first; ok is false at the end of input.
func (s *session) next(lines <-chan string) (line string, res *search.Result, ok bool) {
	if s.kind == kindNone {
		line, ok = <-lines
		return line, nil, ok
	}
	select {
	case line, ok = <-lines:
		return line, nil, ok
	case r := <-s.done:
		s.lastKind, s.kind = s.kind, kindNone
		return "", &r, true
	}
}

// println writes one protocol line.
func (s *session) println(line string) { s.out.println(line) }
