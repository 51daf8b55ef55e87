package match

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/kirin-shogi/kirin/movegen"
)

// Usage is the command line help of `kirin match`.
const Usage = `usage: kirin match --variant V --engine 'name=A cmd=PROG [proto=usi|xboard] [option.N=V]...' --engine ... [options]
  --variant V            the game (kirin variants lists them); --variant-file FILE for one's own
  --ruleset R            the referee's rule set (chu: jcsa, lishogi, hachu); --option N=V variant options
  --engine SPEC          an engine: name= cmd= arg= dir= proto=usi|xboard option.NAME=VALUE
                         variant=NAME (the engine's name for the game) memory=MB setboard=always
                         clocks=swapped (USI: btime and wtime exchanged, for Fairy-Stockfish 11.1)
  --each SPEC            fields added to every engine
  --tournament T         round-robin (default) or gauntlet (the first engine against the rest)
  --games N              games per pairing and round (default 2); --rounds N (default 1)
  --tc [M/]BASE[+INC]    clock in seconds (BASE may be MIN:SEC); --byoyomi S; --st S fixed time per move
  --depth N, --nodes N   search limits per move (may go with a clock). CECP has no node limit: an engine
                         must announce feature nps=1 (else the match fails at start) and gets st 1 and
                         nps N, its time counted in nodes (N a second), so it plans without the --tc
                         clock, which the runner still keeps
  --timemargin MS        time an engine may overstep before it loses (default 100)
  --hang S               longest wait for a move without a clock, and for start-up (default 60)
  --concurrency N        games at once (default 1)
  --openings FILE        start positions, one a line: SFEN, XBoard FEN, or "startpos"/SFEN then "moves M..."
  --random-plies N       random plies after each opening; --seed S
  --repeat / --norepeat  each opening twice with colours swapped (default on with openings or random plies)
  --maxplies N           draw after N plies (default 1000; 0 none)
  --resign movecount=N score=CP     --draw movenumber=PLY movecount=N score=CP
  --sprt elo0=E0 elo1=E1 alpha=A beta=B   stop at a decision; with --repeat it tests the opening
                         pairs (pentanomial), else the games (trinomial)
  --pgn FILE             append the games; --notation xboard|usi|hodges; --event NAME
  --log FILE             every line between the runner and the engines
  --ratinginterval N     the Elo line every N games (default 10)
  --shard K/N            play only shard K of N (1 <= K <= N) of the match, for N runs on N machines:
                         the whole match is scheduled as without --shard (same game numbers, engines,
                         colours and --seed openings) and its opening pairs (the two games of a pairing
                         with one opening and the colours swapped; each game without --repeat) are dealt
                         round-robin, pair i (from 0) to shard i mod N + 1. The PGN keeps each game's
                         number. A shard of a split match plays all its games and leaves the SPRT to merge
usage: kirin match merge [--runs] [--sprt elo0=E0 elo1=E1 alpha=A beta=B] FILE.pgn...
                         the whole match's final report from its shards' PGN files, or with --runs of
                         independent runs (new seeds) added up (kirin match merge --help)
usage: kirin match strip FILE.pgn...   the games cut to what merge reads (kirin match strip --help)
usage: kirin match spsa --variant V --engine SPEC --param NAME=START,MIN,MAX,C_END --pairs N ...
                         tune an engine's numbers by SPSA over game pairs (kirin match spsa --help)
`

// Args is a parsed `kirin match` command line.
type Args struct {
	Config
	// PGNPath and LogPath are the output files ("" for none).
	PGNPath, LogPath string
}

// ParseArgs reads a `kirin match` command line.
func ParseArgs(args []string) (*Args, error) {
	a, err := parseArgs(args, nil)
	if err != nil {
		return nil, err
	}
	if len(a.Engines) < 2 {
		return nil, fmt.Errorf("give at least two --engine")
	}
	return a, nil
}

// ownFlag reads a flag of a command built on kirin match's options (kirin
// match spsa): val returns the flag's value.
type ownFlag func(val func() (string, error)) error

// parseArgs reads kirin match's options, and the flags in own for a
// command built on them; it does not count the engines.
func parseArgs(args []string, own map[string]ownFlag) (*Args, error) {
	a := &Args{}
	cfg := &a.Config
	cfg.Adjudicate.MaxPlies = 1000
	cfg.TC.Margin = 100 * time.Millisecond
	var variant, variantFile, ruleSet, openings, tcText string
	var options []string
	var each []string
	var engines [][]string
	repeat := ""
	for i := 0; i < len(args); i++ {
		arg := args[i]
		if !strings.HasPrefix(arg, "-") {
			return nil, fmt.Errorf("unexpected argument %q", arg)
		}
		name := "--" + strings.TrimLeft(arg, "-")
		val := func() (string, error) {
			if i+1 >= len(args) {
				return "", fmt.Errorf("%s needs a value", name)
			}
			i++
			return args[i], nil
		}
		// fields reads key=value words up to the next option.
		fields := func() ([]string, error) {
			var out []string
			for i+1 < len(args) && !strings.HasPrefix(args[i+1], "-") {
				i++
				f, err := splitFields(args[i])
				if err != nil {
					return nil, err
				}
				out = append(out, f...)
			}
			if len(out) == 0 {
				return nil, fmt.Errorf("%s needs key=value fields", name)
			}
			return out, nil
		}
		var err error
		var s string
		switch name {
		case "--variant":
			variant, err = val()
		case "--variant-file":
			variantFile, err = val()
		case "--ruleset":
			ruleSet, err = val()
		case "--option":
			if s, err = val(); err == nil {
				options = append(options, s)
			}
		case "--engine":
			var f []string
			if f, err = fields(); err == nil {
				engines = append(engines, f)
			}
		case "--each":
			var f []string
			if f, err = fields(); err == nil {
				each = append(each, f...)
			}
		case "--tournament":
			cfg.Tournament, err = val()
		case "--games", "--rounds", "--concurrency", "--random-plies", "--maxplies", "--depth", "--ratinginterval":
			if s, err = val(); err == nil {
				var n int
				n, err = strconv.Atoi(s)
				if err != nil || n < 0 {
					return nil, fmt.Errorf("%s needs a non-negative number, got %q", name, s)
				}
				switch name {
				case "--games":
					cfg.Games = n
				case "--rounds":
					cfg.Rounds = n
				case "--concurrency":
					cfg.Concurrency = n
				case "--random-plies":
					cfg.RandomPlies = n
				case "--maxplies":
					cfg.Adjudicate.MaxPlies = n
				case "--depth":
					cfg.TC.Depth = n
				default:
					cfg.RatingInterval = n
				}
			}
		case "--nodes", "--seed":
			if s, err = val(); err == nil {
				var n int64
				n, err = strconv.ParseInt(s, 10, 64)
				if err != nil || n < 0 {
					return nil, fmt.Errorf("%s needs a non-negative number, got %q", name, s)
				}
				if name == "--nodes" {
					cfg.TC.Nodes = uint64(n)
				} else {
					cfg.Seed = n
				}
			}
		case "--tc":
			tcText, err = val()
		case "--shard":
			if s, err = val(); err == nil {
				cfg.Shard, err = ParseShard(s)
			}
		case "--byoyomi", "--st", "--hang":
			if s, err = val(); err == nil {
				var d time.Duration
				if d, err = parseSeconds(s); err != nil {
					return nil, fmt.Errorf("%s: %v", name, err)
				}
				switch name {
				case "--byoyomi":
					cfg.TC.Byoyomi = d
				case "--st":
					cfg.TC.MoveTime = d
				default:
					cfg.TC.Hang = d
				}
			}
		case "--timemargin":
			if s, err = val(); err == nil {
				n, perr := strconv.Atoi(s)
				if perr != nil || n < 0 {
					return nil, fmt.Errorf("--timemargin needs milliseconds, got %q", s)
				}
				cfg.TC.Margin = time.Duration(n) * time.Millisecond
			}
		case "--openings":
			openings, err = val()
		case "--repeat":
			repeat = "on"
		case "--norepeat":
			repeat = "off"
		case "--resign", "--draw", "--sprt":
			var f []string
			if f, err = fields(); err == nil {
				err = a.applyKV(name, f)
			}
		case "--pgn", "--pgnout":
			a.PGNPath, err = val()
		case "--log", "--debug":
			a.LogPath, err = val()
		case "--notation":
			cfg.Notation, err = val()
		case "--event":
			cfg.Event, err = val()
		case "--help":
			return nil, fmt.Errorf("help")
		default:
			f, ok := own[name]
			if !ok {
				return nil, fmt.Errorf("unknown option %s", arg)
			}
			err = f(val)
		}
		if err != nil {
			return nil, err
		}
	}
	if variant == "" {
		return nil, fmt.Errorf("--variant is required")
	}
	v, err := movegen.ResolveWith(variant, variantFile, ruleSet, options)
	if err != nil {
		return nil, err
	}
	cfg.Variant = v
	if tcText != "" {
		tc, err := ParseTC(tcText)
		if err != nil {
			return nil, err
		}
		tc.Byoyomi, tc.MoveTime, tc.Depth, tc.Nodes, tc.Margin, tc.Hang =
			cfg.TC.Byoyomi, cfg.TC.MoveTime, cfg.TC.Depth, cfg.TC.Nodes, cfg.TC.Margin, cfg.TC.Hang
		cfg.TC = tc
	}
	if cfg.TC.HasClock() && cfg.TC.MoveTime > 0 {
		return nil, fmt.Errorf("--tc and --st exclude each other")
	}
	if !cfg.TC.HasClock() && cfg.TC.MoveTime == 0 && cfg.TC.Depth == 0 && cfg.TC.Nodes == 0 {
		return nil, fmt.Errorf("give a time control: --tc, --st, --depth or --nodes")
	}
	for _, f := range engines {
		var e EngineConfig
		if err := e.apply(append(append([]string(nil), each...), f...)); err != nil {
			return nil, err
		}
		if err := e.check(); err != nil {
			return nil, err
		}
		cfg.Engines = append(cfg.Engines, e)
	}
	if openings != "" {
		if cfg.Openings, err = ReadOpenings(v, openings); err != nil {
			return nil, err
		}
	}
	cfg.Repeat = repeat == "on" || repeat == "" && (len(cfg.Openings) > 0 || cfg.RandomPlies > 0)
	if cfg.Notation != "" && cfg.Notation != "xboard" && cfg.Notation != "usi" && cfg.Notation != "hodges" {
		return nil, fmt.Errorf("--notation %s: want xboard, usi or hodges", cfg.Notation)
	}
	return a, nil
}

// applyKV reads the key=value fields of --resign, --draw and --sprt.
func (a *Args) applyKV(name string, fields []string) error {
	cfg := &a.Config
	if name == "--sprt" {
		cfg.SPRT = &SPRT{Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 0.05}
	}
	for _, f := range fields {
		k, v, ok := strings.Cut(f, "=")
		x, err := strconv.ParseFloat(v, 64)
		if !ok || err != nil {
			return fmt.Errorf("%s: %q is not key=number", name, f)
		}
		n := int(x)
		switch name + " " + k {
		case "--resign movecount":
			cfg.Adjudicate.ResignMoves = n
		case "--resign score":
			cfg.Adjudicate.ResignScore = n
		case "--draw movenumber":
			cfg.Adjudicate.DrawFrom = n
		case "--draw movecount":
			cfg.Adjudicate.DrawMoves = n
		case "--draw score":
			cfg.Adjudicate.DrawScore = n
		case "--sprt elo0":
			cfg.SPRT.Elo0 = x
		case "--sprt elo1":
			cfg.SPRT.Elo1 = x
		case "--sprt alpha":
			cfg.SPRT.Alpha = x
		case "--sprt beta":
			cfg.SPRT.Beta = x
		default:
			return fmt.Errorf("%s: unknown field %q", name, k)
		}
	}
	if name == "--resign" && (cfg.Adjudicate.ResignMoves <= 0 || cfg.Adjudicate.ResignScore <= 0) {
		return fmt.Errorf("--resign needs movecount and score above 0")
	}
	if s := cfg.SPRT; name == "--sprt" && (s.Alpha <= 0 || s.Alpha >= 1 || s.Beta <= 0 || s.Beta >= 1 || s.Elo1 <= s.Elo0) {
		return fmt.Errorf("--sprt needs 0 < alpha, beta < 1 and elo0 < elo1")
	}
	return nil
}

// ReadOpenings reads start positions, one a line (# comments and empty
// lines skipped): an SFEN, an XBoard FEN (board, [holdings], w|b, ...), or
// either (or "startpos") followed by "moves M1 M2 ..." in USI notation.
// Every position and move is checked.
func ReadOpenings(v *movegen.Variant, path string) ([]Opening, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []Opening
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || line[0] == '#' {
			continue
		}
		o, err := ParseOpening(v, line)
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %v", path, n, err)
		}
		out = append(out, o)
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%s: no positions", path)
	}
	return out, nil
}

// ParseOpening reads one opening line (see ReadOpenings).
func ParseOpening(v *movegen.Variant, line string) (Opening, error) {
	var o Opening
	pos, moves, _ := strings.Cut(line, " moves ")
	if strings.HasSuffix(pos, " moves") {
		pos = strings.TrimSuffix(pos, " moves")
	}
	pos = strings.TrimSpace(strings.TrimPrefix(strings.TrimPrefix(pos, "sfen "), "fen "))
	if pos != "startpos" {
		p, err := movegen.NewPosition(v, pos)
		if err != nil {
			sfen, ferr := fenToSFEN(v, pos)
			if ferr != nil {
				return o, err
			}
			if p, err = movegen.NewPosition(v, sfen); err != nil {
				return o, err
			}
		}
		o.SFEN = p.SFEN()
	}
	o.Moves = strings.Fields(moves)
	start := o.SFEN
	if start == "" {
		start = "startpos"
	}
	p, _ := movegen.NewPosition(v, start)
	if p.Outcome().Result != movegen.Ongoing {
		return o, fmt.Errorf("the game is over in this position")
	}
	for _, t := range o.Moves {
		m, err := p.ParseMoveUSI(t)
		if err != nil {
			return o, err
		}
		p.Make(m)
		if p.Outcome().Result != movegen.Ongoing {
			return o, fmt.Errorf("the game is over after %s", t)
		}
	}
	return o, nil
}

// fenToSFEN converts an XBoard FEN (w = the first mover, holdings in
// brackets) to an SFEN.
func fenToSFEN(v *movegen.Variant, fen string) (string, error) {
	f := strings.Fields(fen)
	if len(f) < 2 {
		return "", fmt.Errorf("not a FEN: %q", fen)
	}
	board, hold := f[0], ""
	if k := strings.IndexByte(board, '['); k >= 0 && strings.HasSuffix(board, "]") {
		board, hold = board[:k], board[k+1:len(board)-1]
	}
	side := map[string]string{"w": "b", "b": "w"}[f[1]]
	if side == "" {
		return "", fmt.Errorf("FEN side to move must be w or b")
	}
	hand := "-"
	if hold != "" && hold != "-" {
		counts := map[rune]int{}
		var order []rune
		for _, r := range hold {
			if counts[r] == 0 {
				order = append(order, r)
			}
			counts[r]++
		}
		var b strings.Builder
		for _, r := range order {
			if counts[r] > 1 {
				fmt.Fprint(&b, counts[r])
			}
			b.WriteRune(r)
		}
		hand = b.String()
	}
	return board + " " + side + " " + hand + " 1", nil
}

// Command runs `kirin match` with its arguments: it parses them, opens the
// PGN and log files (appending), plays the match and prints the progress
// and the final report to out.
func Command(ctx context.Context, args []string, out io.Writer) error {
	a, err := ParseArgs(args)
	if err != nil {
		return err
	}
	a.Out = out
	closeAll, err := a.openOutputs(&a.Config)
	if err != nil {
		return err
	}
	defer closeAll()
	var names []string
	for _, e := range a.Engines {
		names = append(names, e.Name)
	}
	fmt.Fprintf(out, "Match: %s (%dx%d, id %016x), %s, engines %s, time control %s, concurrency %d\n",
		a.Variant.Name, a.Variant.Files, a.Variant.Ranks, a.Variant.ID, tournamentName(a.Tournament), strings.Join(names, ", "), a.TC, max(1, a.Concurrency))
	_, err = Run(ctx, &a.Config)
	return err
}

// openOutputs opens the PGN and log files the command line names
// (appending) as cfg's PGN and Log; closeAll closes them.
func (a *Args) openOutputs(cfg *Config) (closeAll func(), err error) {
	var files []*os.File
	closeAll = func() {
		for _, f := range files {
			f.Close()
		}
	}
	for _, o := range []struct {
		path string
		w    *io.Writer
	}{{a.PGNPath, &cfg.PGN}, {a.LogPath, &cfg.Log}} {
		if o.path == "" {
			continue
		}
		f, err := os.OpenFile(o.path, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
		if err != nil {
			closeAll()
			return nil, err
		}
		files = append(files, f)
		*o.w = f
	}
	return closeAll, nil
}

func tournamentName(t string) string {
	if t == "" {
		return RoundRobin
	}
	return t
}
