package protocol

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/kirin-shogi/kirin/movegen"
	"github.com/kirin-shogi/kirin/search"
)

// xboard is the CECP front end's state (FSF's XBoard::StateMachine).
type xboard struct {
	*session
	force      bool          // play neither side
	engineSide movegen.Color // the side the engine plays when not in force mode
	post       bool
	analyzing  bool
	claimed    bool // the game end of this position has been claimed
	// vsEngine: XBoard said "computer" since the last new, so the game
	// is engine against engine and XBoard tests every win claim against
	// its own rules (claim).
	vsEngine bool

	mps     int           // moves per session (0 = whole game)
	base    time.Duration // level base time
	inc     time.Duration
	st      time.Duration // fixed time per move
	sd      int           // depth limit
	nps     int64         // nps: clocks counted in nodes, nps to the second (0: wall clock)
	myTime  time.Duration
	oppTime time.Duration
	hint    movegen.Move // the reply the last search expected
	hintPos uint64       // key of the position hint belongs to
	// ponderOn is the opponent's move the running ponder search assumed
	// (it searches the position after it).
	ponderOn movegen.Move
	liftFrom movegen.Square
	waypts   map[movegen.Square]bool // cyan squares of the last lift
	putMid   movegen.Square
	moveRE   *regexp.Regexp // bare moves (without usermove)
}

// xboard runs the CECP front end until quit or the end of input.
func (s *session) xboard(lines <-chan string) {
	// Until the GUI says otherwise, XBoard's default time control:
	// 40 moves in 5 minutes.
	x := &xboard{session: s, engineSide: movegen.White, mps: 40, base: 5 * time.Minute,
		myTime: 5 * time.Minute, oppTime: 5 * time.Minute,
		moveRE: regexp.MustCompile(`^(@@@@|[A-Za-z]['!]?[@*][a-z][0-9]{1,2}|[a-z][0-9]{1,2}[a-z][0-9]{1,2}(,[a-z][0-9]{1,2}[a-z][0-9]{1,2})*,?[+=]?)$`)}
	for {
		line, res, ok := s.next(lines)
		if !ok {
			s.stopWait()
			return
		}
		if res != nil {
			x.finished(*res, s.lastKind)
			continue
		}
		if x.handle(line) {
			return
		}
	}
}

// Commands that do not wait for the engine's own move: answered at once,
// or (cancel) ending the search without playing its move. An unknown
// command is answered at once too: its error changes nothing, and a move
// now ("?") sent after it must still reach the search.
func xbImmediate(cmd string) bool {
	if !xbKnown(cmd) {
		return true
	}
	switch cmd {
	case "?", ".", "post", "nopost", "time", "otim", "hard", "easy", "accepted", "rejected",
		"computer", "name", "random", "draw", "hint", "bk", "lift", "put", "hover", "xboard":
		return true
	}
	return false
}

func xbCancels(cmd string) bool {
	switch cmd {
	case "quit", "force", "new", "result", "undo", "remove", "setboard", "variant", "analyze", "exit":
		return true
	}
	return false
}

// handle executes one command line; it returns true on quit.
func (x *xboard) handle(line string) bool {
	line = strings.TrimSpace(line)
	if line == "" {
		return false
	}
	cmd, arg, _ := strings.Cut(line, " ")
	arg = strings.TrimSpace(arg)
	if !xbKnown(cmd) && x.moveRE.MatchString(cmd) && arg == "" {
		cmd, arg = "usermove", line
	}
	switch x.kind {
	case kindThink:
		if xbCancels(cmd) {
			x.stopWait()
		} else if !xbImmediate(cmd) {
			// Everything else comes after the move (ping's pong included).
			if r, ok := x.waitDone(); ok {
				x.finished(r, kindThink)
			}
		}
	case kindPonder:
		if cmd == "usermove" && x.ponderHit(arg) {
			return false
		}
		if !xbImmediate(cmd) && cmd != "ping" {
			x.stopWait()
		}
	case kindAnalyze:
		if !xbImmediate(cmd) && cmd != "ping" {
			x.stopWait() // restarted below while still analysing
		}
	}
	quit := x.exec(cmd, arg, line)
	if !quit && x.analyzing && x.kind == kindNone {
		x.startAnalysis()
	}
	return quit
}

// xbKnown reports whether cmd is a CECP command we handle.
func xbKnown(cmd string) bool {
	switch cmd {
	case "xboard", "protover", "accepted", "rejected", "new", "variant", "force", "go", "playother",
		"setboard", "usermove", "level", "st", "sd", "time", "otim", "?", "ping", "draw", "result",
		"undo", "remove", "hard", "easy", "post", "nopost", "analyze", "exit", ".", "hint", "bk",
		"computer", "name", "memory", "cores", "option", "lift", "put", "hover", "random", "quit",
		"white", "black", "egtpath", "nps":
		return true
	}
	return false
}

func (x *xboard) exec(cmd, arg, line string) bool {
	s := x.session
	switch cmd {
	case "quit":
		return true
	case "xboard", "accepted", "rejected", "random", "name", "draw", "bk", "hover",
		"white", "black", "egtpath":
	case "computer":
		x.vsEngine = true
	case "protover":
		x.features()
	case "new":
		// nps lasts until the next new (the protocol's rule).
		x.force, x.engineSide, x.sd, x.st, x.nps, x.vsEngine = false, movegen.White, 0, 0, 0, false
		s.resetGame()
		x.newPosition()
		if s.eng != nil {
			s.eng.Clear()
		}
	case "variant":
		if err := s.selectVariant(arg); err != nil {
			x.println("Error (unsupported variant): " + clean(arg))
			break
		}
		s.resetGame()
		x.newPosition()
		if msg := s.weightsMismatch(); msg != "" {
			x.println("telluser " + clean(msg))
		}
		if !knownToXBoard(s.v) {
			for _, l := range xboardSetup(s.v) {
				x.println(l)
			}
		}
	case "force":
		x.force = true
	case "go":
		x.force = false
		x.engineSide = s.pos.SideToMove()
		x.think()
	case "playother":
		x.force = false
		x.engineSide = s.pos.SideToMove().Other()
	case "usermove":
		x.usermove(arg)
	case "setboard":
		sfen, err := fenToSFEN(s.v, arg)
		var pos *movegen.Position
		if err == nil {
			pos, err = movegen.NewPosition(s.v, sfen)
		}
		if err != nil {
			x.println("tellusererror Bad FEN: " + clean(err.Error()))
			break
		}
		s.pos = pos
		x.newPosition()
	case "level":
		x.level(arg)
	case "st":
		if d, ok := seconds(arg); ok {
			x.st = d
		} else {
			x.println("Error (bad number): " + clean(line))
		}
	case "sd":
		if n, err := strconv.Atoi(arg); err == nil && n >= 0 {
			x.sd = min(n, search.MaxPly)
		} else {
			x.println("Error (bad number): " + clean(line))
		}
	case "nps":
		// nps N: time by the node count, N nodes to the second. The
		// protocol asks for user CPU time with nps 0; Kirin times by the
		// wall clock then, as it does with WinBoard's "no nps" value -1
		// and other negative rates.
		if n, err := strconv.ParseInt(arg, 10, 64); err == nil {
			x.nps = max(n, 0)
		} else {
			x.println("Error (bad number): " + clean(line))
		}
	case "time", "otim":
		n, err := strconv.Atoi(arg)
		if err != nil {
			x.println("Error (bad number): " + clean(line))
			break
		}
		d := time.Duration(max(n, 0)) * 10 * time.Millisecond
		if cmd == "time" {
			x.myTime = d
		} else {
			x.oppTime = d
		}
	case "?":
		if x.kind == kindThink {
			if r, ok := x.stopWait(); ok {
				x.finished(r, kindThink)
			}
		}
	case "ping":
		x.println("pong " + clean(arg))
	case "result":
		x.claimed = true
	case "undo", "remove":
		n := 1
		if cmd == "remove" {
			n = 2
		}
		for i := 0; i < n && s.pos.Ply() > 0; i++ {
			s.pos.Unmake()
		}
		x.claimed = false
	case "hard":
		s.ponder = true
	case "easy":
		s.ponder = false
		if x.kind == kindPonder {
			x.stopWait()
		}
	case "post":
		x.post = true
	case "nopost":
		x.post = false
	case "analyze":
		x.analyzing = true
	case "exit":
		x.analyzing = false
	case ".":
		if x.kind == kindAnalyze {
			inf := x.lastInfo()
			var list movegen.MoveList
			s.pos.GenerateLegal(&list)
			x.println(fmt.Sprintf("stat01: %d %d %d %d %d", centis(inf.Time), inf.Nodes, inf.Depth, list.N, list.N))
		}
	case "hint":
		if x.hint != movegen.NullMove && x.hintPos == s.pos.Key() {
			x.println("Hint: " + s.pos.MoveXBoard(x.hint))
		}
	case "memory", "cores":
		n, err := strconv.Atoi(arg)
		if err != nil || n < 1 {
			x.println("Error (bad number): " + clean(line))
			break
		}
		o := s.opts
		if cmd == "memory" {
			o.HashMB = n
		} else {
			o.Threads = n
		}
		s.setOptions(o)
	case "option":
		name, value, _ := strings.Cut(arg, "=")
		ok, err := s.setEngineOption(name, value)
		if !ok {
			ok, err = s.setGameOption(name, value)
		}
		if !ok {
			x.println("Error (unknown option): " + clean(name))
		} else if err != nil {
			x.println("Error (bad option value): " + clean(err.Error()))
		}
	case "lift":
		x.lift(arg)
	case "put":
		x.putMid = movegen.NoSquare
		if sq, ok := parseSquareXBoard(s.v, arg); ok && x.waypts[sq] {
			x.putMid = sq
		}
	default:
		x.println("Error (unknown command): " + clean(cmd))
	}
	return false
}

// newPosition forgets what belonged to the previous position.
func (x *xboard) newPosition() {
	x.claimed = false
	x.hint = movegen.NullMove
	x.liftFrom, x.putMid, x.waypts = movegen.NoSquare, movegen.NoSquare, nil
}

// features answers protover.
func (x *xboard) features() {
	x.println(fmt.Sprintf("feature myname=\"%s\" variants=\"%s\" setboard=1 usermove=1 ping=1 playother=1 colors=0 "+
		"memory=1 smp=1 sigint=0 sigterm=0 debug=1 highlight=1 analyze=1 reuse=1 time=1 draw=0 nps=1 name=0 san=0 exclude=0 pause=0",
		x.fullName(), strings.Join(x.variantNames(), ",")))
	x.println("feature option=\"MultiPV -spin 1 1 256\"")
	x.println(fmt.Sprintf("feature option=\"Contempt -spin %d %d %d\"", search.DefaultContempt, -maxContempt, maxContempt))
	x.println("feature option=\"SearchOff -string none\"")
	x.println("feature option=\"SearchParams -string default\"")
	if x.cfg.Reweigh != nil {
		x.println("feature option=\"EvalWeights -string default\"")
	}
	for _, op := range x.gameOptions() {
		vals := make([]string, len(op.values))
		for i, v := range op.values {
			if v == op.def {
				v = "*" + v
			}
			vals[i] = v
		}
		x.println(fmt.Sprintf("feature option=\"%s -combo %s\"", op.name, strings.Join(vals, " /// ")))
	}
	x.println("feature done=1")
}

// level reads "MPS BASE INC" (BASE in minutes or MIN:SEC, INC in seconds).
func (x *xboard) level(arg string) {
	f := strings.Fields(arg)
	if len(f) != 3 {
		x.println("Error (bad level): level " + clean(arg))
		return
	}
	mps, err1 := strconv.Atoi(f[0])
	minutes, secs, _ := strings.Cut(f[1], ":")
	m, err2 := strconv.ParseFloat(minutes, 64)
	sec := 0.0
	var err3 error
	if secs != "" {
		sec, err3 = strconv.ParseFloat(secs, 64)
	}
	inc, ok := seconds(f[2])
	if err1 != nil || err2 != nil || err3 != nil || !ok || mps < 0 || m < 0 || sec < 0 {
		x.println("Error (bad level): level " + clean(arg))
		return
	}
	x.mps, x.inc, x.st = mps, inc, 0
	x.base = time.Duration((m*60 + sec) * float64(time.Second))
	x.myTime, x.oppTime = x.base, x.base
}

// seconds reads a non-negative number of seconds.
func seconds(t string) (time.Duration, bool) {
	f, err := strconv.ParseFloat(strings.TrimSpace(t), 64)
	if err != nil || f < 0 || f > 1e7 {
		return 0, false
	}
	return time.Duration(f * float64(time.Second)), true
}

func centis(d time.Duration) int64 { return int64(d / (10 * time.Millisecond)) }

// usermove plays the opponent's (or, in force mode, anybody's) move.
func (x *xboard) usermove(t string) {
	s := x.session
	m, err := s.pos.ParseMoveXBoard(strings.TrimSpace(t))
	if err != nil {
		x.println("Illegal move: " + strings.ReplaceAll(t, "\n", " "))
		return
	}
	s.pos.Make(m)
	x.newPosition()
	if !x.force && !x.analyzing && s.pos.SideToMove() == x.engineSide {
		x.think()
	}
}

// claim announces the end of the game if it is over; it reports whether
// it is. One win goes unclaimed: in an engine-against-engine game, the
// win of the side that just moved where the side to move must pass (a
// forced pass that leaves its royal to be taken, reiwa dai's Spirit
// rule). XBoard knows no forced pass, sees the loser's other moves, and
// forfeits a claim its own rules do not confirm ("False win claim");
// the loser's claim of its own loss it accepts without a test, and Kirin
// on the losing side makes it. Against a human XBoard tests no claim.
func (x *xboard) claim() bool {
	o := x.pos.Outcome()
	if o.Result == movegen.Ongoing {
		return false
	}
	if x.vsEngine && x.pos.MustPass() && x.pos.SideToMove() != x.engineSide &&
		o.Result == movegen.Win(x.engineSide) {
		return true
	}
	if !x.claimed {
		x.claimed = true
		x.println(fmt.Sprintf("%s {%s}", o.Result, clean(o.Reason)))
	}
	return true
}

// limits turns the clocks and levels into search limits for side us.
// With nps in force the same limits are counted in nodes: st 1 with nps
// 5000 is 5000 nodes a move, and a clock of 60 s with nps 5000 is 300,000
// nodes for the rest of the game (XBoard charges the engine's clock by the
// node count of its thinking output divided by the rate).
func (x *xboard) limits(us movegen.Color) search.Limits {
	lim := search.Limits{Depth: x.sd, NodeRate: uint64(x.nps)}
	switch {
	case x.st > 0:
		lim.MoveTime = x.st
	case x.myTime <= 0 && x.inc == 0:
		lim.MoveTime = 10 * time.Millisecond // the flag has fallen: move at once
	default:
		lim.Time[us], lim.Time[us.Other()] = x.myTime, x.oppTime
		lim.Inc[us], lim.Inc[us.Other()] = x.inc, x.inc
		if x.mps > 0 {
			lim.MovesToGo = x.mps - (x.pos.Ply()/2)%x.mps
		}
	}
	return lim
}

// think starts the search for the engine's move, or claims the game end.
func (x *xboard) think() {
	if x.claim() {
		return
	}
	pos := x.pos.Clone()
	x.start(kindThink, pos, x.limits(pos.SideToMove()), x.reporter(pos, false))
}

// startAnalysis starts an infinite search of the current position.
func (x *xboard) startAnalysis() {
	pos := x.pos.Clone()
	// sd limits analysis too (the search then waits for exit), which also
	// makes analysis transcripts reproducible.
	x.start(kindAnalyze, pos, search.Limits{Infinite: true, Depth: x.sd}, x.reporter(pos, true))
}

// reporter prints thinking output: depth score time nodes pv.
func (x *xboard) reporter(pos *movegen.Position, always bool) func(search.Info) {
	post := x.post || always
	return func(inf search.Info) {
		if post {
			x.println(thinkingLine(pos, inf))
		}
	}
}

// thinkingLine writes one line of thinking output.
func thinkingLine(pos *movegen.Position, inf search.Info) string {
	var pv strings.Builder
	for i, m := range inf.PV {
		if i > 0 {
			pv.WriteByte(' ')
		}
		pv.WriteString(pos.MoveXBoard(m))
	}
	switch inf.Bound {
	case search.BoundUpper:
		pv.WriteByte('?')
	case search.BoundLower:
		pv.WriteByte('!')
	}
	return fmt.Sprintf("%d %d %d %d %s", inf.Depth, cecpScore(inf.Score), centis(inf.Time), inf.Nodes, pv.String())
}

// cecpScore writes a score as CECP does: centipawns, or ±100000±moves.
func cecpScore(sc int) int {
	if !search.IsMate(sc) {
		return sc
	}
	n := mateMoves(sc)
	if n > 0 {
		return 100000 + n
	}
	return -100000 + n
}

// finished handles the result of a search that ended by itself or by ?.
func (x *xboard) finished(r search.Result, kind searchKind) {
	if kind != kindThink {
		return // pondering and analysis results are never played
	}
	s := x.session
	if r.Best == movegen.NullMove {
		x.claim()
		return
	}
	if m := notSuicide(s.pos, r.Best); m != r.Best {
		r.Best, r.Ponder = m, movegen.NullMove
	}
	if x.nps > 0 && x.post && r.Depth > 0 {
		// XBoard charges a node clock by the node count of the last
		// thinking line, and the search ended inside an iteration it did
		// not report: repeat the last one with all the nodes searched.
		pv := r.PV
		if len(pv) == 0 || pv[0] != r.Best {
			pv = []movegen.Move{r.Best}
		}
		x.println(thinkingLine(s.pos, search.Info{Depth: r.Depth, Score: r.Score, Time: r.Time, Nodes: r.Nodes, PV: pv}))
	}
	x.println("move " + s.pos.MoveXBoard(r.Best))
	s.pos.Make(r.Best)
	x.newPosition()
	if x.claim() {
		return
	}
	x.hint, x.hintPos = r.Ponder, s.pos.Key()
	// No pondering on a node clock: XBoard charges the clock by the node
	// count the engine reports, which would then include the nodes of the
	// opponent's time, and the game would depend on the wall clock again.
	if s.ponder && !x.force && x.nps == 0 && r.Ponder != movegen.NullMove {
		pos := s.pos.Clone()
		if _, err := pos.ParseMoveXBoard(pos.MoveXBoard(r.Ponder)); err == nil {
			pos.Make(r.Ponder)
			if pos.Outcome().Result == movegen.Ongoing {
				// The clock limits are the engine's own, which do not
				// run while the opponent thinks; they apply from the
				// ponder hit on.
				lim := x.limits(pos.SideToMove())
				lim.Ponder = true
				x.ponderOn = r.Ponder
				x.start(kindPonder, pos, lim, x.reporter(pos, false))
			}
		}
	}
}

// ponderHit handles a usermove while pondering: when it is the move the
// ponder search assumed, the move is played, the search becomes the
// engine's search for its reply (search.Engine.PonderHit starts its clock)
// and ponderHit reports true; otherwise the caller stops the ponder search.
func (x *xboard) ponderHit(arg string) bool {
	s := x.session
	m, err := s.pos.ParseMoveXBoard(strings.TrimSpace(arg))
	if err != nil || m != x.ponderOn || x.force || x.analyzing {
		return false
	}
	s.pos.Make(m)
	x.newPosition()
	if s.pos.SideToMove() != x.engineSide {
		s.pos.Unmake()
		return false
	}
	s.eng.PonderHit()
	s.kind = kindThink
	return true
}

// lift answers XBoard's lift with the squares the piece can go to:
// yellow moves, red captures, cyan way-points of two-leg moves; after a
// put on a way-point, the lift there shows the second legs.
func (x *xboard) lift(arg string) {
	s := x.session
	sq, ok := parseSquareXBoard(s.v, arg)
	if !ok {
		return
	}
	var list movegen.MoveList
	s.pos.GenerateLegal(&list)
	colors := map[movegen.Square]byte{}
	mark := func(to movegen.Square) {
		if colors[to] == 'C' {
			return
		}
		if p := s.pos.At(to); p != movegen.Empty && p.Color() != s.pos.SideToMove() || to == x.liftFrom && x.putMid != movegen.NoSquare {
			colors[to] = 'R'
		} else {
			colors[to] = 'Y'
		}
	}
	if x.putMid != movegen.NoSquare && sq == x.putMid && x.liftFrom != movegen.NoSquare {
		for _, m := range list.Slice() {
			if !m.IsDrop() && !m.IsPass() && m.From() == x.liftFrom && m.Mid() == sq {
				if m.Mid2() != movegen.NoSquare {
					colors[m.Mid2()] = 'C'
				} else {
					mark(m.To())
				}
			}
		}
		x.putMid = movegen.NoSquare
	} else {
		x.liftFrom, x.putMid = sq, movegen.NoSquare
		x.waypts = map[movegen.Square]bool{}
		for _, m := range list.Slice() {
			if m.IsDrop() || m.IsPass() || m.From() != sq {
				continue
			}
			if mid := m.Mid(); mid != movegen.NoSquare {
				colors[mid] = 'C'
				x.waypts[mid] = true
			} else {
				mark(m.To())
			}
		}
	}
	x.println("highlight " + colorFEN(s.v, colors))
}

// colorFEN lays out square colours like a FEN board.
func colorFEN(v *movegen.Variant, colors map[movegen.Square]byte) string {
	return movegen.BoardField(v.Ranks, v.Files, func(r, f int) string {
		if col, ok := colors[movegen.MakeSquare(r, f)]; ok {
			return string(col)
		}
		return ""
	})
}

// notSuicide returns m, or, if m leaves the mover's only royal piece
// where the opponent can take it and another legal move does not, that
// move. In games without a check rule (chu, dai) such a move is legal and
// the search plays one when every move loses, but XBoard judges these
// games with a check rule: it forfeited Kirin for moving its King into
// capture against HaChu in chu (only a move that was lost anyway, so
// nothing is given up by playing another).
func notSuicide(pos *movegen.Position, m movegen.Move) movegen.Move {
	us := pos.SideToMove()
	if pos.Variant().Check || pos.RoyalCount(us) != 1 || !leavesRoyal(pos, m) {
		return m
	}
	var list movegen.MoveList
	pos.GenerateLegal(&list)
	safe := m
	for _, alt := range list.Slice() {
		if leavesRoyal(pos, alt) {
			continue
		}
		// Prefer a move that does not end the game at once (a repetition
		// the rules score as a loss, as HaChu's do).
		pos.Make(alt)
		over := pos.Outcome().Result != movegen.Ongoing
		pos.Unmake()
		if !over {
			return alt
		}
		if safe == m {
			safe = alt
		}
	}
	return safe
}

// leavesRoyal reports whether after m the opponent attacks a royal piece
// of the side that played it.
func leavesRoyal(pos *movegen.Position, m movegen.Move) bool {
	us := pos.SideToMove()
	pos.Make(m)
	defer pos.Unmake()
	for _, sq := range pos.Pieces(us) {
		if pos.Variant().Info(pos.At(sq).Type()).Royal && pos.Attacked(sq, us.Other()) {
			return true
		}
	}
	return false
}
