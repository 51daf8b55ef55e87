package protocol

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/kirin-shogi/kirin/movegen"
	"github.com/kirin-shogi/kirin/search"
)

// dialect tells the USI and UCI front ends apart; they share one state
// machine.
type dialect int

const (
	dialectUSI dialect = iota
	dialectUCI
)

// usi is the USI/UCI front end's state.
type usi struct {
	*session
	d       dialect
	goPos   *movegen.Position // the position of the running go
	mateUSI bool              // the running go is a USI go mate
}

// usi runs the USI or UCI front end until quit or the end of input.
func (s *session) usi(lines <-chan string, d dialect) {
	u := &usi{session: s, d: d}
	u.hello()
	for {
		line, res, ok := s.next(lines)
		if !ok {
			s.stopWait()
			return
		}
		if res != nil {
			u.bestmove(*res)
			continue
		}
		if u.handle(line) {
			return
		}
	}
}

// name returns USI's or UCI's word for a thing (usiok/uciok, ...).
func (u *usi) word(usiWord, uciWord string) string {
	if u.d == dialectUSI {
		return usiWord
	}
	return uciWord
}

// hello answers usi/uci: identity, options, usiok/uciok.
func (u *usi) hello() {
	u.println("id name " + u.fullName())
	u.println("id author " + u.cfg.Author)
	vars := "var " + strings.Join(u.variantNames(), " var ")
	def := u.varName
	if u.d == dialectUSI {
		u.println(fmt.Sprintf("option name USI_Hash type spin default %d min 1 max %d", u.opts.HashMB, u.cfg.MaxHashMB))
		u.println("option name USI_Ponder type check default false")
		u.println(fmt.Sprintf("option name Threads type spin default 1 min 1 max %d", u.cfg.MaxThreads))
		u.println("option name MultiPV type spin default 1 min 1 max 256")
		u.println(fmt.Sprintf("option name Contempt type spin default %d min %d max %d", search.DefaultContempt, -maxContempt, maxContempt))
		u.println("option name USI_Variant type combo default " + def + " " + vars)
		u.println("option name UCI_Variant type combo default " + def + " " + vars)
	} else {
		u.println(fmt.Sprintf("option name Hash type spin default %d min 1 max %d", u.opts.HashMB, u.cfg.MaxHashMB))
		u.println("option name Ponder type check default false")
		u.println(fmt.Sprintf("option name Threads type spin default 1 min 1 max %d", u.cfg.MaxThreads))
		u.println("option name MultiPV type spin default 1 min 1 max 256")
		u.println(fmt.Sprintf("option name Contempt type spin default %d min %d max %d", search.DefaultContempt, -maxContempt, maxContempt))
		u.println("option name UCI_Variant type combo default " + def + " " + vars)
	}
	u.println("option name SearchOff type string default none")
	u.println("option name SearchParams type string default default")
	if u.cfg.Reweigh != nil {
		u.println("option name EvalWeights type string default default")
	}
	for _, op := range u.gameOptions() {
		u.println(fmt.Sprintf("option name %s type combo default %s var %s", op.name, op.def, strings.Join(op.values, " var ")))
	}
	u.println(u.word("usiok", "uciok"))
}

// info prints a diagnostic the GUI shows or ignores.
func (u *usi) info(msg string) {
	u.println("info string " + strings.ReplaceAll(msg, "\n", " "))
}

// handle executes one command line; it returns true on quit.
func (u *usi) handle(line string) bool {
	f := strings.Fields(line)
	if len(f) == 0 {
		return false
	}
	cmd := f[0]
	if u.kind != kindNone {
		switch cmd {
		case "isready":
			u.println("readyok")
			return false
		case "stop":
			if r, ok := u.stopWait(); ok {
				u.bestmove(r)
			}
			return false
		case "ponderhit":
			u.eng.PonderHit()
			return false
		case "quit":
			u.stopWait()
			return true
		case "gameover":
			u.stopWait() // no bestmove after the game
			return false
		case "debug", "register":
			return false
		}
		// Anything else ends the search first (a GUI should not send it).
		if r, ok := u.stopWait(); ok {
			u.bestmove(r)
		}
	}
	switch cmd {
	case "quit":
		return true
	case "usi", "uci":
		u.hello()
	case "isready":
		if v, err := u.variant(); err == nil && v.ID != u.v.ID {
			u.resetGame()
		}
		u.engine()
		if msg := u.weightsMismatch(); msg != "" {
			u.info(msg)
		}
		u.println("readyok")
	case "setoption":
		u.setoption(f[1:])
	case "usinewgame", "ucinewgame":
		u.resetGame()
		u.engine().Clear()
	case "position":
		u.position(f[1:])
	case "go":
		u.goCmd(f[1:])
	case "stop", "ponderhit", "gameover", "debug", "register":
		// nothing runs
	default:
		u.info("unknown command " + quote(line))
	}
	return false
}

// setoption reads "name ID [value X]" (UCI names may have spaces).
func (u *usi) setoption(f []string) {
	if len(f) < 2 || f[0] != "name" {
		u.info("setoption needs: setoption name ID [value X]")
		return
	}
	var name, value []string
	inValue := false
	for _, w := range f[1:] {
		if w == "value" && !inValue {
			inValue = true
			continue
		}
		if inValue {
			value = append(value, w)
		} else {
			name = append(name, w)
		}
	}
	n, val := strings.Join(name, " "), strings.Join(value, " ")
	switch strings.ToLower(n) {
	case "usi_variant", "uci_variant":
		if err := u.selectVariant(val); err != nil {
			u.info(err.Error())
			return
		}
		u.resetGame()
		return
	}
	ok, err := u.setEngineOption(n, val)
	if !ok {
		ok, err = u.setGameOption(n, val)
		if ok && err == nil {
			u.resetGame()
		}
	}
	if !ok {
		u.info("unknown option " + quote(n))
	} else if err != nil {
		u.info(err.Error())
	}
}

// position sets up startpos, sfen (USI, and UCI for our SFEN) or fen (UCI:
// XBoard's FEN) and plays the moves; on any error the old position stays.
func (u *usi) position(f []string) {
	v, err := u.variant()
	if err != nil {
		u.info(err.Error())
		return
	}
	if len(f) == 0 {
		u.info("position needs startpos, sfen or fen")
		return
	}
	k := len(f)
	for i, w := range f {
		if w == "moves" {
			k = i
			break
		}
	}
	var pos *movegen.Position
	switch f[0] {
	case "startpos":
		if k != 1 {
			u.info("position startpos takes no fields before moves")
			return
		}
		pos, err = movegen.NewPosition(v, "startpos")
	case "sfen":
		pos, err = movegen.NewPosition(v, strings.Join(f[1:k], " "))
	case "fen":
		var sfen string
		if sfen, err = fenToSFEN(v, strings.Join(f[1:k], " ")); err == nil {
			pos, err = movegen.NewPosition(v, sfen)
		}
	default:
		u.info("position needs startpos, sfen or fen, got " + quote(f[0]))
		return
	}
	if err != nil {
		u.info("bad position: " + err.Error())
		return
	}
	if k < len(f) {
		for i, t := range f[k+1:] {
			m, err := u.parseMove(pos, t)
			if err != nil {
				u.info(fmt.Sprintf("move %d %s: %v; position unchanged", i+1, t, err))
				return
			}
			pos.Make(m)
		}
	}
	u.v, u.pos = v, pos
}

func (u *usi) parseMove(pos *movegen.Position, t string) (movegen.Move, error) {
	if u.d == dialectUSI {
		return pos.ParseMoveUSI(t)
	}
	return parseMoveUCI(pos, t)
}

func (u *usi) moveText(pos *movegen.Position, m movegen.Move) string {
	if u.d == dialectUSI {
		return pos.MoveUSI(m)
	}
	return moveUCI(pos.Variant(), m)
}

// goCmd starts a search with the limits of a go command.
func (u *usi) goCmd(f []string) {
	var lim search.Limits
	first, second := "b", "w" // USI: b = sente = the first mover
	if u.d == dialectUCI {
		first, second = "w", "b" // UCI: white moves first
	}
	u.mateUSI = false
	ms := func(n int) time.Duration { return time.Duration(n) * time.Millisecond }
	for i := 0; i < len(f); i++ {
		key := f[i]
		switch key {
		case "infinite":
			lim.Infinite = true
			continue
		case "ponder":
			lim.Ponder = true
			continue
		case "searchmoves":
			for i+1 < len(f) {
				m, err := u.parseMove(u.pos, f[i+1])
				if err != nil {
					break
				}
				lim.SearchMoves = append(lim.SearchMoves, m)
				i++
			}
			continue
		}
		if i+1 >= len(f) {
			u.info("go: " + key + " needs a value")
			break
		}
		val := f[i+1]
		i++
		if key == "mate" && val == "infinite" && u.d == dialectUSI {
			u.mateUSI, lim.Mate = true, search.MaxPly
			continue
		}
		n, err := strconv.Atoi(val)
		if err != nil || n < 0 {
			u.info(fmt.Sprintf("go: %s needs a non-negative number, got %q", key, val))
			continue
		}
		switch key {
		case first + "time":
			lim.Time[movegen.Black] = ms(n)
		case second + "time":
			lim.Time[movegen.White] = ms(n)
		case first + "inc":
			lim.Inc[movegen.Black] = ms(n)
		case second + "inc":
			lim.Inc[movegen.White] = ms(n)
		case "byoyomi":
			lim.Byoyomi = ms(n)
		case "movestogo":
			lim.MovesToGo = n
		case "depth":
			lim.Depth = min(n, search.MaxPly)
		case "nodes":
			lim.Nodes = uint64(n)
		case "movetime":
			lim.MoveTime = ms(n)
		case "mate":
			if u.d == dialectUSI {
				// USI: go mate TIME looks for a mate within TIME ms.
				u.mateUSI, lim.Mate, lim.MoveTime = true, search.MaxPly, ms(n)
			} else {
				lim.Mate = n
			}
		default:
			u.info("go: unknown parameter " + quote(key))
			i--
		}
	}
	u.goPos = u.pos.Clone()
	pos := u.pos.Clone()
	u.start(kindThink, pos, lim, u.reporter(pos))
}

// reporter prints one info line per report.
func (u *usi) reporter(pos *movegen.Position) func(search.Info) {
	return func(inf search.Info) {
		var b strings.Builder
		fmt.Fprintf(&b, "info depth %d seldepth %d multipv %d score %s", inf.Depth, inf.SelDepth, inf.MultiPV, u.score(inf.Score))
		switch inf.Bound {
		case search.BoundLower:
			b.WriteString(" lowerbound")
		case search.BoundUpper:
			b.WriteString(" upperbound")
		}
		fmt.Fprintf(&b, " nodes %d nps %d hashfull %d time %d", inf.Nodes, inf.NPS, inf.HashFull, inf.Time.Milliseconds())
		if len(inf.PV) > 0 {
			b.WriteString(" pv")
			for _, m := range inf.PV {
				b.WriteByte(' ')
				b.WriteString(u.moveText(pos, m))
			}
		}
		u.println(b.String())
	}
}

// score writes "cp N" or "mate N" (USI: plies; UCI: moves).
func (u *usi) score(sc int) string {
	if !search.IsMate(sc) {
		return "cp " + strconv.Itoa(sc)
	}
	if u.d == dialectUCI {
		return "mate " + strconv.Itoa(mateMoves(sc))
	}
	if sc > 0 {
		return "mate " + strconv.Itoa(search.Mate-sc)
	}
	return "mate -" + strconv.Itoa(search.Mate+sc)
}

// bestmove reports the result of a go.
func (u *usi) bestmove(r search.Result) {
	pos := u.goPos
	if pos == nil {
		return
	}
	if u.mateUSI {
		u.mateUSI = false
		if search.IsMate(r.Score) && r.Score > 0 && len(r.PV) > 0 {
			var pv []string
			for _, m := range r.PV {
				pv = append(pv, u.moveText(pos, m))
			}
			u.println("checkmate " + strings.Join(pv, " "))
		} else {
			u.println("checkmate nomate")
		}
		return
	}
	if r.Best == movegen.NullMove {
		o := pos.Outcome()
		switch {
		case u.d == dialectUCI:
			u.println("bestmove (none)")
		case o.Result == movegen.Win(pos.SideToMove()):
			u.println("bestmove win")
		default:
			u.println("bestmove resign")
		}
		return
	}
	line := "bestmove " + u.moveText(pos, r.Best)
	if r.Ponder != movegen.NullMove {
		line += " ponder " + u.moveText(pos, r.Ponder)
	}
	u.println(line)
}

// mateMoves converts a decided score into moves to the end, positive if
// the side to move wins. Unlike chess, a side can lose on its own move
// (the bare-king rule), so an odd-ply loss counts as a move too: being
// lost after one's own move is -1, as being mated after the opponent's.
func mateMoves(sc int) int {
	if sc > 0 {
		return (search.Mate - sc + 1) / 2
	}
	return -(search.Mate + sc + 1) / 2
}
