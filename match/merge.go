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
const MergeUsage = `usage: kirin match merge [--sprt elo0=E0 elo1=E1 alpha=A beta=B] FILE.pgn...
  Reads the PGN files the shards of one match wrote (kirin match ... --shard K/N --pgn FILE)
  and prints the whole match's final report as an unsharded run prints it at its end: the
  score, Elo and error margin of each pairing, the SPRT state, the table of engines, the
  games played of those scheduled, how the games ended. Games are counted in game-number
  order; the SPRT (two engines, the first of the match's --engine options the one tested)
  is decided at the first game where it crosses a bound, as a run would have stopped there.
  Files of shards still running may be merged: the report says which games are missing.
  Fails on a game number found twice (a shard merged twice, or one PGN file appended to by
  two runs) and on games of different matches (engines, variant, time control, match size).
  --sprt elo0=E0 elo1=E1 alpha=A beta=B   as for kirin match (defaults 0, 5, 0.05, 0.05)
`

// MergeCommand runs `kirin match merge` with its arguments: PGN files and
// --sprt fields, in any order ("--" ends the options); --help prints
// MergeUsage.
func MergeCommand(args []string, out io.Writer) error {
	a := &Args{}
	var files []string
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
		case arg == "--help" || arg == "-h":
			_, err := io.WriteString(out, MergeUsage)
			return err
		default:
			return fmt.Errorf("unknown option %s", arg)
		}
	}
	_, err := Merge(files, a.SPRT, out)
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
	if len(paths) == 0 {
		return nil, fmt.Errorf("give the PGN files of the shards")
	}
	seen := map[int]string{} // game number -> where it was read
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
	var games []*Game
	var first matchTags
	firstWhere := ""
	for _, path := range paths {
		f, err := os.Open(path)
		if err != nil {
			return nil, err
		}
		pgns, err := ReadPGN(f)
		f.Close()
		if err != nil {
			return nil, fmt.Errorf("%s: %v", path, err)
		}
		if len(pgns) == 0 {
			return nil, fmt.Errorf("%s: no games", path)
		}
		for i, p := range pgns {
			where := fmt.Sprintf("%s (game %d of the file)", path, i+1)
			g, m, err := gameFromPGN(p)
			if err != nil {
				return nil, fmt.Errorf("%s: %v", where, err)
			}
			if prev, dup := seen[g.Number]; dup {
				return nil, fmt.Errorf("game %d appears twice, in %s and in %s: a shard merged twice, or a PGN file that two runs appended to", g.Number, prev, where)
			}
			seen[g.Number] = where
			if firstWhere == "" {
				first, firstWhere = m, where
			} else if d := first.diff(m); d != "" {
				return nil, fmt.Errorf("game %d in %s and game %d in %s are not of one match: %s", games[0].Number, firstWhere, g.Number, where, d)
			}
			games = append(games, g)
		}
	}
	sort.Slice(games, func(i, j int) bool { return games[i].Number < games[j].Number })
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
					return nil, fmt.Errorf("game %d in %s: engine %q is not one of the match's engines %s", g.Number, seen[g.Number], n, strings.Join(names, ", "))
				}
				names = append(names, n)
				known[n] = true
			}
		}
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
	cfg := &Config{SPRT: sprt}
	for _, n := range names {
		cfg.Engines = append(cfg.Engines, EngineConfig{Name: n})
	}
	if sprt != nil && len(names) != 2 {
		return nil, fmt.Errorf("the SPRT needs exactly two engines, the match has %d", len(names))
	}
	st := newStandings(names, planned)
	decidedAfter := 0
	for _, g := range games {
		st.add(cfg, g)
		if sprt != nil && st.SPRTResult == "" {
			if s := st.Pairs[pairKey(names[0], names[1])]; s != nil {
				if d := sprt.Decide(*s); d != "" {
					st.SPRTResult, decidedAfter = d, st.Games
				}
			}
		}
	}
	variant := first.variant
	var detail []string
	if first.ruleSet != "" {
		detail = append(detail, "rule set "+first.ruleSet)
	}
	if first.variantID != "" {
		detail = append(detail, "id "+first.variantID)
	}
	if len(detail) > 0 {
		variant += " (" + strings.Join(detail, ", ") + ")"
	}
	fmt.Fprintf(out, "Merge: %s, engines %s, time control %s, %d games from %d files\n",
		variant, strings.Join(names, ", "), first.tc, len(games), len(paths))
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
