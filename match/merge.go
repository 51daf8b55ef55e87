package match

import (
	"fmt"
	"io"
	"os"
	"sort"
	"strconv"
	"strings"

	"github.com/kirin-shogi/kirin/movegen"
)

// MergeUsage is the command line help of `kirin match merge`.
const MergeUsage = `usage: kirin match merge [--runs] [--sprt elo0=E0 elo1=E1 alpha=A beta=B] FILE.pgn...
  Reads the PGN files the shards of one match wrote (kirin match ... --shard K/N --pgn FILE)
  and prints the whole match's final report as an unsharded run prints it at its end: the
  score, Elo and error margin of each pairing, the SPRT state, the table of engines, the
  games played of those scheduled, how the games ended. Games are counted in game-number
  order; the SPRT (two engines, the first of the match's --engine options the one tested)
  is decided at the first game where it crosses a bound, as a run would have stopped there,
  by opening pairs where every game has an OpeningPair tag (a --repeat match of this
  kirin), else by games.
  Files of shards still running may be merged: the report says which games are missing.
  A file whose name ends in .gz is gunzipped (a run kept stripped: kirin match strip).
  Fails on a game number found twice (a shard merged twice, or one PGN file appended to by
  two runs) and on games of different matches (engines, variant, time control, match size).
  --runs   each file is a whole run of its own (its own seed and game numbers), for an SPRT
           continued with new openings: the runs' games are added up in the order the files
           are given, each run's in game-number order, and the SPRT decided at the first game
           where the sum crosses a bound. The runs must be of one match but for its size; a
           game found in two runs under one game number (one seed used twice) is refused.
  --sprt elo0=E0 elo1=E1 alpha=A beta=B   as for kirin match (defaults 0, 5, 0.05, 0.05)
`

// MergeCommand runs `kirin match merge` with its arguments: PGN files and
// --sprt fields, in any order ("--" ends the options); --help prints
// MergeUsage.
func MergeCommand(args []string, out io.Writer) error {
	a := &Args{}
	var files []string
	runs := false
	for i := 0; i < len(args); i++ {
		arg := args[i]
		switch {
		case arg == "--":
			files = append(files, args[i+1:]...)
			i = len(args)
		case !strings.HasPrefix(arg, "-"):
			files = append(files, arg)
		case arg == "--sprt" || arg == "-sprt":
			var f []string
			for i+1 < len(args) && strings.Contains(args[i+1], "=") && !strings.HasPrefix(args[i+1], "-") {
				i++
				f = append(f, strings.Fields(args[i])...)
			}
			if len(f) == 0 {
				return fmt.Errorf("--sprt needs key=value fields")
			}
			if err := a.applyKV("--sprt", f); err != nil {
				return err
			}
		case arg == "--runs" || arg == "-runs":
			runs = true
		case arg == "--help" || arg == "-h":
			_, err := io.WriteString(out, MergeUsage)
			return err
		default:
			return fmt.Errorf("unknown option %s", arg)
		}
	}
	var err error
	if runs {
		_, err = MergeRuns(files, a.SPRT, out)
	} else {
		_, err = Merge(files, a.SPRT, out)
	}
	return err
}

// matchTags are the tags that every game of one match shares.
type matchTags struct {
	variant, ruleSet, variantID, tc, engines, games string
}

// diff names the first field where m and o differ, both values quoted.
func (m matchTags) diff(o matchTags) string {
	fields := []struct{ name, a, b string }{
		{"engines (MatchEngines)", m.engines, o.engines},
		{"variant", m.variant, o.variant},
		{"rule set", m.ruleSet, o.ruleSet},
		{"variant id (options differ?)", m.variantID, o.variantID},
		{"time control", m.tc, o.tc},
		{"games in the match (MatchGames)", m.games, o.games},
	}
	for _, f := range fields {
		if f.a != f.b {
			return fmt.Sprintf("%s %q and %q", f.name, f.a, f.b)
		}
	}
	return ""
}

// gameFromPGN rebuilds what the standings need of a game kirin match
// wrote: its number, players, result, end reason (the last comment) and
// whether an engine fault ended it (the Termination tag; the loser is the
// faulty engine).
func gameFromPGN(p PGNGame) (*Game, matchTags, error) {
	t := p.Tags
	m := matchTags{variant: t["Variant"], ruleSet: t["RuleSet"], variantID: t["VariantID"],
		tc: t["TimeControl"], engines: t["MatchEngines"], games: t["MatchGames"]}
	n, err := strconv.Atoi(t["GameNumber"])
	if err != nil || n < 1 {
		return nil, m, fmt.Errorf("no GameNumber tag (a PGN file kirin match did not write?)")
	}
	g := &Game{Number: n, Black: t["White"], White: t["Black"], Reason: p.LastComment}
	if g.Black == "" || g.White == "" {
		return nil, m, fmt.Errorf("game %d names no White or Black", n)
	}
	if g.Round, err = strconv.Atoi(t["Round"]); err != nil {
		g.Round = 0
	}
	if s, ok := t["OpeningPair"]; ok {
		if g.Pair, err = strconv.Atoi(s); err != nil || g.Pair < 1 {
			return nil, m, fmt.Errorf("game %d has OpeningPair %q, not a number from 1", n, s)
		}
	}
	loser := ""
	switch t["Result"] {
	case movegen.BlackWins.String():
		g.Result, loser = movegen.BlackWins, g.White
	case movegen.WhiteWins.String():
		g.Result, loser = movegen.WhiteWins, g.Black
	case movegen.Draw.String():
		g.Result = movegen.Draw
	default:
		return nil, m, fmt.Errorf("game %d has result %q", n, t["Result"])
	}
	if g.Reason == "" {
		g.Reason = t["Termination"]
	}
	if faultTermination(t["Termination"]) {
		g.Faulty = loser
		if g.Faulty == "" {
			g.Faulty = "?"
		}
	}
	return g, m, nil
}

// matchFile is one PGN file's games as merge reads them, each with its
// match tags and where it was read.
type matchFile struct {
	path  string
	games []*Game
	tags  []matchTags
	where []string
	plays []string // each game's start, moves and result, to find a game read twice
}

// readMatchFiles reads the PGN files kirin match wrote, refusing a file
// given twice, a file without games and a game kirin match did not write.
func readMatchFiles(paths []string) ([]matchFile, error) {
	if len(paths) == 0 {
		return nil, fmt.Errorf("give the PGN files of the shards")
	}
	var infos []os.FileInfo
	for _, path := range paths {
		fi, err := os.Stat(path)
		if err != nil {
			return nil, err
		}
		for i, o := range infos {
			if os.SameFile(fi, o) {
				return nil, fmt.Errorf("%s is given twice (also as %s)", path, paths[i])
			}
		}
		infos = append(infos, fi)
	}
	var files []matchFile
	for _, path := range paths {
		pgns, err := readPGNFile(path)
		if err != nil {
			return nil, err
		}
		if len(pgns) == 0 {
			return nil, fmt.Errorf("%s: no games", path)
		}
		mf := matchFile{path: path}
		for i, p := range pgns {
			where := fmt.Sprintf("%s (game %d of the file)", path, i+1)
			g, m, err := gameFromPGN(p)
			if err != nil {
				return nil, fmt.Errorf("%s: %v", where, err)
			}
			mf.games = append(mf.games, g)
			mf.tags = append(mf.tags, m)
			mf.where = append(mf.where, where)
			start := p.Tags["SFEN"] + p.Tags["FEN"]
			mf.plays = append(mf.plays, start+"|"+strings.Join(p.Moves, " ")+"|"+p.Tags["Result"])
		}
		files = append(files, mf)
	}
	return files, nil
}

// Merge reads the PGN files that the shards of one match wrote (Shard),
// checks that they hold each game once and that every game is of the same
// match, and prints to out the whole match's final report, as Run prints
// it at its end (Standings.Write), after a header that names the files'
// games and any missing ones. The engines' order (which decides each
// pairing's "A vs B" and the SPRT's tested engine) and the number of games
// scheduled come from the MatchEngines and MatchGames tags; without them
// (files of an older kirin match) from the order the engines first appear
// and the number of games read. With sprt the games are added in
// game-number order and the test decided at the first game where it
// crosses a bound.
func Merge(paths []string, sprt *SPRT, out io.Writer) (*Standings, error) {
	files, err := readMatchFiles(paths)
	if err != nil {
		return nil, err
	}
	seen := map[int]string{} // game number -> where it was read
	at := map[*Game]string{}
	var games []*Game
	var first matchTags
	firstWhere := ""
	for _, f := range files {
		for i, g := range f.games {
			where := f.where[i]
			if prev, dup := seen[g.Number]; dup {
				return nil, fmt.Errorf("game %d appears twice, in %s and in %s: a shard merged twice, or a PGN file that two runs appended to", g.Number, prev, where)
			}
			seen[g.Number], at[g] = where, where
			if firstWhere == "" {
				first, firstWhere = f.tags[i], where
			} else if d := first.diff(f.tags[i]); d != "" {
				return nil, fmt.Errorf("game %d in %s and game %d in %s are not of one match: %s", games[0].Number, firstWhere, g.Number, where, d)
			}
			games = append(games, g)
		}
	}
	sort.Slice(games, func(i, j int) bool { return games[i].Number < games[j].Number })
	names, err := matchNames(first, firstWhere, games, at)
	if err != nil {
		return nil, err
	}
	planned := len(games)
	if first.games != "" {
		n, err := strconv.Atoi(first.games)
		if err != nil || n < 1 {
			return nil, fmt.Errorf("%s: MatchGames %q is not a number of games", firstWhere, first.games)
		}
		if last := games[len(games)-1]; last.Number > n {
			return nil, fmt.Errorf("game %d in %s: beyond the match's %d games", last.Number, seen[last.Number], n)
		}
		planned = n
	}
	cfg, st, decidedAfter, err := tally(names, games, planned, sprt)
	if err != nil {
		return nil, err
	}
	fmt.Fprintf(out, "Merge: %s, engines %s, time control %s, %d games from %d files\n",
		first.variantText(), strings.Join(names, ", "), first.tc, len(games), len(paths))
	if missing := missingGames(games, planned); missing != "" {
		fmt.Fprintf(out, "Missing games: %s\n", missing)
	}
	if decidedAfter > 0 {
		fmt.Fprintf(out, "SPRT: %s accepted after %d games (in game-number order); a run would have stopped there\n", st.SPRTResult, decidedAfter)
	}
	fmt.Fprintln(out)
	st.Write(out, cfg)
	return st, nil
}

// MergeRuns reads the PGN files of independent runs of one match (each
// file a whole run, with its own seed and game numbers: an SPRT continued
// with new openings) and prints to out the report of all their games
// together, as Merge does for shards. The runs may differ in size
// (MatchGames) but in nothing else of the match; a game number found twice
// in one file, and a game (start, moves and result) found in two runs under
// the same game number, which is what a seed used twice gives, are
// refused. The same game under two numbers is no such sign: in a small
// game two seeds can draw the same random opening, and engines that play
// alike at a node limit then play the same game. With sprt the games
// are added run after run in the order of paths, each run's in game-number
// order, and the test decided at the first game where the sum crosses a
// bound.
func MergeRuns(paths []string, sprt *SPRT, out io.Writer) (*Standings, error) {
	files, err := readMatchFiles(paths)
	if err != nil {
		return nil, err
	}
	// A game's number, start, moves and result -> the run and where it was
	// read. A run may hold one game twice (two copies of one deterministic
	// engine play both games of an opening pair alike); two runs may not
	// hold it under one number.
	type readAt struct {
		run   int
		where string
	}
	played := map[string]readAt{}
	// Each run numbers its own opening pairs: renumber them so that pairs
	// of two runs stay apart.
	pairs := map[[2]int]int{}
	at := map[*Game]string{}
	var games []*Game
	var first matchTags
	firstWhere := ""
	for k, f := range files {
		inRun := map[int]string{}
		var run []*Game
		for i, g := range f.games {
			where := f.where[i]
			if prev, dup := inRun[g.Number]; dup {
				return nil, fmt.Errorf("game %d appears twice in one run, in %s and in %s: a PGN file that two runs appended to", g.Number, prev, where)
			}
			inRun[g.Number] = where
			key := strconv.Itoa(g.Number) + "|" + f.plays[i]
			if prev, dup := played[key]; dup && prev.run != k {
				return nil, fmt.Errorf("%s and %s are the same game (number, start, moves and result): one run given twice, or two runs with the same seed", prev.where, where)
			}
			played[key] = readAt{k, where}
			tags := f.tags[i]
			tags.games = ""
			if firstWhere == "" {
				first, firstWhere = tags, where
			} else if d := first.diff(tags); d != "" {
				return nil, fmt.Errorf("%s and %s are not of one match: %s", firstWhere, where, d)
			}
			if g.Pair > 0 {
				id, ok := pairs[[2]int{k, g.Pair}]
				if !ok {
					id = len(pairs) + 1
					pairs[[2]int{k, g.Pair}] = id
				}
				g.Pair = id
			}
			at[g] = where
			run = append(run, g)
		}
		sort.Slice(run, func(i, j int) bool { return run[i].Number < run[j].Number })
		games = append(games, run...)
	}
	names, err := matchNames(first, firstWhere, games, at)
	if err != nil {
		return nil, err
	}
	cfg, st, decidedAfter, err := tally(names, games, len(games), sprt)
	if err != nil {
		return nil, err
	}
	fmt.Fprintf(out, "Merge of runs: %s, engines %s, time control %s, %d games from %d runs\n",
		first.variantText(), strings.Join(names, ", "), first.tc, len(games), len(paths))
	for i, f := range files {
		fmt.Fprintf(out, "Run %d: %s, %d games\n", i+1, f.path, len(f.games))
	}
	if decidedAfter > 0 {
		fmt.Fprintf(out, "SPRT: %s accepted after %d games (the runs in the order given); a run would have stopped there\n", st.SPRTResult, decidedAfter)
	}
	fmt.Fprintln(out)
	st.Write(out, cfg)
	return st, nil
}

// matchNames is the match's engines in order: from the MatchEngines tag of
// the first game, or without one (an older kirin match) in the order they
// first play in games. A game of an engine not in the tag is an error
// (at says where each game was read).
func matchNames(first matchTags, firstWhere string, games []*Game, at map[*Game]string) ([]string, error) {
	var names []string
	if first.engines != "" {
		var err error
		if names, err = splitNames(first.engines); err != nil {
			return nil, fmt.Errorf("%s: %v", firstWhere, err)
		}
	}
	known := map[string]bool{}
	for _, n := range names {
		known[n] = true
	}
	for _, g := range games {
		for _, n := range []string{g.Black, g.White} {
			if !known[n] {
				if first.engines != "" {
					return nil, fmt.Errorf("game %d in %s: engine %q is not one of the match's engines %s", g.Number, at[g], n, strings.Join(names, ", "))
				}
				names = append(names, n)
				known[n] = true
			}
		}
	}
	return names, nil
}

// tally adds the games up in their order into standings of the engines
// (names) for a match of planned games, deciding the SPRT (when sprt is
// set) at the first game where it crosses a bound: decidedAfter is that
// game's count, 0 if none. cfg is the configuration Standings.Write needs.
func tally(names []string, games []*Game, planned int, sprt *SPRT) (cfg *Config, st *Standings, decidedAfter int, err error) {
	cfg = &Config{SPRT: sprt}
	for _, n := range names {
		cfg.Engines = append(cfg.Engines, EngineConfig{Name: n})
	}
	if sprt != nil && len(names) != 2 {
		return nil, nil, 0, fmt.Errorf("the SPRT needs exactly two engines, the match has %d", len(names))
	}
	st = newStandings(names, planned)
	for _, g := range games {
		st.add(cfg, g)
		if sprt != nil && st.SPRTResult == "" {
			if d := sprt.Decide(st.llr(sprt, pairKey(names[0], names[1]))); d != "" {
				st.SPRTResult, decidedAfter = d, st.Games
			}
		}
	}
	return cfg, st, decidedAfter, nil
}

// variantText names the match's game for a merge header: the variant, with
// its rule set and id when the tags have them.
func (m matchTags) variantText() string {
	var detail []string
	if m.ruleSet != "" {
		detail = append(detail, "rule set "+m.ruleSet)
	}
	if m.variantID != "" {
		detail = append(detail, "id "+m.variantID)
	}
	if len(detail) == 0 {
		return m.variant
	}
	return m.variant + " (" + strings.Join(detail, ", ") + ")"
}

// missingGames lists, as ranges ("5-6, 9"), the game numbers from 1 to
// planned that games (sorted by number) lacks.
func missingGames(games []*Game, planned int) string {
	var parts []string
	add := func(lo, hi int) {
		switch {
		case lo > hi:
		case lo == hi:
			parts = append(parts, strconv.Itoa(lo))
		default:
			parts = append(parts, fmt.Sprintf("%d-%d", lo, hi))
		}
	}
	next := 1
	for _, g := range games {
		add(next, g.Number-1)
		next = g.Number + 1
	}
	add(next, planned)
	return strings.Join(parts, ", ")
}
