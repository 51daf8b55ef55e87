package match

import (
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/kirin-shogi/kirin/movegen"
)

// DepthUsage is the command line help of `kirin match depth`.
const DepthUsage = `usage: kirin match depth [--band N] [--variant-file FILE] FILE.pgn...
  How deep and how long each engine searched the moves it played, by stage of the game,
  read from the {score/depth time} comments kirin match writes after every engine move.
  Each engine gets one table for each opponent it met (in a gauntlet, Fairy-Stockfish
  against main and against a test build are kept apart): rows of N plies (--band, 20 by
  default, plies counted from the game's first move, the book moves included), each with
  the moves read, the median and the mean depth, and the mean time a move. A mate found
  makes an engine report the depth of its last iteration, often far beyond the others:
  the median is the figure to compare. Book moves and games from other tools have no such
  comment and are left out; stripped runs (kirin match strip) have none at all. A file
  whose name ends in .gz is gunzipped. A game from an XBoard FEN (a FEN tag without an
  SFEN tag) is read in its Variant tag's game to find who moved first; --variant-file
  gives a game of one's own.
`

// DepthCommand runs `kirin match depth` with its arguments (--band N,
// --variant-file FILE and the PGN files); --help prints DepthUsage.
func DepthCommand(args []string, out io.Writer) error {
	band := 20
	variantFile := ""
	files, help, err := fileArgs(args, DepthUsage, out, func(arg string, rest []string) (int, error) {
		if arg == "--variant-file" {
			if len(rest) == 0 {
				return 0, fmt.Errorf("--variant-file needs a file")
			}
			variantFile = rest[0]
			return 1, nil
		}
		if arg != "--band" {
			return 0, fmt.Errorf("unknown option %s", arg)
		}
		if len(rest) == 0 {
			return 0, fmt.Errorf("--band needs a number of plies")
		}
		n, err := strconv.Atoi(rest[0])
		if err != nil || n < 1 || n > 10000 {
			return 0, fmt.Errorf("--band needs a number of plies from 1 to 10000, got %q", rest[0])
		}
		band = n
		return 1, nil
	})
	if help || err != nil {
		return err
	}
	if len(files) == 0 {
		return fmt.Errorf("give the PGN files to read")
	}
	var games []PGNGame
	var sides [][2]string
	variants := map[string]*movegen.Variant{}
	for _, path := range files {
		pgns, err := readPGNFile(path)
		if err != nil {
			return err
		}
		for i, g := range pgns {
			side, err := moverNames(g, variantFile, variants)
			if err != nil {
				return fmt.Errorf("%s (game %d of the file): %v", path, i+1, err)
			}
			sides = append(sides, side)
		}
		games = append(games, pgns...)
	}
	tables := depthTables(games, sides, band)
	if len(tables) == 0 {
		return fmt.Errorf("no move in these files has a {score/depth time} comment (stripped runs keep none)")
	}
	var b strings.Builder
	for i, t := range tables {
		if i > 0 {
			b.WriteString("\n")
		}
		t.write(&b, band)
	}
	_, err = io.WriteString(out, b.String())
	return err
}

// searchStat is the depth and time of one engine move.
type searchStat struct {
	depth int
	secs  float64
}

// depthTable collects the moves of one engine against one opponent, by
// band of plies.
type depthTable struct {
	engine, opponent string
	games            int
	bands            map[int][]searchStat
}

// depthTables sorts the moves of games by engine and opponent and by band
// of plies, keeping the moves whose comment ParseDepthComment reads, each
// the move of its mover (sides[i] names game i's engines in the order they
// move: moverNames). Tables come in the order their engine and opponent
// first appear.
func depthTables(games []PGNGame, sides [][2]string, band int) []*depthTable {
	var tables []*depthTable
	find := func(engine, opponent string) *depthTable {
		for _, t := range tables {
			if t.engine == engine && t.opponent == opponent {
				return t
			}
		}
		t := &depthTable{engine: engine, opponent: opponent, bands: map[int][]searchStat{}}
		tables = append(tables, t)
		return t
	}
	for gi, g := range games {
		side := sides[gi]
		var seen [2]*depthTable
		for i, c := range g.Comments {
			depth, secs, ok := ParseDepthComment(c)
			if !ok {
				continue
			}
			k := i % 2
			t := find(side[k], side[1-k])
			if seen[k] == nil {
				seen[k] = t
				t.games++
			}
			t.bands[i/band] = append(t.bands[i/band], searchStat{depth, secs})
		}
	}
	return tables
}

// moverNames gives the names of g's engines in the order they move: White
// first (kirin match's convention) unless the game starts with the second
// mover to move, as its SFEN tag says or, without one, its FEN tag (an
// XBoard FEN, where "b" is the second mover: read in the game of the
// Variant tag, with variantFile, as Replay and kirin match ends read it).
func moverNames(g PGNGame, variantFile string, cache map[string]*movegen.Variant) ([2]string, error) {
	side := [2]string{g.Tags["White"], g.Tags["Black"]}
	sfen := g.Tags["SFEN"]
	if sfen == "" && g.Tags["FEN"] != "" {
		v, err := tagVariant(g, variantFile, cache)
		if err == nil {
			sfen, err = g.startSFEN(v)
		}
		if err != nil {
			return side, err
		}
	}
	if f := strings.Fields(sfen); len(f) > 1 && f[1] == "w" {
		side[0], side[1] = side[1], side[0]
	}
	return side, nil
}

// write prints the table: a line for the engine and opponent with all
// their moves, then one for each band that has moves.
func (t *depthTable) write(b *strings.Builder, band int) {
	keys := make([]int, 0, len(t.bands))
	var all []searchStat
	for k, s := range t.bands {
		keys = append(keys, k)
		all = append(all, s...)
	}
	slices.Sort(keys)
	fmt.Fprintf(b, "%s against %s: %d games\n", t.engine, t.opponent, t.games)
	fmt.Fprintf(b, "  %-11s %7s %6s %7s %8s\n", "plies", "moves", "median", "mean", "s/move")
	row := func(label string, s []searchStat) {
		med, mean, secs := summarize(s)
		fmt.Fprintf(b, "  %-11s %7d %6s %7.2f %8.3f\n", label, len(s), med, mean, secs)
	}
	row("all", all)
	for _, k := range keys {
		row(fmt.Sprintf("%d-%d", k*band, k*band+band-1), t.bands[k])
	}
}

// summarize gives the median depth (the mean of the middle two for an
// even count, so it may end in .5; 'f', -1 writes a whole one without
// decimals), the mean depth and the mean time of
// the moves s (not empty).
func summarize(s []searchStat) (median string, mean, secs float64) {
	d := make([]int, len(s))
	for i, x := range s {
		d[i] = x.depth
		mean += float64(x.depth)
		secs += x.secs
	}
	slices.Sort(d)
	n := len(d)
	median = strconv.Itoa(d[n/2])
	if n%2 == 0 {
		median = strconv.FormatFloat(float64(d[n/2-1]+d[n/2])/2, 'f', -1, 64)
	}
	return median, mean / float64(n), secs / float64(n)
}

// ParseDepthComment reads the depth and the time of a move comment in
// kirin match's {score/depth time} form ("+0.35/12 0.21s", "-M5/30
// 0.02s"). ok is false for any other comment (a book move, a game's end).
func ParseDepthComment(c string) (depth int, secs float64, ok bool) {
	if _, _, ok := ParseScoreComment(c); !ok {
		return 0, 0, false
	}
	_, rest, _ := strings.Cut(strings.TrimSpace(c), "/")
	d, t, found := strings.Cut(rest, " ")
	if !found || !isDigits(d) || !strings.HasSuffix(t, "s") {
		return 0, 0, false
	}
	depth, err := strconv.Atoi(d)
	if err != nil {
		return 0, 0, false
	}
	secs, err = strconv.ParseFloat(strings.TrimSuffix(t, "s"), 64)
	if err != nil || secs < 0 || math.IsNaN(secs) || math.IsInf(secs, 0) {
		return 0, 0, false
	}
	return depth, secs, true
}
