// Command kirin is the Kirin engine and its tools.
//
//	kirin                                the engine: xboard, usi or uci on stdin/stdout
//	kirin engine [--variant-file FILE] [--weights FILE]   the same, offering a definition file's games too,
//	                                     or evaluating with a weights file's weights (kirin tune)
//	kirin serve [--addr A] [--engine SPEC]... [--max-engines N] [--open]   the browser board
//	kirin variants                       list the built-in games
//	kirin check FILE                     validate a variant definition file
//	kirin perft VARIANT [--fen POS] [--moves M1 M2 ...] DEPTH [--divide]
//	kirin selfplay VARIANT [--games N] [--seed S] [--greedy] [--maxply P] [--time 10m]
//	kirin selfplay VARIANT|all --vs-material [--games N] [--seed S] [--depth D | --nodes N] [--maxply P] [--search-params LIST] [--pgn FILE] [--concurrency N]
//	kirin bench [--variant V|all] [--depth D] [--threads T] [--hash MB] [--cpuprofile]
//	kirin bench --tactics [--variant V|all] [--movetime MS] [--threads T] [--hash MB]
//	kirin match --variant V --engine SPEC --engine SPEC [...] [--shard K/N]   (kirin match --help)
//	kirin match merge [--runs] [--sprt elo0=E0 elo1=E1] FILE.pgn...   (shards' or runs' report; kirin match merge --help)
//	kirin match strip FILE.pgn...   (the games cut to what merge reads, to keep a run's results; kirin match strip --help)
//	kirin match depth [--band N] [--variant-file FILE] FILE.pgn...   (each engine's search depth and time by stage of the game; kirin match depth --help)
//	kirin match ends [--all] [--sfen] FILE.pgn...   (where the games capped at the move limit stood; kirin match ends --help)
//	kirin match spsa --variant V --engine SPEC --param NAME=START,MIN,MAX,C_END --pairs N   (tune numbers by SPSA; --help)
//	kirin analyze VARIANT [--fen POS] [--moves ...] [--depth D | --time S] [--multipv N] [--json] [--board]
//	kirin analyze [VARIANT] --game FILE [--depth D | --time S] [--json]
//	kirin tune VARIANT --games FILE.pgn [...]   fit the evaluation weights to games (kirin tune --help)
//
// Every command takes --variant-file FILE (play a variant of one's own),
// --ruleset NAME (chu: jcsa, lishogi or hachu) and --option NAME=VALUE
// (repeatable; a variant's named options, which `kirin variants` lists).
// Profiling: --profile
// cpu|mem|block|mutex|trace with --profile.path DIR.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/kirin-shogi/kirin/bench"
	"github.com/kirin-shogi/kirin/match"
	"github.com/kirin-shogi/kirin/movegen"
	"github.com/kirin-shogi/kirin/search"
	"github.com/kirin-shogi/kirin/tune"
	"github.com/pkg/profile"
)

// version is stamped by the Makefile with -ldflags "-X main.version=...".
var version = "dev"

func main() {
	if len(os.Args) == 1 {
		os.Exit(runEngine(os.Stdin, os.Stdout, os.Stderr))
	}
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

const usage = `usage:
  kirin serve [--addr HOST:PORT] [--engine SPEC]... [--max-engines N] [--open]   (kirin serve --help)
  kirin engine [--variant-file FILE] [--weights FILE]
  kirin variants [--variant-file FILE]
  kirin check FILE
  kirin perft VARIANT [--fen SFEN] [--moves M1 M2 ...] DEPTH [--divide]
  kirin selfplay VARIANT|all [--games N] [--seed S] [--greedy] [--maxply P] [--time 10m]
  kirin selfplay VARIANT|all --vs-material [--games N] [--seed S] [--depth D | --nodes N] [--maxply P] [--search-params LIST] [--pgn FILE] [--concurrency N]
  kirin bench [--variant V|all] [--depth D] [--threads T] [--hash MB] [--cpuprofile]
  kirin bench --tactics [--variant V|all] [--movetime MS] [--threads T] [--hash MB]
  kirin match --variant V --engine 'name=A cmd=PROG' --engine ... [--shard K/N] (kirin match --help)
  kirin match merge [--runs] [--sprt elo0=E0 elo1=E1 alpha=A beta=B] FILE.pgn... (kirin match merge --help)
  kirin match strip FILE.pgn... > SMALL.pgn   (kirin match strip --help)
  kirin match depth [--band N] [--variant-file FILE] FILE.pgn...   (kirin match depth --help)
  kirin match ends [--all] [--sfen] FILE.pgn...   (kirin match ends --help)
  kirin match spsa --variant V --engine SPEC --param NAME=START,MIN,MAX,C_END --pairs N [--state FILE] (kirin match spsa --help)
  kirin analyze VARIANT [--fen POS] [--moves ...] [--depth D | --time S] [--multipv N] [--json] [--board]
  kirin analyze [VARIANT] --game FILE [--depth D | --time S] [--json]
  kirin tune VARIANT --games FILE.pgn [--out FILE] [--holdout N] [--fix NAMES] ... (kirin tune --help)
common options: --variant-file FILE, --ruleset NAME, --option NAME=VALUE (repeatable),
                --profile MODE, --profile.path DIR
`

// opts are the options shared by all subcommands.
type opts struct {
	variantFile string
	ruleSet     string
	options     []string
	benchVar    string
	depth       int
	threads     int
	hashMB      int
	duration    time.Duration
	tactics     bool
	moveTime    time.Duration
	fen         string
	moves       []string
	divide      bool
	games       int
	seed        int64
	greedy      bool
	maxPly      int
	multiPV     int
	json        bool
	board       bool
	game        string
	profMode    string
	profPath    string
	args        []string
	versus      versusOpts
	// given lists the options as given (--depth, ...), for checkGiven.
	given []string
}

// errUsage marks errors that should be followed by the usage text.
var errUsage = errors.New("usage")

// optCommand returns the command cmd names among those whose arguments
// parseOpts reads, with the options it takes beyond the common ones
// (commonOpt), or nil when it names none.
func optCommand(cmd string) (func(io.Writer, *opts) error, []string) {
	switch cmd {
	case "variants":
		return cmdVariants, nil
	case "check":
		return cmdCheck, nil
	case "perft":
		return cmdPerft, []string{"--fen", "--sfen", "--moves", "--divide"}
	case "selfplay":
		return func(w io.Writer, o *opts) error {
			switch {
			case o.versus.on:
				return cmdVersus(w, o)
			case o.versus.nodes > 0:
				return fmt.Errorf("--nodes needs --vs-material")
			case o.versus.params != (search.Params{}):
				return fmt.Errorf("--search-params needs --vs-material")
			case o.versus.pgn != "":
				return fmt.Errorf("--pgn needs --vs-material")
			case o.versus.concurrency > 0:
				return fmt.Errorf("--concurrency needs --vs-material")
			case o.depth > 0:
				return fmt.Errorf("--depth needs --vs-material")
			}
			return cmdSelfPlay(w, o)
		}, []string{"--games", "--seed", "--greedy", "--maxply", "--time", "--vs-material", "--depth", "--nodes", "--search-params", "--pgn", "--concurrency"}
	case "bench":
		return cmdBench, []string{"--variant", "--depth", "--threads", "--hash", "--cpuprofile", "--tactics", "--movetime"}
	case "analyze":
		return cmdAnalyze, []string{"--fen", "--sfen", "--moves", "--depth", "--time", "--multipv", "--json",
			"--board", "--game", "--threads", "--hash"}
	case "version":
		return func(w io.Writer, _ *opts) error {
			_, err := fmt.Fprintln(w, "kirin", version)
			return err
		}, nil
	}
	return nil, nil
}

// commonOpt reports whether a is an option every command of optCommand
// takes.
func commonOpt(a string) bool {
	switch a {
	case "--variant-file", "--ruleset", "--option", "--profile", "--profile.path":
		return true
	}
	return false
}

// checkGiven reports an option given to cmd that it does not take (own
// lists the ones it takes beyond the common ones): parseOpts reads every
// command's options, and one meant for another command would otherwise
// be silently ignored.
func checkGiven(cmd string, o *opts, own []string) error {
	for _, a := range o.given {
		if !slices.Contains(own, a) && !commonOpt(a) {
			return fmt.Errorf("%s takes no option %s: %w", cmd, a, errUsage)
		}
	}
	return nil
}

// errHelp is what parseOpts returns for --help or -h: run prints the usage
// on standard output and succeeds.
var errHelp = errors.New("help")

func parseOpts(args []string) (*opts, error) {
	o := &opts{profPath: "."}
	value := func(i *int, name string) (string, error) {
		if *i+1 >= len(args) {
			return "", fmt.Errorf("%s needs a value", name)
		}
		*i++
		return args[*i], nil
	}
	for i := 0; i < len(args); i++ {
		a := args[i]
		if strings.HasPrefix(a, "--") {
			o.given = append(o.given, a)
		}
		var err error
		switch {
		case a == "--variant-file":
			o.variantFile, err = value(&i, a)
		case a == "--ruleset":
			o.ruleSet, err = value(&i, a)
		case a == "--option":
			var val string
			if val, err = value(&i, a); err == nil {
				o.options = append(o.options, val)
			}
		case a == "--fen" || a == "--sfen":
			o.fen, err = value(&i, a)
		case a == "--divide":
			o.divide = true
		case a == "--greedy":
			o.greedy = true
		case a == "--json":
			o.json = true
		case a == "--board":
			o.board = true
		case a == "--game":
			o.game, err = value(&i, a)
		case a == "--multipv":
			var val string
			if val, err = value(&i, a); err == nil {
				n, perr := strconv.Atoi(val)
				if perr != nil || n < 1 || n > 256 {
					return nil, fmt.Errorf("--multipv needs a number from 1 to 256, got %q", val)
				}
				o.multiPV = n
			}
		case a == "--variant":
			o.benchVar, err = value(&i, a)
		case a == "--tactics":
			o.tactics = true
		case a == "--movetime":
			var val string
			if val, err = value(&i, a); err == nil {
				n, perr := strconv.Atoi(val)
				if perr != nil || n < 1 {
					return nil, fmt.Errorf("--movetime needs a positive number of milliseconds, got %q", val)
				}
				o.moveTime = time.Duration(n) * time.Millisecond
			}
		case a == "--cpuprofile":
			o.profMode = "cpu"
		case a == "--depth" || a == "--threads" || a == "--hash":
			var val string
			if val, err = value(&i, a); err == nil {
				n, perr := strconv.Atoi(val)
				if perr != nil || n < 1 || n > 1<<20 {
					return nil, fmt.Errorf("%s needs a positive number, got %q", a, val)
				}
				switch a {
				case "--depth":
					o.depth = n
				case "--threads":
					o.threads = n
				default:
					o.hashMB = n
				}
			}
		case a == "--time":
			var val string
			if val, err = value(&i, a); err == nil {
				d, perr := time.ParseDuration(val)
				if secs, ferr := strconv.ParseFloat(val, 64); ferr == nil {
					d, perr = time.Duration(secs*float64(time.Second)), nil
				}
				if perr != nil || d <= 0 {
					return nil, fmt.Errorf("--time needs a positive duration such as 10m, got %q", val)
				}
				o.duration = d
			}
		case a == "--games" || a == "--seed" || a == "--maxply":
			var val string
			if val, err = value(&i, a); err == nil {
				n, perr := strconv.ParseInt(val, 10, 64)
				if perr != nil || n < 0 || n > 1<<31 {
					return nil, fmt.Errorf("%s needs a non-negative number, got %q", a, val)
				}
				switch a {
				case "--games":
					o.games = int(n)
				case "--seed":
					o.seed = n
				default:
					o.maxPly = int(n)
				}
			}
		case a == "--profile":
			o.profMode, err = value(&i, a)
		case a == "--profile.path":
			o.profPath, err = value(&i, a)
		case a == "--vs-material" || a == "--nodes" || a == "--search-params" || a == "--pgn" || a == "--concurrency":
			err = o.versus.parse(args, &i)
		case a == "--moves":
			for i+1 < len(args) && !strings.HasPrefix(args[i+1], "--") && !isNumber(args[i+1]) {
				i++
				o.moves = append(o.moves, args[i])
			}
		case a == "--help" || a == "-h":
			return nil, errHelp
		case strings.HasPrefix(a, "--"):
			return nil, fmt.Errorf("unknown option %s: %w", a, errUsage)
		default:
			o.args = append(o.args, a)
		}
		if err != nil {
			return nil, err
		}
	}
	return o, nil
}

func isNumber(s string) bool {
	_, err := strconv.Atoi(s)
	return err == nil
}

var profileModes = map[string]func(*profile.Profile){
	"cpu": profile.CPUProfile, "mem": profile.MemProfile, "block": profile.BlockProfile,
	"mutex": profile.MutexProfile, "trace": profile.TraceProfile,
}

func run(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 || args[0] == "help" || args[0] == "-h" || args[0] == "--help" {
		fmt.Fprint(stdout, usage)
		return 0
	}
	cmd := args[0]
	switch cmd {
	case "serve":
		return cmdServe(args[1:], stdout, stderr)
	case "engine":
		if len(args) == 1 {
			return runEngine(os.Stdin, stdout, stderr)
		}
		return cmdEngineArgs(args[1:], os.Stdin, stdout, stderr)
	}
	switch {
	case cmd == "match" && len(args) > 1 && args[1] == "merge":
		return subcommand("kirin match merge", match.MergeUsage, args[2:], stdout, stderr, func(a []string) error {
			return match.MergeCommand(a, stdout)
		})
	case cmd == "match" && len(args) > 1 && args[1] == "strip":
		return subcommand("kirin match strip", match.StripUsage, args[2:], stdout, stderr, func(a []string) error {
			return match.StripCommand(a, stdout)
		})
	case cmd == "match" && len(args) > 1 && args[1] == "depth":
		return subcommand("kirin match depth", match.DepthUsage, args[2:], stdout, stderr, func(a []string) error {
			return match.DepthCommand(a, stdout)
		})
	case cmd == "match" && len(args) > 1 && args[1] == "ends":
		return subcommand("kirin match ends", match.EndsUsage, args[2:], stdout, stderr, func(a []string) error {
			return match.EndsCommand(a, stdout)
		})
	case cmd == "match" && len(args) > 1 && args[1] == "spsa":
		return subcommand("kirin match spsa", match.SPSAUsage, args[2:], stdout, stderr, func(a []string) error {
			ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
			defer stop()
			return match.SPSACommand(ctx, a, stdout)
		})
	case cmd == "tune":
		return subcommand("kirin tune", tune.Usage, args[1:], stdout, stderr, func(a []string) error {
			return tune.Command(a, stdout)
		})
	case cmd == "match":
		return subcommand("kirin match", match.Usage, args[1:], stdout, stderr, func(a []string) error {
			ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
			defer stop()
			return match.Command(ctx, a, stdout)
		})
	}
	o, err := parseOpts(args[1:])
	fn, own := optCommand(cmd)
	help := errors.Is(err, errHelp)
	switch {
	case help && fn != nil:
		fmt.Fprint(stdout, usage)
		return 0
	case help || err == nil && fn == nil:
		err = fmt.Errorf("unknown command %q: %w", cmd, errUsage)
	case err == nil:
		err = checkGiven(cmd, o, own)
	}
	if err == nil && o.profMode != "" {
		mode, ok := profileModes[o.profMode]
		if !ok {
			err = fmt.Errorf("unknown profile mode %q (cpu, mem, block, mutex, trace)", o.profMode)
		} else {
			defer profile.Start(mode, profile.ProfilePath(o.profPath), profile.NoShutdownHook, profile.Quiet).Stop()
		}
	}
	if err == nil {
		err = fn(stdout, o)
	}
	if err != nil {
		fmt.Fprintln(stderr, "kirin:", strings.TrimSuffix(err.Error(), ": usage"))
		if errors.Is(err, errUsage) {
			fmt.Fprint(stderr, usage)
		}
		return 1
	}
	return 0
}

// subcommand runs a command that parses its own arguments: its usage
// without arguments or with --help/-h, else fn, whose error is printed
// after the command's name.
func subcommand(name, usage string, args []string, stdout, stderr io.Writer, fn func([]string) error) int {
	if len(args) == 0 || args[0] == "--help" || args[0] == "-h" {
		fmt.Fprint(stdout, usage)
		return 0
	}
	if err := fn(args); err != nil {
		fmt.Fprintln(stderr, name+":", err)
		return 1
	}
	return 0
}

// variant resolves a variant name with the options' definition file, rule
// set and named options.
func (o *opts) variant(name string) (*movegen.Variant, error) {
	return movegen.ResolveWith(name, o.variantFile, o.ruleSet, o.options)
}

func cmdVariants(w io.Writer, o *opts) error {
	vs := movegen.Builtin()
	if o.variantFile != "" {
		var err error
		if vs, err = movegen.LoadVariantFile(o.variantFile); err != nil {
			return err
		}
	}
	fmt.Fprintf(w, "%-10s %-18s %-6s %-6s %s\n", "name", "title", "board", "pieces", "rules")
	for _, v := range vs {
		fmt.Fprintf(w, "%-10s %-18s %-6s %-6d %s\n", v.Name, v.Title,
			fmt.Sprintf("%dx%d", v.Files, v.Ranks), len(v.Pieces)-1, describe(v))
		for _, op := range v.Options() {
			fmt.Fprintf(w, "%-10s   --option %s=%s (default; also %s)\n", "", op.Name, op.Value, strings.Join(op.Values[1:], ", "))
		}
	}
	return nil
}

// describe summarises a variant's rule switches in one line.
func describe(v *movegen.Variant) string {
	var parts []string
	if v.Drops {
		parts = append(parts, "drops")
	}
	if v.Check {
		parts = append(parts, "check")
	} else {
		parts = append(parts, "royal capture")
	}
	if v.BareKing {
		parts = append(parts, "bare king")
	}
	if len(v.RuleSets) > 0 {
		parts = append(parts, "rule sets "+strings.Join(v.RuleSets, "/"))
	}
	parts = append(parts, fmt.Sprintf("id %016x", v.ID))
	return strings.Join(parts, ", ")
}

func cmdCheck(w io.Writer, o *opts) error {
	if len(o.args) != 1 {
		return fmt.Errorf("check needs one FILE: %w", errUsage)
	}
	vs, err := movegen.LoadVariantFile(o.args[0])
	if err != nil {
		return err
	}
	for _, v := range vs {
		fmt.Fprintf(w, "%s: ok: %s (%s), %dx%d, %d piece types, id %016x\n",
			o.args[0], v.Name, v.Title, v.Files, v.Ranks, len(v.Pieces)-1, v.ID)
	}
	return nil
}

func cmdPerft(w io.Writer, o *opts) error {
	if len(o.args) != 2 {
		return fmt.Errorf("perft needs VARIANT and DEPTH: %w", errUsage)
	}
	v, err := o.variant(o.args[0])
	if err != nil {
		return err
	}
	depth, err := strconv.Atoi(o.args[1])
	if err != nil || depth < 0 || depth > 20 {
		return fmt.Errorf("depth must be a number from 0 to 20, got %q", o.args[1])
	}
	sfen := o.fen
	if sfen == "" {
		sfen = "startpos"
	}
	pos, err := bench.SetUp(v, sfen, o.moves)
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "Variant: %s (id %016x)\nPosition: %s\nDepth: %d\n", v.Name, v.ID, pos.SFEN(), depth)
	bench.RunPerft(w, pos, depth, o.divide)
	return nil
}

func cmdSelfPlay(w io.Writer, o *opts) error {
	if len(o.args) != 1 {
		return fmt.Errorf("selfplay needs VARIANT (or all): %w", errUsage)
	}
	vs, err := o.selfPlayVariants()
	if err != nil {
		return err
	}
	games := o.games
	if games == 0 {
		games = 100
	}
	failed := 0
	for _, v := range vs {
		rep := bench.SelfPlay(v, bench.SelfPlayOptions{Games: games, Seed: o.seed, Greedy: o.greedy, MoveLimit: o.maxPly, Duration: o.duration})
		rep.Write(w, v.Name)
		failed += rep.Failed
	}
	if failed > 0 {
		return fmt.Errorf("%d invariant failures", failed)
	}
	return nil
}

// cmdBench searches the bench suite at fixed depth and prints the node
// count and speed (the signature a functional change to search or eval
// quotes as "Bench: N").
func cmdBench(w io.Writer, o *opts) error {
	if len(o.args) > 0 {
		return fmt.Errorf("bench takes no arguments (use --variant): %w", errUsage)
	}
	name := o.benchVar
	if name == "" {
		name = "all"
	}
	if o.tactics {
		games := []string{name}
		if name == "all" {
			games = bench.TacticGames()
		}
		_, err := bench.RunTactics(w, games, bench.TacticsConfig{
			MoveTime: o.moveTime, Threads: o.threads, HashMB: o.hashMB,
		})
		return err
	}
	positions, err := bench.Suite(name)
	if err != nil {
		return err
	}
	if name == "all" && len(o.options) > 0 {
		return fmt.Errorf("bench --variant all takes no --option (name one variant)")
	}
	_, err = bench.RunSearch(w, positions, bench.SearchConfig{
		Depth: o.depth, Threads: o.threads, HashMB: o.hashMB, Options: o.options,
	})
	return err
}

// versusOpts are the flags of `selfplay --vs-material`.
type versusOpts struct {
	on     bool
	nodes  uint64
	params search.Params // --search-params; the zero Params when not given
	pgn    string        // --pgn: the file the games are written to ("" for none)
	// concurrency is --concurrency: games played at once (0: not given,
	// one at a time; bench.VersusOptions.Concurrency).
	concurrency int
}

// parse reads the flag at args[*i] (and its value).
func (v *versusOpts) parse(args []string, i *int) error {
	flag := args[*i]
	if flag == "--vs-material" {
		v.on = true
		return nil
	}
	if *i+1 >= len(args) {
		return fmt.Errorf("%s needs a value", flag)
	}
	*i++
	if flag == "--pgn" {
		v.pgn = args[*i]
		return nil
	}
	if flag == "--search-params" {
		p, err := search.ParseParams(args[*i])
		if err != nil {
			return fmt.Errorf("--search-params: %v", err)
		}
		v.params = p
		return nil
	}
	if flag == "--concurrency" {
		n, err := strconv.Atoi(args[*i])
		if err != nil || n < 1 || n > maxVersusConcurrency {
			return fmt.Errorf("--concurrency needs a number from 1 to %d, got %q", maxVersusConcurrency, args[*i])
		}
		v.concurrency = n
		return nil
	}
	n, err := strconv.ParseUint(args[*i], 10, 64)
	if err != nil || n < 1 || n > 1<<40 {
		return fmt.Errorf("--nodes needs a positive number, got %q", args[*i])
	}
	v.nodes = n
	return nil
}

// maxVersusConcurrency bounds --concurrency: each game played at once holds
// two engines, each with its 16 MB table and its histories.
const maxVersusConcurrency = 64

// cmdVersus plays the full engine (at --depth or --nodes per move, depth 3
// if neither is given) against a 1-ply material-only engine in each chosen
// game and prints one line per game, a summary per game and a final table;
// with --pgn it also writes each game to that file as it ends (match's PGN,
// USI notation, each player's score, depth and time on its moves).
func cmdVersus(w io.Writer, o *opts) error {
	if len(o.args) != 1 {
		return fmt.Errorf("selfplay needs VARIANT (or all): %w", errUsage)
	}
	if o.greedy {
		return fmt.Errorf("--greedy does not apply to --vs-material")
	}
	if o.duration > 0 {
		return fmt.Errorf("--time does not apply to --vs-material")
	}
	if o.depth > 0 && o.versus.nodes > 0 {
		return fmt.Errorf("give --depth or --nodes, not both")
	}
	vs, err := o.selfPlayVariants()
	if err != nil {
		return err
	}
	games := o.games
	if games == 0 {
		games = 100
	}
	lim := search.Limits{Depth: o.depth, Nodes: o.versus.nodes}
	if lim.Depth == 0 && lim.Nodes == 0 {
		lim.Depth = 3
	}
	var pgn *os.File
	if o.versus.pgn != "" {
		if pgn, err = os.Create(o.versus.pgn); err != nil {
			return err
		}
		defer pgn.Close()
	}
	var reps []bench.VersusReport
	faults := 0
	for _, v := range vs {
		var werr error
		rep := bench.VersusMaterial(v, lim, o.versus.params, bench.VersusOptions{
			Games: games, Seed: o.seed, MoveLimit: o.maxPly, Concurrency: o.versus.concurrency,
			Progress: func(g bench.VersusGame) {
				fmt.Fprintln(w, g.Summary(v.Name))
				if pgn != nil && werr == nil {
					werr = writeVersusPGN(pgn, v, lim, g)
				}
			},
		})
		if werr != nil {
			return fmt.Errorf("--pgn: %v", werr)
		}
		rep.Write(w)
		reps = append(reps, rep)
		faults += rep.Faults
	}
	fmt.Fprintln(w, bench.TableHeader)
	for _, r := range reps {
		fmt.Fprintln(w, r.TableRow())
	}
	if faults > 0 {
		return fmt.Errorf("%d games forfeited by an illegal or missing move", faults)
	}
	return nil
}

// writeVersusPGN writes one game of `selfplay --vs-material` to w as
// match.WritePGN does, in USI notation, with the opening's plies as book
// moves and the report of the player's search on every other move.
func writeVersusPGN(w io.Writer, v *movegen.Variant, lim search.Limits, g bench.VersusGame) error {
	pos, err := movegen.NewPosition(v, "startpos")
	if err != nil {
		return err
	}
	game := &match.Game{Number: g.Number, Round: 1, Pair: (g.Number + 1) / 2, Black: g.Players[0], White: g.Players[1],
		StartSFEN: pos.SFEN(), Standard: true, Result: g.Outcome.Result, Reason: g.Outcome.Reason, Started: time.Now().Add(-g.Elapsed)}
	if g.FirstColor != movegen.Black {
		game.Black, game.White = game.White, game.Black
	}
	if g.Fault != "" {
		game.Reason, game.Faulty = g.Fault, g.Players[0]
		if g.Score != 0 {
			game.Faulty = g.Players[1]
		}
	}
	for i, u := range g.Moves {
		m, err := pos.ParseMoveUSI(u)
		if err != nil {
			return fmt.Errorf("game %d, ply %d: %v", g.Number, i+1, err)
		}
		rec := match.RecordMove(pos, m)
		if i < g.Opening {
			rec.Book = true
		} else {
			r := g.Reports[i-g.Opening]
			rec.Score, rec.HasScore, rec.Depth, rec.Time = recordScore(r.Score), true, r.Depth, r.Time
		}
		game.Moves = append(game.Moves, rec)
		pos.Make(m)
	}
	cfg := &match.Config{Variant: v, TC: match.TimeControl{Depth: lim.Depth, Nodes: lim.Nodes}, Notation: "usi",
		Event: "kirin selfplay --vs-material"}
	return match.WritePGN(w, cfg, game)
}

// recordScore converts a search score into a match.MoveRecord's: the same
// centipawns, or a decided game in match.MateScore's terms.
func recordScore(s int) int {
	switch {
	case s >= search.MateBound:
		return match.MateScore - (search.Mate - s)
	case s <= -search.MateBound:
		return -(match.MateScore - (search.Mate + s))
	}
	return s
}

// selfPlayVariants resolves selfplay's VARIANT argument: one game, or every
// built-in game for "all" (which takes no rule set or option).
func (o *opts) selfPlayVariants() ([]*movegen.Variant, error) {
	if o.args[0] == "all" && o.variantFile == "" {
		if o.ruleSet != "" || len(o.options) > 0 {
			return nil, fmt.Errorf("selfplay all takes no --ruleset or --option (name one variant)")
		}
		return movegen.Builtin(), nil
	}
	v, err := o.variant(o.args[0])
	if err != nil {
		return nil, err
	}
	return []*movegen.Variant{v}, nil
}
