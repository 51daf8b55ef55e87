package match

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/kirin-shogi/kirin/movegen"
)

// faultKind classifies how a move request failed.
type faultKind int

const (
	faultStart    faultKind = iota // did not start or finish its handshake
	faultCrash                     // the process ended
	faultTime                      // lost on time
	faultHang                      // no move within the hang limit
	faultIllegal                   // illegal or unreadable move
	faultRejected                  // refused a legal move of the opponent
	faultResign                    // resigned
	faultClaim                     // claimed a result the rules do not give
)

// fault is a game-ending event caused by one engine.
type fault struct {
	kind faultKind
	msg  string
}

func (f *fault) Error() string { return f.msg }

// gameState is what the drivers need to know about the game in progress.
type gameState struct {
	v *movegen.Variant
	// startSFEN is the position the game started from; standard reports
	// whether it is the variant's start position.
	startSFEN string
	standard  bool
	// pos is the referee's position now; usi and xb are the moves played
	// so far in USI and XBoard notation.
	pos    *movegen.Position
	usi    []string
	xb     []string
	tc     *TimeControl
	clocks [2]*clock
	// onInfo (may be nil) receives every progress report of the engine
	// that is thinking (Table.Think); onProc (may be nil) receives each
	// engine process as soon as it is started, before the handshake, so
	// that a Table can stop it while the handshake waits.
	onInfo func(Info)
	onProc func(*proc)
}

// thought is an engine's answer to a move request.
type thought struct {
	move     movegen.Move
	text     string
	score    int // centipawns from the mover's view; mate as ±(MateScore - plies)
	hasScore bool
	depth    int
	elapsed  time.Duration
}

// MateScore marks decided scores in a MoveRecord's Score (and
// thought.score): a win in n plies scores MateScore - n, a loss in n
// plies -(MateScore - n).
const MateScore = 100000

// player is one engine in one game.
type player interface {
	// start launches the engine and sets up the game so far.
	start(g *gameState) error
	// think asks for a move in g.pos.
	think(g *gameState) (thought, error)
	// tell passes the opponent's move m (g.pos is still before it).
	tell(g *gameState, m movegen.Move) error
	// finish tells the result and stops the process.
	finish(result movegen.Result, me movegen.Color, reason string)
}

// newPlayer returns the driver for e's protocol.
func newPlayer(e *EngineConfig, log func(dir, line string)) player {
	if e.Proto == CECP {
		return &cecp{cfg: e, log: log}
	}
	return &usiPlayer{cfg: e, log: log}
}

// readErr turns a read error into a fault.
func readErr(name string, err error, g *gameState, hang bool) error {
	if err == errExited {
		return &fault{faultCrash, name + " disconnects"}
	}
	if hang || !g.tc.HasClock() && g.tc.MoveTime == 0 {
		return &fault{faultHang, name + " stalls (no move within " + g.tc.Hang.String() + ")"}
	}
	return &fault{faultTime, name + " loses on time"}
}

// ---- USI ----

// usiPlayer drives a USI engine. start records the options the engine
// offers (offered, lower case) and the "info string" lines it sends
// between the options and readyok (notes: where an engine refuses an
// option; kirin match spsa reads them).
type usiPlayer struct {
	cfg     *EngineConfig
	log     func(dir, line string)
	p       *proc
	offered map[string]bool
	notes   []string
}

func (u *usiPlayer) start(g *gameState) error {
	p, err := startProc(u.cfg, u.log)
	if err != nil {
		return &fault{faultStart, u.cfg.Name + " does not start: " + err.Error()}
	}
	u.p = p
	if g.onProc != nil {
		g.onProc(p)
	}
	deadline := time.Now().Add(g.tc.Hang)
	fail := func(what string, err error) error {
		if err == errExited {
			return &fault{faultStart, u.cfg.Name + " exits during " + what}
		}
		return &fault{faultStart, u.cfg.Name + " does not answer " + what}
	}
	if err := p.send("usi"); err != nil {
		return fail("usi", err)
	}
	opts := map[string]bool{}
	u.offered = opts
	for {
		l, err := p.readLine(deadline)
		if err != nil {
			return fail("usi", err)
		}
		f := strings.Fields(l)
		if len(f) >= 3 && f[0] == "option" && f[1] == "name" {
			opts[strings.ToLower(f[2])] = true
		}
		if l == "usiok" || l == "uciok" {
			break
		}
	}
	for _, o := range u.cfg.Options {
		if err := p.send("setoption name " + o.Name + " value " + o.Value); err != nil {
			return fail("setoption", err)
		}
	}
	name := u.cfg.Variant
	if name == "" {
		name = g.v.Name
	}
	for _, opt := range []string{"USI_Variant", "UCI_Variant"} {
		if opts[strings.ToLower(opt)] {
			if err := p.send("setoption name " + opt + " value " + name); err != nil {
				return fail("setoption", err)
			}
			break
		}
	}
	if err := p.send("isready"); err != nil {
		return fail("isready", err)
	}
	for {
		l, err := p.readLine(deadline)
		if err != nil {
			return fail("isready", err)
		}
		if l == "readyok" {
			break
		}
		if strings.HasPrefix(l, "info string") {
			u.notes = append(u.notes, strings.TrimSpace(strings.TrimPrefix(l, "info string")))
		}
	}
	if err := p.send("usinewgame"); err != nil {
		return fail("usinewgame", err)
	}
	return nil
}

// goArgs writes the limits of a go command.
func goArgs(g *gameState, sente, gote, incName [2]string, byoyomi bool) string {
	tc := g.tc
	var b strings.Builder
	b.WriteString("go")
	if tc.HasClock() {
		fmt.Fprintf(&b, " %s %d %s %d", sente[0], g.clocks[movegen.Black].left.Milliseconds(), gote[0], g.clocks[movegen.White].left.Milliseconds())
		if tc.Inc > 0 {
			fmt.Fprintf(&b, " %s %d %s %d", incName[0], tc.Inc.Milliseconds(), incName[1], tc.Inc.Milliseconds())
		}
		if tc.Byoyomi > 0 && byoyomi {
			fmt.Fprintf(&b, " byoyomi %d", tc.Byoyomi.Milliseconds())
		}
		if n := g.clocks[g.pos.SideToMove()].movesToGo(); n > 0 {
			fmt.Fprintf(&b, " movestogo %d", n)
		}
	}
	if tc.MoveTime > 0 {
		fmt.Fprintf(&b, " movetime %d", tc.MoveTime.Milliseconds())
	}
	if tc.Depth > 0 {
		fmt.Fprintf(&b, " depth %d", tc.Depth)
	}
	if tc.Nodes > 0 {
		fmt.Fprintf(&b, " nodes %d", tc.Nodes)
	}
	if b.Len() == 2 {
		b.WriteString(" infinite")
	}
	return b.String()
}

func (u *usiPlayer) think(g *gameState) (thought, error) {
	var th thought
	pos := "position startpos"
	if !g.standard {
		pos = "position sfen " + g.startSFEN
	}
	if len(g.usi) > 0 {
		pos += " moves " + strings.Join(g.usi, " ")
	}
	sente, gote := [2]string{"btime", ""}, [2]string{"wtime", ""}
	if u.cfg.SwapClocks {
		sente, gote = gote, sente
	}
	goCmd := goArgs(g, sente, gote, [2]string{"binc", "winc"}, true)
	me := g.pos.SideToMove()
	t0 := time.Now()
	deadline := t0.Add(g.clocks[me].allowance())
	if err := u.p.send(pos, goCmd); err != nil {
		return th, &fault{faultCrash, u.cfg.Name + " disconnects"}
	}
	for {
		l, err := u.p.readLine(deadline)
		if err != nil {
			return th, readErr(u.cfg.Name, err, g, false)
		}
		f := strings.Fields(l)
		if len(f) == 0 {
			continue
		}
		switch f[0] {
		case "info":
			usiInfo(f, &th)
			if g.onInfo != nil {
				if inf, ok := usiInfoLine(g.pos, f); ok {
					g.onInfo(inf)
				}
			}
		case "bestmove":
			th.elapsed = time.Since(t0)
			if len(f) < 2 {
				return th, &fault{faultIllegal, u.cfg.Name + " sends an empty bestmove"}
			}
			switch f[1] {
			case "resign":
				return th, &fault{faultResign, u.cfg.Name + " resigns"}
			case "win":
				return th, &fault{faultClaim, u.cfg.Name + " makes a false win claim"}
			}
			m, err := g.pos.ParseMoveUSI(f[1])
			if err != nil {
				return th, &fault{faultIllegal, u.cfg.Name + " makes an illegal move: " + clip(f[1])}
			}
			th.move, th.text = m, f[1]
			return th, nil
		}
	}
}

// usiInfo reads depth and score from an info line (USI mate in plies).
func usiInfo(f []string, th *thought) {
	for i := 1; i+1 < len(f); i++ {
		switch f[i] {
		case "depth":
			if n, err := strconv.Atoi(f[i+1]); err == nil {
				th.depth = n
			}
		case "score":
			if i+2 < len(f) {
				n, err := strconv.Atoi(strings.TrimPrefix(f[i+2], "+"))
				if err != nil {
					continue
				}
				switch f[i+1] {
				case "cp":
					th.score, th.hasScore = n, true
				case "mate":
					th.hasScore = true
					if n >= 0 && !strings.HasPrefix(f[i+2], "-") {
						th.score = MateScore - n
					} else {
						th.score = -MateScore - n
					}
				}
			}
		case "pv":
			return
		}
	}
}

func (u *usiPlayer) tell(*gameState, movegen.Move) error { return nil }

func (u *usiPlayer) finish(result movegen.Result, me movegen.Color, reason string) {
	if u.p == nil {
		return
	}
	word := "draw"
	switch result {
	case movegen.Win(me):
		word = "win"
	case movegen.Win(me.Other()):
		word = "lose"
	}
	u.p.close(time.Second, "stop", "gameover "+word, "quit")
}

// ---- CECP ----

// cecp drives an XBoard protocol 2 engine.
type cecp struct {
	cfg      *EngineConfig
	log      func(dir, line string)
	p        *proc
	usermove bool
	ping     bool
	memory   bool
	nps      bool   // takes nps N (node clocks), which a node limit needs
	pending  string // legs of a multi-leg move sent one per line
}

var (
	featureRE  = regexp.MustCompile(`([a-zA-Z_]+)=("[^"]*"|\S+)`)
	thinkingRE = regexp.MustCompile(`^\s*(\d+)\s+(-?\d+)\s+(\d+)\s+(\d+)\b`)
)

// errNoNPS is the error of a node limit for a CECP engine without nps.
func errNoNPS(name string) error {
	return fmt.Errorf("engine %s speaks CECP without feature nps=1: it cannot take a node limit", name)
}

// startFault turns a handshake error into a start fault.
func (c *cecp) startFault(what string, err error) error {
	if err == errExited {
		return &fault{faultStart, c.cfg.Name + " exits during " + what}
	}
	return &fault{faultStart, c.cfg.Name + " does not answer " + what}
}

// featureWait is how long a CECP engine has for its features after
// protover 2 unless it sends done=0: XBoard's 2 s.
const featureWait = 2 * time.Second

// handshake starts the engine and reads its features, accepting each one.
// onProc (may be nil) receives the process before the handshake.
func (c *cecp) handshake(hang time.Duration, onProc func(*proc)) error {
	p, err := startProc(c.cfg, c.log)
	if err != nil {
		return &fault{faultStart, c.cfg.Name + " does not start: " + err.Error()}
	}
	c.p = p
	if onProc != nil {
		onProc(p)
	}
	if err := p.send("xboard", "protover 2"); err != nil {
		return c.startFault("protover", err)
	}
	// Features until done=1; an engine that sends none gets featureWait,
	// and done=0 extends the wait to the hang limit (never below
	// featureWait).
	deadline := time.Now().Add(featureWait)
	for done := false; !done; {
		l, err := p.readLine(deadline)
		if err == errTimeout {
			break
		}
		if err != nil {
			return c.startFault("protover", err)
		}
		if !strings.HasPrefix(l, "feature ") {
			continue
		}
		for _, m := range featureRE.FindAllStringSubmatch(l, -1) {
			key, val := m[1], strings.Trim(m[2], `"`)
			switch key {
			case "done":
				if val == "1" {
					done = true
				} else {
					deadline = time.Now().Add(max(hang, featureWait))
				}
				continue
			case "usermove":
				c.usermove = val == "1"
			case "ping":
				c.ping = val == "1"
			case "memory":
				c.memory = val == "1"
			case "nps":
				c.nps = val == "1"
			}
			verdict := "accepted "
			if key == "san" && val == "1" {
				verdict = "rejected "
			}
			if err := p.send(verdict + key); err != nil {
				return c.startFault("features", err)
			}
		}
	}
	return nil
}

// checkNodeLimit starts a CECP engine only to read its features and
// reports an error unless it takes nps, which a node limit needs.
func checkNodeLimit(e *EngineConfig, hang time.Duration, log func(dir, line string)) error {
	c := &cecp{cfg: e, log: log}
	err := c.handshake(hang, nil)
	if c.p != nil {
		c.p.close(time.Second, "quit")
	}
	if err != nil {
		return fmt.Errorf("checking whether engine %s takes a node limit (feature nps=1): %v", e.Name, err)
	}
	if !c.nps {
		return errNoNPS(e.Name)
	}
	return nil
}

func (c *cecp) start(g *gameState) error {
	if err := c.handshake(g.tc.Hang, g.onProc); err != nil {
		return err
	}
	p, fail := c.p, c.startFault
	tc := g.tc
	if tc.Nodes > 0 && !c.nps {
		// Run checks this before the first game.
		return &fault{faultStart, errNoNPS(c.cfg.Name).Error()}
	}
	var setup []string
	if c.memory {
		setup = append(setup, fmt.Sprintf("memory %d", c.cfg.MemoryMB))
	}
	name := c.cfg.Variant
	if name == "" {
		name = g.v.Name
	}
	setup = append(setup, "new")
	if name != "normal" {
		setup = append(setup, "variant "+name)
	}
	setup = append(setup, "force")
	for _, o := range c.cfg.Options {
		setup = append(setup, "option "+o.Name+"="+o.Value)
	}
	switch {
	case tc.Nodes > 0:
		// CECP has no node limit; nps N makes N nodes one second of the
		// engine's clock, so st 1 is N nodes a move. st overrides any
		// level, so the engine plans its moves without the clock, which
		// the runner still keeps on the wall clock.
		setup = append(setup, "st 1", fmt.Sprintf("nps %d", tc.Nodes))
	case tc.HasClock():
		setup = append(setup, fmt.Sprintf("level %d %s %s", tc.Moves, xbBase(tc.Base+tc.Byoyomi), secs(tc.Inc)))
	case tc.MoveTime > 0:
		setup = append(setup, "st "+secs(tc.MoveTime))
	default:
		setup = append(setup, "level 0 1000 0")
	}
	if tc.Depth > 0 {
		setup = append(setup, fmt.Sprintf("sd %d", tc.Depth))
	}
	setup = append(setup, "post", "easy")
	if c.cfg.SetboardAlways || !g.standard {
		// The start position, then the moves so far.
		start, err := movegen.NewPosition(g.v, g.startSFEN)
		if err != nil {
			return err
		}
		setup = append(setup, "setboard "+xboardFEN(start))
	}
	if !c.cfg.SetboardAlways {
		for _, m := range g.xb {
			setup = append(setup, c.moveCmd(m))
		}
	}
	if err := p.send(setup...); err != nil {
		return fail("setup", err)
	}
	if c.ping {
		if err := p.send("ping 1"); err != nil {
			return fail("ping", err)
		}
		deadline := time.Now().Add(g.tc.Hang)
		for {
			l, err := p.readLine(deadline)
			if err != nil {
				return fail("ping", err)
			}
			if strings.HasPrefix(l, "Illegal move") {
				return &fault{faultRejected, c.cfg.Name + " refuses an opening move: " + clip(l)}
			}
			if l == "pong 1" {
				break
			}
		}
	}
	return nil
}

// xbBase writes a level base time: minutes, or MIN:SEC.
func xbBase(d time.Duration) string {
	s := int(d.Round(time.Second) / time.Second)
	if s%60 == 0 {
		return strconv.Itoa(s / 60)
	}
	return fmt.Sprintf("%d:%02d", s/60, s%60)
}

func (c *cecp) moveCmd(m string) string {
	if c.usermove {
		return "usermove " + m
	}
	return m
}

func (c *cecp) think(g *gameState) (thought, error) {
	var th thought
	me := g.pos.SideToMove()
	var cmds []string
	if c.cfg.SetboardAlways {
		cmds = append(cmds, "force", "setboard "+xboardFEN(g.pos))
	}
	tc := g.tc
	own, opp := g.clocks[me].left+tc.Byoyomi, g.clocks[me.Other()].left+tc.Byoyomi
	if !tc.HasClock() {
		own, opp = 1000*time.Minute, 1000*time.Minute
		if tc.MoveTime > 0 {
			own, opp = tc.MoveTime, tc.MoveTime
		}
	}
	cmds = append(cmds, fmt.Sprintf("time %d", own/(10*time.Millisecond)), fmt.Sprintf("otim %d", opp/(10*time.Millisecond)), "go")
	t0 := time.Now()
	deadline := t0.Add(g.clocks[me].allowance())
	if err := c.p.send(cmds...); err != nil {
		return th, &fault{faultCrash, c.cfg.Name + " disconnects"}
	}
	c.pending = ""
	claim := ""
	for {
		l, err := c.p.readLine(deadline)
		if err != nil {
			err = readErr(c.cfg.Name, err, g, false)
			if f := err.(*fault); claim != "" {
				f.msg += " after claiming " + claim
			}
			return th, err
		}
		t := strings.TrimSpace(l)
		switch {
		case strings.HasPrefix(t, "move "):
			c.pending += strings.TrimSpace(t[5:])
			if strings.HasSuffix(c.pending, ",") {
				continue
			}
			th.elapsed = time.Since(t0)
			_ = c.p.send("force")
			m, err := g.pos.ParseMoveXBoard(c.pending)
			if err != nil {
				return th, &fault{faultIllegal, c.cfg.Name + " makes an illegal move: " + clip(c.pending)}
			}
			th.move, th.text = m, c.pending
			return th, nil
		case strings.HasPrefix(t, "Illegal move"):
			return th, &fault{faultRejected, c.cfg.Name + " refuses a legal move: " + clip(t)}
		case strings.HasPrefix(t, "resign") || strings.Contains(t, " resigns"):
			return th, &fault{faultResign, c.cfg.Name + " resigns"}
		case strings.HasPrefix(t, "1-0") || strings.HasPrefix(t, "0-1") || strings.HasPrefix(t, "1/2-1/2"):
			// A claim that the engine itself has lost is a resignation
			// (HaChu sends "0-1 {resign}").
			if strings.HasPrefix(t, movegen.Win(me.Other()).String()) {
				return th, &fault{faultResign, c.cfg.Name + " resigns"}
			}
			// Other claims are left to the referee, which has already found
			// the game going on: the engine must still move (SjaakII
			// claims 50-move draws that okisaki does not have, after its
			// move or instead of one).
			claim = clip(t)
		default:
			if m := thinkingRE.FindStringSubmatch(t); m != nil {
				th.depth, _ = strconv.Atoi(m[1])
				sc, _ := strconv.Atoi(m[2])
				switch {
				case sc >= 100000-1000:
					sc = MateScore - 2*(sc-100000)
				case sc <= -100000+1000:
					sc = -MateScore + 2*(-100000-sc)
				}
				th.score, th.hasScore = sc, true
				if g.onInfo != nil {
					g.onInfo(cecpInfo(g.pos, m, t[len(m[0]):], sc))
				}
			}
		}
	}
}

func (c *cecp) tell(g *gameState, m movegen.Move) error {
	if c.cfg.SetboardAlways {
		return nil
	}
	if err := c.p.send(c.moveCmd(g.pos.MoveXBoard(m))); err != nil {
		return &fault{faultCrash, c.cfg.Name + " disconnects"}
	}
	return nil
}

func (c *cecp) finish(result movegen.Result, _ movegen.Color, reason string) {
	if c.p == nil {
		return
	}
	c.p.close(time.Second, "result "+result.String()+" {"+reason+"}", "quit")
}

// xboardFEN writes pos in XBoard's FEN: the SFEN board, holdings in
// brackets for drop games (upper case for the first mover), w when the
// first mover is to move.
func xboardFEN(pos *movegen.Position) string {
	v := pos.Variant()
	board := strings.Fields(pos.SFEN())[0]
	if v.Drops {
		var hand strings.Builder
		for c := movegen.Black; c <= movegen.White; c++ {
			for _, t := range v.HandTypes {
				id := v.Pieces[t].ID
				if c == movegen.White {
					id = strings.ToLower(id)
				}
				hand.WriteString(strings.Repeat(id, pos.Hand(c, t)))
			}
		}
		if hand.Len() == 0 {
			hand.WriteString("-")
		}
		board += "[" + hand.String() + "]"
	}
	side := "w"
	if pos.SideToMove() == movegen.White {
		side = "b"
	}
	return board + " " + side + " 0 1"
}

// clip shortens engine text quoted in a reason.
func clip(s string) string {
	s = strings.Map(func(r rune) rune {
		if r < ' ' || r == '{' || r == '}' {
			return '?'
		}
		return r
	}, s)
	if len(s) > 40 {
		return s[:40] + "..."
	}
	return s
}
