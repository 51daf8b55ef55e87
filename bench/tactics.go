package bench

import (
	"embed"
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"

	"github.com/kirin-shogi/kirin/movegen"
)

// tacticsFS holds the tactics suites, one EPD-like file per game.
//
//go:embed testdata/tactics/*.epd
var tacticsFS embed.FS

// MateGain is the Gain of a tactic whose best move forces a win (checkmate,
// royal capture, bare king or any other end of the game the rules give to
// the side to move) within Depth plies.
const MateGain = math.MaxInt32

// Tactic is one position of a tactics suite: the side to move wins material
// (or the game) by force, and a searcher should find one of the Best moves.
//
// A suite file has one tactic per line, with '#' lines and blank lines
// ignored:
//
//	<sfen> ; bm <usi move>[ <usi move>...] ; depth <plies> ; gain <centipawns|mate> ; c0 "<comment>"
//
// Depth counts plies from the side to move's first move, the best move
// included. Gains are material gains (the side to move's material minus the
// opponent's, piece values from the variant, hands included), measured at the
// end of Depth plies against the best defence; for a material gain Depth is
// even, so the defender always has the last reply.
type Tactic struct {
	// SFEN is the position, in Kirin's SFEN for the game.
	SFEN string
	// Best lists the moves, in Kirin's USI dialect, that achieve Gain
	// within Depth plies.
	Best []string
	// Depth is the number of plies a full-width search needs to prove Gain.
	Depth int
	// Gain is the material won in centipawns, or MateGain.
	Gain int
	// Comment says in words what happens and where the position came from.
	Comment string
}

// TacticGames returns the games that have a tactics suite, sorted.
func TacticGames() []string {
	entries, err := tacticsFS.ReadDir("testdata/tactics")
	if err != nil {
		return nil
	}
	var games []string
	for _, e := range entries {
		if name, ok := strings.CutSuffix(e.Name(), ".epd"); ok {
			games = append(games, name)
		}
	}
	sort.Strings(games)
	return games
}

// LoadTactics returns the embedded tactics suite of game (a name as in
// `kirin variants`).
func LoadTactics(game string) ([]Tactic, error) {
	data, err := tacticsFS.ReadFile("testdata/tactics/" + game + ".epd")
	if err != nil {
		return nil, fmt.Errorf("no tactics suite for %q", game)
	}
	return parseTactics(game+".epd", string(data))
}

// parseTactics reads a suite file; name is used in error messages.
func parseTactics(name, text string) ([]Tactic, error) {
	var out []Tactic
	for i, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || line[0] == '#' {
			continue
		}
		t, err := parseTactic(line)
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %v", name, i+1, err)
		}
		out = append(out, t)
	}
	return out, nil
}

// parseTactic reads one suite line.
func parseTactic(line string) (Tactic, error) {
	var t Tactic
	// The comment is last and may hold any text, so cut it off first.
	k := strings.Index(line, "; c0 \"")
	if k < 0 || !strings.HasSuffix(line, "\"") || len(line) < k+len("; c0 \"\"") {
		return t, fmt.Errorf("missing c0 \"...\" comment at the end")
	}
	t.Comment = line[k+len("; c0 \"") : len(line)-1]
	if strings.TrimSpace(t.Comment) == "" {
		return t, fmt.Errorf("empty comment")
	}
	fields := strings.Split(line[:k], ";")
	t.SFEN = strings.TrimSpace(fields[0])
	if t.SFEN == "" {
		return t, fmt.Errorf("missing SFEN")
	}
	seen := map[string]bool{}
	for _, f := range fields[1:] {
		f = strings.TrimSpace(f)
		key, val, _ := strings.Cut(f, " ")
		val = strings.TrimSpace(val)
		if seen[key] {
			return t, fmt.Errorf("field %q twice", key)
		}
		seen[key] = true
		switch key {
		case "bm":
			t.Best = strings.Fields(val)
		case "depth":
			n, err := strconv.Atoi(val)
			if err != nil || n < 1 {
				return t, fmt.Errorf("bad depth %q", val)
			}
			t.Depth = n
		case "gain":
			if val == "mate" {
				t.Gain = MateGain
				break
			}
			n, err := strconv.Atoi(val)
			if err != nil || n <= 0 {
				return t, fmt.Errorf("bad gain %q (centipawns > 0 or mate)", val)
			}
			t.Gain = n
		default:
			return t, fmt.Errorf("unknown field %q", f)
		}
	}
	switch {
	case len(t.Best) == 0:
		return t, fmt.Errorf("missing bm")
	case t.Depth == 0:
		return t, fmt.Errorf("missing depth")
	case t.Gain == 0:
		return t, fmt.Errorf("missing gain")
	case t.Gain != MateGain && t.Depth%2 != 0:
		return t, fmt.Errorf("a material gain needs an even depth (the defender replies last), got %d", t.Depth)
	}
	return t, nil
}

// The plain material searcher below proves the suites (tactics_test.go)
// and judges an engine move that differs from the listed ones (RunTactics).

const (
	tacticMate = 1_000_000
	// tacticWin is the lowest score that means a won game.
	tacticWin = tacticMate - 1000
)

// tacticMaterial is the side to move's material minus the opponent's.
func tacticMaterial(pos *movegen.Position) int {
	v := pos.Variant()
	score := 0
	for c := movegen.Black; c <= movegen.White; c++ {
		sign := 1
		if c != pos.SideToMove() {
			sign = -1
		}
		for _, s := range pos.Pieces(c) {
			score += sign * v.Pieces[pos.At(s).Type()].Value
		}
		for _, t := range v.HandTypes {
			score += sign * pos.Hand(c, t) * v.Pieces[t].Value
		}
	}
	return score
}

// tacticVictims is the value of the enemy pieces move m takes (for move
// ordering only, so it may be rough).
func tacticVictims(pos *movegen.Position, m movegen.Move) int {
	if m.IsDrop() || m.IsPass() {
		return 0
	}
	n := 0
	for _, s := range []movegen.Square{m.Mid(), m.Mid2(), m.To()} {
		if s == movegen.NoSquare || s == m.From() {
			continue
		}
		if p := pos.At(s); p != movegen.Empty && p.Color() != pos.SideToMove() {
			n += pos.Variant().Pieces[p.Type()].Value
		}
	}
	return n
}

// tacticSearch returns the fail-hard negamax score of pos searched depth
// plies deep within (alpha, beta); ply is the distance from the root.
func tacticSearch(pos *movegen.Position, depth, alpha, beta, ply int, nodes *int) int {
	*nodes++
	if o := pos.Outcome(); o.Result != movegen.Ongoing {
		switch o.Result {
		case movegen.Draw:
			return 0
		case movegen.Win(pos.SideToMove()):
			return tacticMate - ply
		}
		return -(tacticMate - ply)
	}
	if depth == 0 {
		return tacticMaterial(pos)
	}
	var list movegen.MoveList
	pos.GenerateLegal(&list)
	moves := list.Slice()
	// Captures of the most valuable pieces first: only for speed.
	keys := make([]int, len(moves))
	for i, m := range moves {
		keys[i] = tacticVictims(pos, m)
	}
	for i := 1; i < len(moves); i++ {
		for j := i; j > 0 && keys[j] > keys[j-1]; j-- {
			keys[j], keys[j-1] = keys[j-1], keys[j]
			moves[j], moves[j-1] = moves[j-1], moves[j]
		}
	}
	for _, m := range moves {
		pos.Make(m)
		s := -tacticSearch(pos, depth-1, -beta, -alpha, ply+1, nodes)
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
