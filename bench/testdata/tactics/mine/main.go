// Command mine plays games and lists candidate tactics positions for the
// suites in bench/testdata/tactics. It is a helper for people, not part of
// the build (directories named testdata are skipped by ./...). See the
// README.md one directory up for how it was used.
//
//	go run ./bench/testdata/tactics/mine -game chu -games 4 -log /tmp/chu.games
//
// Game sources: Fairy-Stockfish 11.1 (shogi, heian, over USI), SjaakII
// (okisaki, over XBoard), HaChu 0.21 (chu, dai, over XBoard, playing both
// sides in force mode), and a built-in player for the other games (a random
// choice among the moves with the best one-ply "capture minus what is left
// hanging" score). The first few plies of each game are random so that
// games differ. Every position of every game (from ply 8 on) is searched by
// a plain material alpha-beta, and positions with a forced gain that is
// found by few root moves are printed as candidate EPD lines, to be looked
// at by hand.
package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/kirin-shogi/kirin/movegen"
)

const mate = 1_000_000

func main() {
	game := flag.String("game", "shogi", "game name")
	games := flag.Int("games", 2, "games to play")
	seed := flag.Int64("seed", 1, "random seed")
	maxPly := flag.Int("maxply", 160, "plies per game")
	depth := flag.Int("depth", 4, "material search depth (even)")
	logFile := flag.String("log", "", "append the games' move lists here")
	readLog := flag.String("read", "", "search the games in this log instead of playing")
	level := flag.String("level", "", "engine strength: USI go arguments, or XBoard sd/st line")
	random := flag.Float64("random", 0, "fraction of moves (after the opening) chosen at random instead of by the engine")
	explainFile := flag.String("explain", "", "print diagrams and main lines for this EPD file")
	flag.Parse()
	if *explainFile != "" {
		explain(*game, *explainFile)
		return
	}
	v, err := movegen.Lookup(*game)
	if err != nil {
		fail(err)
	}
	rng := rand.New(rand.NewSource(*seed))
	var lists [][]string
	if *readLog != "" {
		data, err := os.ReadFile(*readLog)
		if err != nil {
			fail(err)
		}
		for _, l := range strings.Split(string(data), "\n") {
			f := strings.Fields(l)
			if len(f) > 1 && f[0] == *game {
				lists = append(lists, f[1:])
			}
		}
	} else {
		for g := 0; g < *games; g++ {
			moves := play(v, *game, rng, *maxPly, *level, *random)
			fmt.Fprintf(os.Stderr, "game %d: %d plies\n", g+1, len(moves))
			lists = append(lists, moves)
			if *logFile != "" {
				f, err := os.OpenFile(*logFile, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
				if err != nil {
					fail(err)
				}
				fmt.Fprintln(f, *game, strings.Join(moves, " "))
				f.Close()
			}
		}
	}
	for g, moves := range lists {
		scan(v, g+1, moves, *depth)
	}
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, err)
	os.Exit(1)
}

// play returns one game as USI moves.
func play(v *movegen.Variant, game string, rng *rand.Rand, maxPly int, level string, random float64) []string {
	pos, _ := movegen.NewPosition(v, "startpos")
	var eng engine
	switch game {
	case "shogi", "heian":
		eng = newFSF(game, level)
	case "okisaki":
		eng = newXB([]string{"/usr/games/sjaakii", abs("bench/testdata/sjaakii-okisaki.txt")}, game, level, false)
	case "chu", "dai":
		eng = newXB([]string{"/usr/games/hachu"}, game, level, true)
	default:
		eng = &own{rng: rng}
	}
	defer eng.close()
	var moves []string
	var list movegen.MoveList
	for pos.Ply() < maxPly && pos.Outcome().Result == movegen.Ongoing {
		list.N = 0
		pos.GenerateLegal(&list)
		var m movegen.Move
		randomMove := pos.Ply() < 4 || rng.Float64() < random
		if randomMove {
			m = list.Moves[rng.Intn(list.N)]
		} else {
			var err error
			m, err = eng.move(pos)
			if err != nil {
				fmt.Fprintln(os.Stderr, "engine:", err)
				break
			}
		}
		if x, ok := eng.(*xb); ok && randomMove {
			x.tell(pos, m)
		}
		moves = append(moves, pos.MoveUSI(m))
		pos.Make(m)
	}
	return moves
}

func abs(p string) string {
	a, _ := filepath.Abs(p)
	return a
}

type engine interface {
	move(pos *movegen.Position) (movegen.Move, error)
	close()
}

// own is the built-in player.
type own struct{ rng *rand.Rand }

func (o *own) move(pos *movegen.Position) (movegen.Move, error) {
	var list movegen.MoveList
	pos.GenerateLegal(&list)
	v := pos.Variant()
	best, bestScore := []movegen.Move{}, -1<<30
	for _, m := range list.Slice() {
		before := materialOf(pos)
		pos.Make(m)
		score := -materialOf(pos) - before
		if pos.Outcome().Result != movegen.Ongoing {
			score = mate
		} else if !m.IsPass() && pos.At(m.To()) != movegen.Empty && pos.Attacked(m.To(), pos.SideToMove()) {
			score -= v.Pieces[pos.At(m.To()).Type()].Value
		}
		pos.Unmake()
		if score > bestScore {
			best, bestScore = best[:0], score
		}
		if score == bestScore {
			best = append(best, m)
		}
	}
	if len(best) == 0 {
		return 0, fmt.Errorf("no move")
	}
	return best[o.rng.Intn(len(best))], nil
}

func (o *own) close() {}

// fsf drives Fairy-Stockfish over USI.
type fsf struct {
	cmd   *exec.Cmd
	in    io.WriteCloser
	out   *bufio.Scanner
	level string
}

func newFSF(game, level string) *fsf {
	f := &fsf{cmd: exec.Command("/usr/games/fairy-stockfish"), level: level}
	if f.level == "" {
		f.level = "nodes 3000"
	}
	f.in, _ = f.cmd.StdinPipe()
	out, _ := f.cmd.StdoutPipe()
	f.out = bufio.NewScanner(out)
	if err := f.cmd.Start(); err != nil {
		fail(err)
	}
	fmt.Fprintln(f.in, "usi")
	if game == "heian" {
		fmt.Fprintln(f.in, "setoption name VariantPath value "+abs("bench/testdata/fsf-variants.ini"))
	}
	fmt.Fprintln(f.in, "setoption name UCI_Variant value "+game)
	fmt.Fprintln(f.in, "usinewgame")
	return f
}

func (f *fsf) move(pos *movegen.Position) (movegen.Move, error) {
	// Replay the whole game from the start position.
	var ms []string
	c := pos.Clone()
	var hist []movegen.Move
	for c.Ply() > 0 {
		hist = append(hist, c.LastMove())
		c.Unmake()
	}
	for i := len(hist) - 1; i >= 0; i-- {
		ms = append(ms, c.MoveUSI(hist[i]))
		c.Make(hist[i])
	}
	fmt.Fprintf(f.in, "position startpos moves %s\ngo %s\n", strings.Join(ms, " "), f.level)
	for f.out.Scan() {
		l := f.out.Text()
		if strings.HasPrefix(l, "bestmove ") {
			t := strings.Fields(l)[1]
			return pos.ParseMoveUSI(t)
		}
	}
	return 0, fmt.Errorf("fairy-stockfish stopped")
}

func (f *fsf) close() {
	fmt.Fprintln(f.in, "quit")
	f.in.Close()
	_ = f.cmd.Wait()
}

// xb drives an XBoard engine that plays both sides: force, then go for
// each move.
type xb struct {
	// prefix goes before moves sent to the engine: "usermove " for HaChu;
	// SjaakII wants bare moves unless usermove=1 is negotiated.
	prefix string
	cmd    *exec.Cmd
	in     io.WriteCloser
	lines  chan string
}

func newXB(argv []string, game, level string, hachu bool) *xb {
	x := &xb{cmd: exec.Command(argv[0], argv[1:]...), lines: make(chan string, 1000)}
	if hachu {
		x.prefix = "usermove "
	}
	x.in, _ = x.cmd.StdinPipe()
	out, _ := x.cmd.StdoutPipe()
	if err := x.cmd.Start(); err != nil {
		fail(err)
	}
	go func() {
		sc := bufio.NewScanner(out)
		sc.Buffer(make([]byte, 1<<20), 1<<20)
		for sc.Scan() {
			x.lines <- sc.Text()
		}
		close(x.lines)
	}()
	if level == "" {
		level = "sd 3"
	}
	fmt.Fprintf(x.in, "xboard\nprotover 2\nnew\nvariant %s\nmemory 64\nforce\n%s\nlevel 0 10 0\n", game, level)
	return x
}

// tell passes a move made outside the engine (the random opening).
func (x *xb) tell(pos *movegen.Position, m movegen.Move) {
	if x.prefix == "" {
		return
	}
	fmt.Fprintf(x.in, "%s%s\n", x.prefix, pos.MoveXBoard(m))
}

func (x *xb) move(pos *movegen.Position) (movegen.Move, error) {
	if x.prefix == "" {
		// SjaakII: a fresh setboard per move. Fed the game move by move
		// it soon claimed a 50-move-rule draw instead of moving.
		fmt.Fprintf(x.in, "force\nsetboard %s\n", xboardFEN(pos))
	}
	fmt.Fprintln(x.in, "time 60000\notim 60000\ngo")
	text := ""
	timeout := time.After(120 * time.Second)
	for {
		select {
		case l, ok := <-x.lines:
			if !ok {
				return 0, fmt.Errorf("engine exited")
			}
			if !strings.HasPrefix(l, "move ") {
				if strings.HasPrefix(l, "resign") || strings.HasPrefix(l, "1-0") || strings.HasPrefix(l, "0-1") {
					return 0, fmt.Errorf("engine says %q", l)
				}
				continue
			}
			text += strings.TrimSpace(l[5:])
			if strings.HasSuffix(text, ",") {
				continue
			}
			fmt.Fprintln(x.in, "force")
			return pos.ParseMoveXBoard(text)
		case <-timeout:
			return 0, fmt.Errorf("timeout")
		}
	}
}

func (x *xb) close() {
	fmt.Fprintln(x.in, "quit")
	x.in.Close()
	done := make(chan struct{})
	go func() { _ = x.cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(3 * time.Second):
		_ = x.cmd.Process.Kill()
	}
}

// materialOf is the side to move's material minus the opponent's (board
// and hand, piece values from the variant).
func materialOf(pos *movegen.Position) int {
	v := pos.Variant()
	sum := 0
	for c := movegen.Black; c <= movegen.White; c++ {
		s := 0
		for _, sq := range pos.Pieces(c) {
			s += v.Pieces[pos.At(sq).Type()].Value
		}
		for _, t := range v.HandTypes {
			s += pos.Hand(c, t) * v.Pieces[t].Value
		}
		if c == pos.SideToMove() {
			sum += s
		} else {
			sum -= s
		}
	}
	return sum
}

func victim(pos *movegen.Position, m movegen.Move) int {
	if m.IsDrop() || m.IsPass() {
		return 0
	}
	v := pos.Variant()
	n := 0
	for _, s := range []movegen.Square{m.Mid(), m.Mid2(), m.To()} {
		if s != movegen.NoSquare && s != m.From() {
			if p := pos.At(s); p != movegen.Empty && p.Color() != pos.SideToMove() {
				n += v.Pieces[p.Type()].Value
			}
		}
	}
	return n
}

// ab is a fail-hard negamax alpha-beta, material leaves, Outcome at every
// node.
func ab(pos *movegen.Position, depth, alpha, beta, ply int) int {
	if o := pos.Outcome(); o.Result != movegen.Ongoing {
		switch o.Result {
		case movegen.Draw:
			return 0
		case movegen.Win(pos.SideToMove()):
			return mate - ply
		}
		return -(mate - ply)
	}
	if depth == 0 {
		return materialOf(pos)
	}
	moves := ordered(pos)
	for _, m := range moves {
		pos.Make(m)
		s := -ab(pos, depth-1, -beta, -alpha, ply+1)
		pos.Unmake()
		if s >= beta {
			return beta
		}
		if s > alpha {
			alpha = s
		}
	}
	return alpha
}

func ordered(pos *movegen.Position) []movegen.Move {
	var list movegen.MoveList
	pos.GenerateLegal(&list)
	moves := append([]movegen.Move(nil), list.Slice()...)
	vals := make(map[movegen.Move]int, len(moves))
	for _, m := range moves {
		vals[m] = victim(pos, m)
		if m.IsPromotion() {
			vals[m]++
		}
	}
	sort.SliceStable(moves, func(i, j int) bool { return vals[moves[i]] > vals[moves[j]] })
	return moves
}

// best returns the best root score at depth d.
func best(pos *movegen.Position, d int) int {
	return ab(pos, d, -mate-1, mate+1, 0)
}

// scan searches each position of a game.
func scan(v *movegen.Variant, g int, moves []string, depth int) {
	pos, _ := movegen.NewPosition(v, "startpos")
	for i, t := range moves {
		m, err := pos.ParseMoveUSI(t)
		if err != nil {
			fmt.Fprintf(os.Stderr, "game %d ply %d: %v\n", g, i, err)
			return
		}
		if i >= 8 {
			try(pos, g, i, moves[i], depth)
		}
		pos.Make(m)
	}
}

// try prints pos as a candidate when it holds a forced gain.
func try(p *movegen.Position, g, ply int, played string, depth int) {
	pos, err := movegen.NewPosition(p.Variant(), p.SFEN())
	if err != nil {
		return
	}
	v := pos.Variant()
	static := materialOf(pos)
	lastCapture := false
	if lm := p.LastMove(); lm != movegen.NullMove {
		p.Unmake()
		lastCapture = victim(p, lm) > 0
		p.Make(lm)
	}
	// Mates first: depth 1 and 3.
	for _, d := range []int{1, 3} {
		if d > depth+1 {
			break
		}
		if best(pos, d) >= mate-100 {
			sols := solvers(pos, d, mate-100)
			if len(sols) <= 3 {
				report(pos, g, ply, played, d, "mate", sols, lastCapture)
			}
			return
		}
	}
	// A gain within two plies needs a capture on the first: skip the
	// depth-2 search when no capture is worth it.
	if depth < 4 && best(pos, 1)-static < 200 {
		return
	}
	d2 := best(pos, 2) - static
	d4 := d2
	if depth >= 4 {
		d4 = best(pos, 4) - static
	}
	if os.Getenv("MINE_DEBUG") != "" {
		fmt.Fprintf(os.Stderr, "ply %d d2 %d d4 %d\n", ply, d2, d4)
	}
	min := 200
	switch {
	case depth >= 4 && d4 >= min && d4 > d2+100:
		sols := solvers(pos, 4, static+d4)
		if len(sols) <= 3 {
			report(pos, g, ply, played, 4, fmt.Sprint(d4), sols, lastCapture)
		}
	case d2 >= min && !lastCapture:
		sols := solvers(pos, 2, static+d2)
		if len(sols) <= 3 {
			report(pos, g, ply, played, 2, fmt.Sprint(d2), sols, lastCapture)
		}
	}
	_ = v
}

// solvers lists the root moves whose depth-d score reaches target.
func solvers(pos *movegen.Position, d, target int) []movegen.Move {
	var out []movegen.Move
	for _, m := range ordered(pos) {
		pos.Make(m)
		s := -ab(pos, d-1, -target, -target+1, 1)
		pos.Unmake()
		if s >= target {
			out = append(out, m)
		}
	}
	return out
}

func report(pos *movegen.Position, g, ply int, played string, d int, gain string, sols []movegen.Move, lastCap bool) {
	v := pos.Variant()
	var bm, who []string
	for _, m := range sols {
		bm = append(bm, pos.MoveUSI(m))
		if m.IsDrop() {
			who = append(who, "drop "+v.Pieces[m.DropType()].Name)
		} else {
			who = append(who, v.Pieces[pos.At(m.From()).Type()].Name)
		}
	}
	fmt.Printf("%s ; bm %s ; depth %d ; gain %s ; c0 \"game %d ply %d, played %s, movers %s, lastcap %v\"\n",
		pos.SFEN(), strings.Join(bm, " "), d, gain, g, ply, played, strings.Join(who, ","), lastCap)
}

// explain prints, for each line of an EPD file, a board diagram and the
// main line after each bm, for writing the comments.
func explain(game, file string) {
	v, err := movegen.Lookup(game)
	if err != nil {
		fail(err)
	}
	data, err := os.ReadFile(file)
	if err != nil {
		fail(err)
	}
	for n, line := range strings.Split(string(data), "\n") {
		f := strings.Split(line, ";")
		if len(f) < 4 {
			continue
		}
		pos, err := movegen.NewPosition(v, strings.TrimSpace(f[0]))
		if err != nil {
			fmt.Println(n+1, err)
			continue
		}
		var depth int
		fmt.Sscanf(strings.TrimSpace(f[2]), "depth %d", &depth)
		fmt.Printf("#%d %s to move, material %d\n", n+1, map[movegen.Color]string{movegen.Black: "Black", movegen.White: "White"}[pos.SideToMove()], materialOf(pos))
		diagram(pos)
		for _, t := range strings.Fields(strings.TrimSpace(f[1]))[1:] {
			m, err := pos.ParseMoveUSI(t)
			if err != nil {
				fmt.Println(err)
				continue
			}
			pos.Make(m)
			line := []string{describe(pos, m)}
			pv(pos, depth-1, &line)
			pos.Unmake()
			fmt.Println("  line:", strings.Join(line, " "))
		}
	}
}

// describe names a move that has just been made.
func describe(pos *movegen.Position, m movegen.Move) string {
	v := pos.Variant()
	if m.IsPass() {
		return "pass"
	}
	p := pos.At(m.To())
	name := "?"
	if p != movegen.Empty {
		name = v.Pieces[p.Type()].ID
	}
	pos.Unmake()
	t := pos.MoveUSI(m)
	var caps []string
	if !m.IsDrop() && !m.IsPass() {
		for _, s := range []movegen.Square{m.Mid(), m.Mid2(), m.To()} {
			if s != movegen.NoSquare && s != m.From() {
				if q := pos.At(s); q != movegen.Empty && q.Color() != pos.SideToMove() {
					caps = append(caps, v.Pieces[q.Type()].Name)
				}
			}
		}
	}
	pos.Make(m)
	if len(caps) > 0 {
		return fmt.Sprintf("%s:%s(x%s)", name, t, strings.Join(caps, "+"))
	}
	return name + ":" + t
}

// pv appends the minimax line of pos to depth plies.
func pv(pos *movegen.Position, depth int, line *[]string) {
	if depth == 0 || pos.Outcome().Result != movegen.Ongoing {
		if o := pos.Outcome(); o.Result != movegen.Ongoing {
			*line = append(*line, "["+o.Reason+"]")
		}
		return
	}
	bestS, bestM := -mate-1, movegen.NullMove
	for _, m := range ordered(pos) {
		pos.Make(m)
		s := -ab(pos, depth-1, -mate-1, -bestS, 1)
		pos.Unmake()
		if s > bestS {
			bestS, bestM = s, m
		}
	}
	pos.Make(bestM)
	*line = append(*line, describe(pos, bestM))
	pv(pos, depth-1, line)
	pos.Unmake()
}

func diagram(pos *movegen.Position) {
	v := pos.Variant()
	for r := 0; r < v.Ranks; r++ {
		var b strings.Builder
		for f := 0; f < v.Files; f++ {
			p := pos.At(movegen.MakeSquare(r, f))
			if p == movegen.Empty {
				b.WriteString("  . ")
				continue
			}
			id := v.Pieces[p.Type()].ID
			if p.Color() == movegen.White {
				id = strings.ToLower(id)
			}
			fmt.Fprintf(&b, "%4s", id)
		}
		fmt.Printf("%2c %s\n", 'a'+r, b.String())
	}
}

// xboardFEN writes pos as SjaakII reads it: the board, the hands in
// brackets (upper case first player), and w for the first player.
func xboardFEN(pos *movegen.Position) string {
	v := pos.Variant()
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
	side := "w"
	if pos.SideToMove() == movegen.White {
		side = "b"
	}
	return strings.Fields(pos.SFEN())[0] + "[" + hand.String() + "] " + side + " 0 1"
}
