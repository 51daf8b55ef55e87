package web

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/kirin-shogi/kirin/analyze"
	"github.com/kirin-shogi/kirin/match"
	"github.com/kirin-shogi/kirin/movegen"
)

// humanName is the player name of a side the page moves for.
const humanName = "human"

// engineMargin is how far an engine may overstep its time before it loses.
// The browser board shares the machine with the browser and often with
// other engines, so it forgives scheduling stalls that a match's 100 ms
// would not; a human's flag falls humanMargin after the clock reads zero.
const (
	engineMargin = time.Second
	humanMargin  = 200 * time.Millisecond
)

// maxGamePlies bounds the moves a session accepts (a long tai game is
// about 2000 plies).
const maxGamePlies = 20000

// settings start a game: what a new game request or a loaded file gives.
type settings struct {
	Variant string            `json:"variant"`
	RuleSet string            `json:"ruleset,omitempty"`
	Options map[string]string `json:"options,omitempty"`
	// SFEN is the start position ("" or "startpos": the variant's own).
	SFEN string `json:"sfen,omitempty"`
	// Moves are played from it (USI, or any form a Kirin PGN holds).
	Moves []string `json:"moves,omitempty"`
	// Black and White are "human" or an engine's name.
	Black string `json:"black,omitempty"`
	White string `json:"white,omitempty"`
	// TC is a clock in cutechess-cli's form (5+0.1, 40/300, "" for none);
	// Depth and MoveTime (seconds) limit each engine search.
	TC       string  `json:"tc,omitempty"`
	Depth    int     `json:"depth,omitempty"`
	MoveTime float64 `json:"movetime,omitempty"`
	// Threads and Hash (MB) are Kirin's settings when it plays.
	Threads int `json:"threads,omitempty"`
	Hash    int `json:"hash,omitempty"`
	// MaxPlies ends the game as a draw after this many plies (0: never).
	MaxPlies int `json:"maxplies,omitempty"`
}

// record is one move of the session's game.
type record struct {
	USI    string `json:"usi"`
	Hodges string `json:"hodges"`
	// Score is the mover's engine's score in centipawns from Black's view
	// (absent for human moves); Depth its depth.
	Score *int   `json:"score,omitempty"`
	Depth int    `json:"depth,omitempty"`
	Mark  string `json:"mark,omitempty"` // ? or ?? from an annotation
	move  movegen.Move
}

// session is one page's game: the moves, the players, the engines seated
// at its table, the analysis and the event streams. mu guards everything
// but the event subscribers, which hub guards.
type session struct {
	id  string
	srv *Server

	mu       sync.Mutex
	set      settings
	v        *movegen.Variant
	start    *movegen.Position
	pos      *movegen.Position // after every move
	records  []record
	tc       match.TimeControl
	table    *match.Table
	slots    int  // engine slots this session's table holds
	gen      int  // counts tables: a think of an older table is void
	thinking bool // an engine of the current table is thinking
	turn     time.Time
	flag     *time.Timer // the human's clock running out
	result   *outcomeView
	final    *clockView // the clocks when the game ended
	graph    []*int     // per ply after the move: an evaluation from Black's view
	analysis *analysisRun
	annotate *annotateRun
	closed   bool
	lastSeen time.Time

	hub hub
}

// newSession starts a session with game settings st.
func (s *Server) newSession(st settings) (*session, error) {
	ss := &session{id: newID(), srv: s, lastSeen: time.Now()}
	ss.hub.init()
	ss.mu.Lock()
	err := ss.reset(st)
	ss.mu.Unlock()
	if err != nil {
		ss.close()
		return nil, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		ss.close()
		return nil, errors.New("the server is shutting down")
	}
	s.sessions[ss.id] = ss
	return ss, nil
}

// touch records a request.
func (ss *session) touch() {
	ss.mu.Lock()
	ss.lastSeen = time.Now()
	ss.mu.Unlock()
}

// due reports whether the session should end at now: idle for longer than
// idle, or without an event stream for longer than grace after one ended.
func (ss *session) due(now time.Time, idle, grace time.Duration) bool {
	ss.mu.Lock()
	seen := ss.lastSeen
	ss.mu.Unlock()
	streams, ended := ss.hub.state()
	if streams > 0 {
		return false
	}
	if !ended.IsZero() && now.Sub(ended) > grace {
		return true
	}
	return now.Sub(seen) > idle
}

// close ends the session: engines stopped, analysis stopped, streams ended.
func (ss *session) close() {
	ss.mu.Lock()
	ss.closed = true
	ss.stopAnalysis()
	ss.stopAnnotation()
	t, slots := ss.dropTable()
	ss.mu.Unlock()
	ss.closeTable(t, slots)
	ss.hub.end()
}

// reset starts a new game from st (mu held). Bad settings change nothing;
// an engine that cannot be seated (no free slot, a failed start) leaves its
// side to a human, and the error says so.
func (ss *session) reset(st settings) error {
	if ss.closed {
		return errors.New("session closed")
	}
	s := ss.srv
	v, ok := s.variants[st.Variant]
	if !ok {
		return fmt.Errorf("unknown variant %q", st.Variant)
	}
	var err error
	if st.RuleSet != "" && st.RuleSet != v.RuleSet {
		if v, err = v.WithRuleSet(st.RuleSet); err != nil {
			return err
		}
	}
	if len(st.Options) > 0 {
		var opts []string
		for k, val := range st.Options {
			opts = append(opts, k+"="+val)
		}
		if v, err = v.WithOptions(opts...); err != nil {
			return err
		}
	}
	if st.SFEN == "" {
		st.SFEN = "startpos"
	}
	start, err := movegen.NewPosition(v, st.SFEN)
	if err != nil {
		return fmt.Errorf("bad SFEN: %v", err)
	}
	if len(st.Moves) > maxGamePlies {
		return fmt.Errorf("too many moves (%d; at most %d)", len(st.Moves), maxGamePlies)
	}
	pos := start.Clone()
	var recs []record
	for i, t := range st.Moves {
		if pos.Outcome().Result != movegen.Ongoing {
			return fmt.Errorf("move %d (%s): the game is already over", i+1, clip(t))
		}
		m, err := match.ParseMoveAny(pos, t)
		if err != nil {
			return fmt.Errorf("move %d (%s): %v", i+1, clip(t), err)
		}
		recs = append(recs, record{USI: pos.MoveUSI(m), Hodges: pos.MoveHodges(m), move: m})
		pos.Make(m)
	}
	if st.Black == "" {
		st.Black = humanName
	}
	if st.White == "" {
		st.White = humanName
	}
	for _, p := range []string{st.Black, st.White} {
		if _, ok := s.engine(p); !ok && p != humanName {
			return fmt.Errorf("unknown player %q (human or one of the server's engines)", p)
		}
	}
	tc, err := match.ParseTC(st.TC)
	if err != nil {
		return err
	}
	if st.Depth < 0 || st.Depth > 100 || st.MoveTime < 0 || st.MoveTime > 3600 || st.Threads < 0 || st.Threads > 256 ||
		st.Hash < 0 || st.Hash > 65536 || st.MaxPlies < 0 {
		return errors.New("depth, movetime, threads, hash or maxplies out of range")
	}
	tc.Depth = st.Depth
	tc.MoveTime = time.Duration(st.MoveTime * float64(time.Second))
	tc.Margin = engineMargin
	tc.Hang = 10 * time.Minute
	// Engines playing without any limit would never move.
	if !tc.HasClock() && tc.MoveTime == 0 && tc.Depth == 0 && (st.Black != humanName || st.White != humanName) {
		tc.MoveTime = time.Second
	}
	st.Moves = nil
	ss.stopAnalysis()
	ss.stopAnnotation()
	old, slots := ss.dropTable()
	ss.closeTableAsync(old, slots)
	ss.set, ss.v, ss.start, ss.pos, ss.records, ss.tc = st, v, start, pos, recs, tc
	ss.result, ss.final = nil, nil
	ss.graph = make([]*int, len(recs))
	if st.MaxPlies > 0 {
		ss.pos.SetMoveLimit(start.MoveNumber() - 1 + st.MaxPlies)
	}
	return ss.seat()
}

// seat builds the table for the game so far and seats the engines; with an
// error (no engine slot, an engine that does not start) the game stays,
// with humans on both sides.
func (ss *session) seat() error {
	t, err := match.NewTable(ss.v, ss.start.SFEN(), ss.tc)
	if err != nil {
		return err
	}
	if ss.set.MaxPlies > 0 {
		t.Position().SetMoveLimit(ss.start.MoveNumber() - 1 + ss.set.MaxPlies)
	}
	for _, r := range ss.records {
		if err := t.Play(r.move, 0); err != nil {
			t.Close()
			return err
		}
	}
	ss.gen++
	ss.table = t
	var errs []string
	for c := movegen.Black; c <= movegen.White; c++ {
		name := ss.player(c)
		if name == humanName {
			continue
		}
		if err := ss.srv.acquire(); err != nil {
			errs = append(errs, err.Error())
			ss.setPlayer(c, humanName)
			continue
		}
		ss.slots++
		e, _ := ss.srv.engine(name)
		if name == ss.srv.cfg.Kirin.Name {
			e.Options = append(append([]match.Option(nil), e.Options...), ss.kirinOptions()...)
		}
		if err := t.Sit(c, &e, nil); err != nil {
			errs = append(errs, err.Error())
			ss.setPlayer(c, humanName)
		}
	}
	ss.turn = time.Now()
	ss.next()
	if len(errs) > 0 {
		return errors.New(strings.Join(errs, "; "))
	}
	return nil
}

// kirinOptions are the USI options Kirin gets for this game.
func (ss *session) kirinOptions() []match.Option {
	var o []match.Option
	if ss.set.Threads > 0 {
		o = append(o, match.Option{Name: "Threads", Value: strconv.Itoa(ss.set.Threads)})
	}
	if ss.set.Hash > 0 {
		o = append(o, match.Option{Name: "USI_Hash", Value: strconv.Itoa(ss.set.Hash)})
	}
	if ss.v.RuleSet != "" {
		o = append(o, match.Option{Name: "RuleSet", Value: ss.v.RuleSet})
	}
	for _, op := range ss.v.Options() {
		o = append(o, match.Option{Name: ss.v.Name + "_" + op.Name, Value: op.Value})
	}
	return o
}

// player names who plays side c.
func (ss *session) player(c movegen.Color) string {
	if c == movegen.Black {
		return ss.set.Black
	}
	return ss.set.White
}

func (ss *session) setPlayer(c movegen.Color, name string) {
	if c == movegen.Black {
		ss.set.Black = name
	} else {
		ss.set.White = name
	}
}

// dropTable detaches the table (mu held) and returns it with the engine
// slots it held, for closeTable.
func (ss *session) dropTable() (*match.Table, int) {
	t, slots := ss.table, ss.slots
	ss.table, ss.slots, ss.thinking = nil, 0, false
	ss.gen++
	if ss.flag != nil {
		ss.flag.Stop()
		ss.flag = nil
	}
	return t, slots
}

// closeTable stops a detached table's engines (mu not held: Close waits
// for the processes) and gives its slots back.
func (ss *session) closeTable(t *match.Table, slots int) {
	if t != nil {
		t.Close()
	}
	for ; slots > 0; slots-- {
		ss.srv.release()
	}
}

// closeTableAsync is closeTable in the background, for callers holding mu.
func (ss *session) closeTableAsync(t *match.Table, slots int) {
	if t != nil || slots > 0 {
		go ss.closeTable(t, slots)
	}
}

// over reports whether the game has ended (mu held).
func (ss *session) over() bool {
	if ss.result != nil {
		return true
	}
	if o := ss.pos.Outcome(); o.Result != movegen.Ongoing {
		ss.result = &outcomeView{Result: o.Result.String(), Reason: o.Reason}
		return true
	}
	return false
}

// next starts the engine on move, or the human's clock (mu held), and
// tells the page.
func (ss *session) next() {
	defer ss.publishGame()
	if ss.over() {
		ss.finish()
		return
	}
	if ss.table == nil || ss.thinking {
		return
	}
	me := ss.pos.SideToMove()
	ss.turn = time.Now()
	if !ss.table.Seated(me) {
		if ss.tc.HasClock() {
			left := ss.table.Clock(me) + ss.tc.Byoyomi + humanMargin
			gen := ss.gen
			ss.flag = time.AfterFunc(left, func() { ss.flagFall(gen, me) })
		}
		return
	}
	ss.thinking = true
	t, gen, ply := ss.table, ss.gen, len(ss.records)
	go func() {
		rec, err := t.Think(func(in match.Info) { ss.publishPlayInfo(gen, ply, me, in) })
		ss.mu.Lock()
		defer ss.mu.Unlock()
		if gen != ss.gen || ss.closed {
			return
		}
		ss.thinking = false
		if err != nil {
			ss.endByFault(err)
			ss.next()
			return
		}
		m, perr := ss.pos.ParseMoveUSI(rec.USI)
		if perr != nil {
			ss.result = &outcomeView{Result: movegen.Draw.String(), Reason: "internal error: " + perr.Error()}
			ss.next()
			return
		}
		r := record{USI: rec.USI, Hodges: rec.Hodges, move: m}
		if rec.HasScore {
			sc := rec.Score
			if me == movegen.White {
				sc = -sc
			}
			r.Score, r.Depth = &sc, rec.Depth
		}
		ss.push(r)
		ss.next()
	}()
}

// finish lets a finished game's engines go and gives their slots back
// (mu held), keeping the clocks as they stood.
func (ss *session) finish() {
	if ss.table == nil {
		return
	}
	if ss.tc.HasClock() {
		ss.final = &clockView{Black: ss.table.Clock(movegen.Black).Milliseconds(), White: ss.table.Clock(movegen.White).Milliseconds()}
	}
	old, slots := ss.dropTable()
	ss.closeTableAsync(old, slots)
}

// push appends a move to the game (mu held).
func (ss *session) push(r record) {
	ss.pos.Make(r.move)
	ss.records = append(ss.records, r)
	ss.graph = append(ss.graph, r.Score)
}

// endByFault ends the game by an engine's fault or resignation (mu held).
func (ss *session) endByFault(err error) {
	var f *match.Fault
	if errors.As(err, &f) {
		ss.result = &outcomeView{Result: f.Result.String(), Reason: f.Reason}
		return
	}
	ss.result = &outcomeView{Result: movegen.Draw.String(), Reason: "aborted: " + err.Error()}
}

// flagFall ends the game when side c, a human, has run out of time.
func (ss *session) flagFall(gen int, c movegen.Color) {
	ss.mu.Lock()
	defer ss.mu.Unlock()
	if gen != ss.gen || ss.over() || ss.pos.SideToMove() != c || ss.table == nil || ss.table.Seated(c) {
		return
	}
	ss.result = &outcomeView{Result: movegen.Win(c.Other()).String(), Reason: colorTitle(c) + " loses on time"}
	ss.next()
}

// play makes a human move at ply (mu held). A move at an earlier ply
// replaces the rest of the game.
func (ss *session) play(ply int, text string) error {
	if ply < 0 || ply > len(ss.records) {
		return fmt.Errorf("no ply %d in this game (it has %d)", ply, len(ss.records))
	}
	if ply < len(ss.records) {
		// Check the move where it is played before the rest of the game
		// goes: a refused move changes nothing.
		if ss.thinking {
			return errors.New("an engine is thinking: take back or stop the game first")
		}
		at, err := ss.positionAt(ply)
		if err != nil {
			return err
		}
		if p := ss.player(at.SideToMove()); p != humanName {
			return fmt.Errorf("%s is played by %s", colorTitle(at.SideToMove()), p)
		}
		if _, err := at.ParseMoveUSI(text); err != nil {
			return fmt.Errorf("move %q: %v", clip(text), err)
		}
		if err := ss.truncate(ply); err != nil {
			return err
		}
	}
	if ss.over() {
		return errors.New("the game is over")
	}
	me := ss.pos.SideToMove()
	if ss.table == nil || ss.table.Seated(me) {
		return fmt.Errorf("%s is played by %s", colorTitle(me), ss.player(me))
	}
	m, err := ss.pos.ParseMoveUSI(text)
	if err != nil {
		return fmt.Errorf("move %q: %v", clip(text), err)
	}
	if ss.flag != nil {
		ss.flag.Stop()
		ss.flag = nil
	}
	r := record{USI: ss.pos.MoveUSI(m), Hodges: ss.pos.MoveHodges(m), move: m}
	if err := ss.table.Play(m, time.Since(ss.turn)); err != nil {
		var f *match.Fault
		if errors.As(err, &f) {
			ss.result = &outcomeView{Result: f.Result.String(), Reason: f.Reason}
			ss.next()
			return nil
		}
		return err
	}
	ss.push(r)
	ss.stopAnnotation()
	ss.next()
	return nil
}

// truncate cuts the game back to ply plies and sets the table up again
// (mu held).
func (ss *session) truncate(ply int) error {
	pos := ss.start.Clone()
	if ss.set.MaxPlies > 0 {
		pos.SetMoveLimit(ss.start.MoveNumber() - 1 + ss.set.MaxPlies)
	}
	for _, r := range ss.records[:ply] {
		pos.Make(r.move)
	}
	old, slots := ss.dropTable()
	ss.closeTableAsync(old, slots)
	ss.pos, ss.records, ss.graph, ss.result, ss.final = pos, ss.records[:ply:ply], ss.graph[:ply:ply], nil, nil
	return ss.seat()
}

// takeback undoes the last move, and one more if that leaves an engine to
// move while a human plays the other side (mu held).
func (ss *session) takeback() error {
	n := len(ss.records)
	if n == 0 {
		return errors.New("no move to take back")
	}
	n--
	human := func(c movegen.Color) bool { return ss.player(c) == humanName }
	side := ss.start.SideToMove()
	if n%2 == 1 {
		side = side.Other()
	}
	if !human(side) && human(side.Other()) && n > 0 {
		n--
	}
	return ss.truncate(n)
}

// stop ends the engines' part: both sides become human and the game can
// be continued or analysed by hand (mu held).
func (ss *session) stop() error {
	ss.set.Black, ss.set.White = humanName, humanName
	return ss.truncate(len(ss.records))
}

// resign gives the game to the opponent of the human side to move.
func (ss *session) resign() error {
	if ss.over() {
		return errors.New("the game is over")
	}
	me := ss.pos.SideToMove()
	if ss.player(me) != humanName {
		return fmt.Errorf("%s is played by %s", colorTitle(me), ss.player(me))
	}
	ss.result = &outcomeView{Result: movegen.Win(me.Other()).String(), Reason: colorTitle(me) + " resigns"}
	ss.next()
	return nil
}

// positionAt returns the position after ply plies (mu held).
func (ss *session) positionAt(ply int) (*movegen.Position, error) {
	if ply < 0 || ply > len(ss.records) {
		return nil, fmt.Errorf("no ply %d in this game (it has %d)", ply, len(ss.records))
	}
	if ply == len(ss.records) {
		return ss.pos.Clone(), nil
	}
	pos := ss.start.Clone()
	for _, r := range ss.records[:ply] {
		pos.Make(r.move)
	}
	return pos, nil
}

// pgn writes the game as a PGN file, in the notation kirin match uses for
// the board size (mu held).
func (ss *session) pgn() ([]byte, error) {
	cfg := &match.Config{Variant: ss.v, TC: ss.tc, Event: "kirin serve"}
	g := &match.Game{Number: 1, Round: 1, Black: ss.set.Black, White: ss.set.White,
		StartSFEN: ss.start.SFEN(), Started: time.Now(), Result: movegen.Ongoing, Reason: "game in progress"}
	std, _ := movegen.NewPosition(ss.v, "startpos")
	g.Standard = g.StartSFEN == std.SFEN()
	if ss.over() {
		r := ss.result
		g.Reason = r.Reason
		for _, res := range []movegen.Result{movegen.BlackWins, movegen.WhiteWins, movegen.Draw} {
			if res.String() == r.Result {
				g.Result = res
			}
		}
	}
	pos := ss.start.Clone()
	for _, r := range ss.records {
		mr := match.RecordMove(pos, r.move)
		if r.Score != nil {
			sc := *r.Score
			if pos.SideToMove() == movegen.White {
				sc = -sc
			}
			mr.Score, mr.HasScore, mr.Depth = sc, true, r.Depth
		}
		g.Moves = append(g.Moves, mr)
		pos.Make(r.move)
	}
	var b bytes.Buffer
	if err := match.WritePGN(&b, cfg, g); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// gameView is the "game" event: everything about the game but the board,
// plus the latest position.
type gameView struct {
	Settings settings      `json:"settings"`
	Moves    []record      `json:"moves"`
	Result   *outcomeView  `json:"result"`
	Thinking string        `json:"thinking"` // the side an engine thinks for, or ""
	Clock    *clockView    `json:"clock,omitempty"`
	Graph    []*int        `json:"graph"`
	Position *positionView `json:"position"`
	Start    string        `json:"start_sfen"`
	Analysis bool          `json:"analysis"`
	Annotate string        `json:"annotate,omitempty"` // progress of a running annotation
	Engines  []string      `json:"engines"`
}

// clockView is the clocks at the moment the event was made.
type clockView struct {
	Black   int64  `json:"black_ms"`
	White   int64  `json:"white_ms"`
	Running string `json:"running"` // the side whose clock runs, or ""
}

// publishGame sends the game event (mu held).
func (ss *session) publishGame() {
	ss.hub.publish("game", ss.gameView())
}

func (ss *session) gameView() *gameView {
	// JSON arrays, never null, for the page.
	g := &gameView{Settings: ss.set, Moves: append([]record{}, ss.records...), Result: ss.result, Graph: append([]*int{}, ss.graph...),
		Start: ss.start.SFEN(), Analysis: ss.analysis != nil, Engines: ss.srv.engineNames()}
	over := ss.over()
	g.Result = ss.result
	if ss.thinking {
		g.Thinking = colorName(ss.pos.SideToMove())
	}
	if ss.tc.HasClock() && ss.table == nil && ss.final != nil {
		g.Clock = ss.final
	}
	if ss.tc.HasClock() && ss.table != nil {
		c := &clockView{Black: ss.table.Clock(movegen.Black).Milliseconds(), White: ss.table.Clock(movegen.White).Milliseconds()}
		if !over {
			me := ss.pos.SideToMove()
			c.Running = colorName(me)
			// The table charges a move when it is made: show the time
			// used since the turn began as already gone.
			used := time.Since(ss.turn).Milliseconds()
			if me == movegen.Black {
				c.Black = max(c.Black-used, 0)
			} else {
				c.White = max(c.White-used, 0)
			}
		}
		g.Clock = c
	}
	if ss.annotate != nil {
		g.Annotate = ss.annotate.progress()
	}
	g.Position = newPositionView(ss.pos, len(ss.records))
	if over && g.Position.Outcome == nil {
		g.Position.Outcome = ss.result
		g.Position.Moves = []moveView{}
	}
	return g
}

// engineNames lists the players the page may choose besides human.
func (s *Server) engineNames() []string {
	names := []string{s.cfg.Kirin.Name}
	for _, e := range s.cfg.Engines {
		names = append(names, e.Name)
	}
	return names
}

// infoView is an "info" event: a line of an engine's search, playing or
// analysing.
type infoView struct {
	Source  string   `json:"source"` // play or analysis
	Ply     int      `json:"ply"`    // the position's ply in the game
	Side    string   `json:"side"`   // the side to move there
	Depth   int      `json:"depth"`
	MultiPV int      `json:"multipv"`
	Score   string   `json:"score"` // +0.35 or +M5, the side to move's view
	CP      *int     `json:"cp"`    // centipawns from Black's view (nil: mate or none)
	Nodes   uint64   `json:"nodes"`
	NPS     uint64   `json:"nps"`
	TimeMS  int64    `json:"time_ms"`
	PV      []string `json:"pv"` // Hodges
	PVUSI   []string `json:"pv_usi"`
	// At is when the server read the line (Unix milliseconds), so the page
	// can measure how long lines take to reach it.
	At int64 `json:"at"`
}

// publishPlayInfo sends a playing engine's info line about ply.
func (ss *session) publishPlayInfo(gen, ply int, side movegen.Color, in match.Info) {
	ss.mu.Lock()
	if gen != ss.gen {
		ss.mu.Unlock()
		return
	}
	pos := ss.pos.Clone()
	ss.mu.Unlock()
	iv := infoView{Source: "play", At: time.Now().UnixMilli(), Ply: ply, Side: colorName(side), Depth: in.Depth, MultiPV: max(in.MultiPV, 1),
		Nodes: in.Nodes, TimeMS: in.Time.Milliseconds()}
	if in.Time > 0 {
		iv.NPS = uint64(float64(in.Nodes) / in.Time.Seconds())
	}
	if in.HasScore {
		if in.Mate != 0 {
			iv.Score = "+M" + strconv.Itoa(in.Mate)
			if in.Mate < 0 {
				iv.Score = "-M" + strconv.Itoa(-in.Mate)
			}
		} else {
			iv.Score = fmt.Sprintf("%+.2f", float64(in.Score)/100)
			cp := in.Score
			if side == movegen.White {
				cp = -cp
			}
			iv.CP = &cp
		}
	}
	iv.PV, iv.PVUSI = analyze.Line(pos, in.PV)
	ss.hub.publish("info", iv)
}

// colorTitle names a side in a sentence.
func colorTitle(c movegen.Color) string {
	if c == movegen.Black {
		return "Black"
	}
	return "White"
}

// clip shortens user text quoted in an error.
func clip(s string) string {
	if len(s) > 60 {
		s = s[:60] + "..."
	}
	b, _ := json.Marshal(s)
	return strings.Trim(string(b), `"`)
}
