package match

import (
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/kirin-shogi/kirin/movegen"
)

// Fault is how a game at a Table ended by the fault of one side: an
// engine crashed, stalled, lost on time, sent an illegal move, refused a
// legal one, made a false claim or resigned, or a human lost on time. Sit
// returns one for an engine that does not start, which does not end the
// game.
type Fault struct {
	// Result is the result the fault implies (Ongoing for a failed Sit).
	Result movegen.Result
	// Reason says what happened, e.g. "kirin loses on time", "hachu
	// makes an illegal move: ...", "Black loses on time".
	Reason string
	// Engine names the engine at fault ("" for a resignation and for a
	// human).
	Engine string
}

// Error returns the reason.
func (f *Fault) Error() string { return f.Reason }

// ErrClosed is returned by the calls on a Table after Close, and by a
// Think or Sit that Close interrupted.
var ErrClosed = errors.New("table closed")

// errBusy is returned by a call made while another Play, Think or Sit is
// running.
var errBusy = errors.New("table busy: another call is in progress")

// Table is one interactive game: the referee's position, the clocks and
// up to two seated engine processes, driven one move at a time. A side
// without an engine is a human (or any other caller) that moves with
// Play; a side with one moves with Think. The engines are driven, the
// clocks kept and the moves refereed exactly as in Run.
//
// Play, Think and Sit must not overlap (one that is called while another
// runs returns an error); Close may be called at any time from any
// goroutine, and Moves, Clock, Seated and Result too. A fault, or an end
// by the rules after a move, ends the game: the table then finishes the
// engines (they are told the result and stopped) and refuses further
// moves. Close must be called when the table is no longer needed, so that
// no engine is left running.
type Table struct {
	mu sync.Mutex
	tc TimeControl
	// st is the game; the call that holds busy uses it without mu, but
	// changes the position, the move lists and the clocks under mu.
	st    gameState
	moves []MoveRecord
	seats [2]*seat
	// busy is set while a Play, Think or Sit runs; closed after Close.
	busy, closed bool
	// result and reason are set when the game has ended.
	result movegen.Result
	reason string
}

// seat is one side's engine. p and ready change under Table.mu.
type seat struct {
	cfg   EngineConfig
	pl    player
	p     *proc // the process once started
	ready bool  // start succeeded: the engine takes part in the game
}

// NewTable sets up a game of v from startSFEN ("" or "startpos" for the
// variant's start position) under tc, with no engines seated. A zero
// tc.Hang becomes 60 s, as in Run. The clocks start at tc.Base.
func NewTable(v *movegen.Variant, startSFEN string, tc TimeControl) (*Table, error) {
	if v == nil {
		return nil, errors.New("table: no variant")
	}
	if startSFEN == "" {
		startSFEN = "startpos"
	}
	pos, err := movegen.NewPosition(v, startSFEN)
	if err != nil {
		return nil, err
	}
	start, err := movegen.NewPosition(v, "startpos")
	if err != nil {
		return nil, err
	}
	if tc.Hang <= 0 {
		tc.Hang = 60 * time.Second
	}
	t := &Table{tc: tc}
	sfen := pos.SFEN()
	t.st = gameState{v: v, startSFEN: sfen, standard: sfen == start.SFEN(), pos: pos, tc: &t.tc,
		clocks: [2]*clock{newClock(&t.tc), newClock(&t.tc)}}
	if o := pos.Outcome(); o.Result != movegen.Ongoing {
		t.result, t.reason = o.Result, t.outcomeReasonLocked(o)
	}
	return t, nil
}

// Position returns the referee's position. Callers must not modify it,
// and may read it only while no Play, Think or Sit call is running.
func (t *Table) Position() *movegen.Position { return t.st.pos }

// Moves returns a copy of the moves played so far. Engine moves carry the
// engine's last score and depth and the time it took; human moves the
// time Play was given.
func (t *Table) Moves() []MoveRecord {
	t.mu.Lock()
	defer t.mu.Unlock()
	return append([]MoveRecord(nil), t.moves...)
}

// Clock returns the time left on c's clock (the Base of the time control
// less the time used, plus increments), or 0 when the game has no clock.
// It does not count the move in progress.
func (t *Table) Clock(c movegen.Color) time.Duration {
	t.mu.Lock()
	defer t.mu.Unlock()
	if !t.tc.HasClock() {
		return 0
	}
	return t.st.clocks[c].left
}

// Seated reports whether an engine plays side c (it has started, and the
// game has not ended).
func (t *Table) Seated(c movegen.Color) bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	s := t.seats[c]
	return s != nil && s.ready
}

// Result returns the result of the game with its reason, or
// movegen.Ongoing and "" while the game goes on.
func (t *Table) Result() (movegen.Result, string) {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.result, t.reason
}

// Sit starts engine e for side c and hands it the game so far, replacing
// (and finishing) an engine already seated there. log (may be nil)
// receives every line in both directions, from several goroutines. An
// engine that does not start or answer its handshake within tc.Hang is
// stopped and Sit returns a *Fault with Result Ongoing: the side is then
// unseated and the game goes on. A bad e (no command) is a plain error.
func (t *Table) Sit(c movegen.Color, e *EngineConfig, log func(dir, line string)) error {
	cfg := *e
	cfg.Cmd = append([]string(nil), e.Cmd...)
	cfg.Options = append([]Option(nil), e.Options...)
	if err := cfg.check(); err != nil {
		return err
	}
	s := &seat{cfg: cfg}
	t.mu.Lock()
	if err := t.enterLocked(); err != nil {
		t.mu.Unlock()
		return err
	}
	t.busy = true
	old := t.takeLocked(c, movegen.Ongoing, cfg.Name+" takes the seat")
	t.seats[c] = s
	t.mu.Unlock()
	defer t.leave()
	if old != nil {
		old()
	}
	s.pl = newPlayer(&s.cfg, log)
	t.st.onProc = func(p *proc) {
		t.mu.Lock()
		gone := t.seats[c] != s // Close took the seat before the process existed
		if !gone {
			s.p = p
		}
		t.mu.Unlock()
		if gone {
			p.close(0, "quit")
		}
	}
	err := s.pl.start(&t.st)
	t.st.onProc = nil
	t.mu.Lock()
	closed := t.closed
	if closed || err != nil {
		if t.seats[c] == s {
			t.seats[c] = nil
		}
		t.mu.Unlock()
		s.pl.finish(movegen.Ongoing, c, "no game")
		if closed {
			return ErrClosed
		}
		f := engineFault(err, c, cfg.Name)
		f.Result = movegen.Ongoing
		return f
	}
	s.ready = true
	t.mu.Unlock()
	return nil
}

// Play makes move m for the side to move, which must have no engine
// seated (a human), charging elapsed to its clock. An illegal move, a
// seated engine or an ended game is an error and changes nothing. A move
// that oversteps the clock (when the game has one) is not made: Play
// returns a *Fault ("Black loses on time") and the game ends. Otherwise
// the opponent's engine, if any, is told the move; if that fails, the
// move is not made and the *Fault names the opponent.
func (t *Table) Play(m movegen.Move, elapsed time.Duration) error {
	t.mu.Lock()
	if err := t.enterLocked(); err != nil {
		t.mu.Unlock()
		return err
	}
	pos := t.st.pos
	me := pos.SideToMove()
	if s := t.seats[me]; s != nil && s.ready {
		t.mu.Unlock()
		return fmt.Errorf("engine %s plays %s: it moves with Think", s.cfg.Name, sideLabel(me))
	}
	if !isLegal(pos, m) {
		t.mu.Unlock()
		return fmt.Errorf("illegal move for %s", sideLabel(me))
	}
	t.busy = true
	if elapsed < 0 {
		elapsed = 0
	}
	lost := t.tc.HasClock() && t.spendLocked(me, elapsed)
	t.mu.Unlock()
	defer t.leave()
	if lost {
		return t.fail(&Fault{Result: movegen.Win(me.Other()), Reason: sideLabel(me) + " loses on time"})
	}
	_, err := t.commit(thought{move: m, elapsed: elapsed})
	return err
}

// Think asks the engine seated at the side to move for a move, calling
// onInfo (may be nil) from the calling goroutine with each progress
// report as it arrives. The move is checked, charged to the engine's
// clock, passed to the opponent's engine (if any) and made; Think returns
// its record. An engine fault (crash, stall, time, illegal move,
// resignation, false claim) returns a *Fault, leaves the position
// unchanged and ends the game. Think fails at once when no engine sits at
// the side to move or the game has ended; a Close while Think waits stops
// the engine and makes Think return ErrClosed.
func (t *Table) Think(onInfo func(Info)) (MoveRecord, error) {
	t.mu.Lock()
	if err := t.enterLocked(); err != nil {
		t.mu.Unlock()
		return MoveRecord{}, err
	}
	me := t.st.pos.SideToMove()
	s := t.seats[me]
	if s == nil || !s.ready {
		t.mu.Unlock()
		return MoveRecord{}, fmt.Errorf("no engine plays %s", sideLabel(me))
	}
	t.busy = true
	t.mu.Unlock()
	defer t.leave()
	t.st.onInfo = onInfo
	th, err := s.pl.think(&t.st)
	t.st.onInfo = nil
	if t.isClosed() {
		return MoveRecord{}, ErrClosed
	}
	if err != nil {
		return MoveRecord{}, t.fail(engineFault(err, me, s.cfg.Name))
	}
	t.mu.Lock()
	lost := t.spendLocked(me, th.elapsed)
	t.mu.Unlock()
	if lost {
		name := s.cfg.Name
		return MoveRecord{}, t.fail(&Fault{Result: movegen.Win(me.Other()), Reason: name + " loses on time", Engine: name})
	}
	return t.commit(th)
}

// Close ends the table: every engine is told the result (a draw for a
// game still going on, which USI cannot say otherwise) and stopped
// (quit, then killed after a second's grace), and later calls return
// ErrClosed. It may be called from any goroutine, also while Think or Sit
// runs, which then return promptly; it returns when the engines it
// stopped have exited. Calling it again does nothing.
func (t *Table) Close() {
	t.mu.Lock()
	if t.closed {
		t.mu.Unlock()
		return
	}
	t.closed = true
	r, reason := t.result, t.reason
	if r == movegen.Ongoing {
		reason = "game abandoned"
	}
	stops := []func(){t.takeLocked(movegen.Black, r, reason), t.takeLocked(movegen.White, r, reason)}
	t.mu.Unlock()
	runAll(stops)
}

// enterLocked checks that a Play, Think or Sit may start.
func (t *Table) enterLocked() error {
	switch {
	case t.closed:
		return ErrClosed
	case t.busy:
		return errBusy
	case t.result != movegen.Ongoing:
		return errors.New("game over: " + t.reason)
	}
	return nil
}

// leave ends a Play, Think or Sit.
func (t *Table) leave() {
	t.mu.Lock()
	t.busy = false
	t.mu.Unlock()
}

func (t *Table) isClosed() bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.closed
}

// spendLocked charges d to c's clock and reports whether c overstepped
// its time (the clock then shows 0).
func (t *Table) spendLocked(c movegen.Color, d time.Duration) bool {
	if t.st.clocks[c].spend(d) {
		t.st.clocks[c].left = 0
		return true
	}
	return false
}

// commit passes th's move of the side to move to the opponent's engine,
// then makes it; a move that ends the game by the rules finishes the
// engines.
func (t *Table) commit(th thought) (MoveRecord, error) {
	pos := t.st.pos
	me := pos.SideToMove()
	t.mu.Lock()
	o := t.seats[me.Other()]
	t.mu.Unlock()
	if o != nil && o.ready {
		if err := o.pl.tell(&t.st, th.move); err != nil {
			if t.isClosed() {
				return MoveRecord{}, ErrClosed
			}
			return MoveRecord{}, t.fail(engineFault(err, me.Other(), o.cfg.Name))
		}
	}
	t.mu.Lock()
	if t.closed {
		t.mu.Unlock()
		return MoveRecord{}, ErrClosed
	}
	rec := record(pos, th.move, th, false)
	t.moves = append(t.moves, rec)
	t.st.usi = append(t.st.usi, pos.MoveUSI(th.move))
	t.st.xb = append(t.st.xb, pos.MoveXBoard(th.move))
	pos.Make(th.move)
	var stops []func()
	if out := pos.Outcome(); out.Result != movegen.Ongoing {
		stops = t.endLocked(out.Result, t.outcomeReasonLocked(out))
	}
	t.mu.Unlock()
	runAll(stops)
	return rec, nil
}

// fail ends the game by fault f and returns f (ErrClosed after Close).
func (t *Table) fail(f *Fault) error {
	t.mu.Lock()
	if t.closed {
		t.mu.Unlock()
		return ErrClosed
	}
	stops := t.endLocked(f.Result, f.Reason)
	t.mu.Unlock()
	runAll(stops)
	return f
}

// endLocked records the end of the game and returns the calls that finish
// the engines (to run without the lock).
func (t *Table) endLocked(r movegen.Result, reason string) []func() {
	t.result, t.reason = r, reason
	return []func(){t.takeLocked(movegen.Black, r, reason), t.takeLocked(movegen.White, r, reason)}
}

// takeLocked unseats c's engine and returns the call that stops it (nil
// when there is none): a seated engine is told result r, one still
// starting is stopped; one whose process does not exist yet is stopped by
// Sit's onProc hook, which finds its seat gone.
func (t *Table) takeLocked(c movegen.Color, r movegen.Result, reason string) func() {
	s := t.seats[c]
	t.seats[c] = nil
	switch {
	case s == nil:
		return nil
	case s.ready:
		pl := s.pl
		return func() { pl.finish(r, c, reason) }
	case s.p != nil:
		p := s.p
		return func() { p.close(time.Second, "quit") }
	}
	return nil
}

// outcomeReasonLocked words an end by the rules as playGame does, naming
// the winner by its engine, or by its side for a human.
func (t *Table) outcomeReasonLocked(o movegen.Outcome) string {
	name := func(c movegen.Color) string {
		if s := t.seats[c]; s != nil && s.ready {
			return s.cfg.Name
		}
		return sideLabel(c)
	}
	switch o.Result {
	case movegen.BlackWins:
		return name(movegen.Black) + " wins by " + o.Reason
	case movegen.WhiteWins:
		return name(movegen.White) + " wins by " + o.Reason
	}
	return "draw by " + o.Reason
}

// engineFault turns a driver's error for the engine playing c into a
// Fault: c loses, and a resignation names no engine.
func engineFault(err error, c movegen.Color, name string) *Fault {
	f := &Fault{Result: movegen.Win(c.Other()), Reason: err.Error(), Engine: name}
	var ff *fault
	if errors.As(err, &ff) && ff.kind == faultResign {
		f.Engine = ""
	}
	return f
}

// isLegal reports whether m is a legal move in pos.
func isLegal(pos *movegen.Position, m movegen.Move) bool {
	if pos.GameOver() {
		return false
	}
	list := new(movegen.MoveList)
	pos.GenerateLegal(list)
	for _, x := range list.Slice() {
		if x == m {
			return true
		}
	}
	return false
}

// sideLabel names side c for a human: Black moves first.
func sideLabel(c movegen.Color) string {
	if c == movegen.Black {
		return "Black"
	}
	return "White"
}

// runAll runs the non-nil fs in parallel and waits for them.
func runAll(fs []func()) {
	var wg sync.WaitGroup
	for _, f := range fs {
		if f != nil {
			wg.Go(f)
		}
	}
	wg.Wait()
}
