package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kirin-shogi/kirin/match"
	"github.com/kirin-shogi/kirin/movegen"
)

// TestCommands runs the command line in-process: good input prints the
// expected lines and exits 0; bad input prints one clear error and exits 1.
func TestCommands(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "mini.ini")
	bad := filepath.Join(dir, "bad.ini")
	os.WriteFile(good, []byte("[mini]\nboard = 5x5\nzone = 1\ncheck = true\nstart = rbsgk/4p/5/P4/KGSBR b - 1\n"+
		"piece = K king K royal\npiece = G gold WfF value=500\npiece = S silver FfW value=400 promote=G\n"+
		"piece = B bishop B value=600\npiece = R rook R value=700\npiece = P pawn fW value=100 promote=G\n"), 0o644)
	os.WriteFile(bad, []byte("[broken]\nboard = 9x9\nstart = 9/9/9/9/9/9/9/9/9\npiece = K king K royal\npiece = X thing Y\n"), 0o644)
	// Lion moves as kirin match writes them for XBoard's PGN reader: igui,
	// a capture and a step on, a pass.
	lion := filepath.Join(dir, "lion.pgn")
	os.WriteFile(lion, []byte("[Variant \"chu\"]\n[SFEN \"5k6/4ggg5/12/12/12/5pp5/6N5/12/12/12/4GGG5/6K5 b - 1\"]\n\n"+
		"1. g6xg7-g6 {book} f12e12 2. g6xf7-e8 e12f12 3. @@@@ *\n"), 0o644)
	// A lion dog on 13m with a Black pawn straight ahead, princes in the
	// corners: liondog = q3 blocks its forward line (sheet ⚠9).
	const ldFen = "24[cp]/25/25/25/25/25/25/25/25/25/25/12P12/12[LD]12/25/25/25/25/25/25/25/25/25/25/25/[CP]24 b - 1"
	cases := []struct {
		name   string
		args   []string
		code   int
		stdout []string
		stderr string
	}{
		{"analyze lion game", []string{"analyze", "--game", lion, "--depth", "1"}, 0, []string{"5 plies", "(usi 6g6f6g)", "(usi 6g7f8e)", "(usi 8e7e8e)"}, ""},
		{"variants", []string{"variants"}, 0, []string{"shogi", "okisaki", "heian", "heiandai", "chu", "dai"}, ""},
		{"perft", []string{"perft", "chu", "2"}, 0, []string{"Nodes: 1296"}, ""},
		{"perft moves", []string{"perft", "shogi", "--moves", "7g7f", "3c3d", "1"}, 0, []string{"Nodes: 39", "Promotions: 2"}, ""},
		{"perft fen divide", []string{"perft", "okisaki", "--fen", "4k5/10/4p5/4G5/10/10/10/10/10/4K5 b - 1", "1", "--divide"}, 0, []string{"6d5c: 1", "Nodes: 11"}, ""},
		{"perft ruleset", []string{"perft", "chu", "--ruleset", "lishogi", "1"}, 0, []string{"Nodes: 36"}, ""},
		{"user variant", []string{"perft", "mini", "--variant-file", good, "2"}, 0, []string{"Nodes:"}, ""},
		{"check good", []string{"check", good}, 0, []string{"ok: mini"}, ""},
		{"check bad", []string{"check", bad}, 1, nil, "bad.ini:5: Betza \"Y\": unknown atom"},
		{"check missing", []string{"check", filepath.Join(dir, "none.ini")}, 1, nil, "no such file"},
		{"unknown variant", []string{"perft", "nope", "2"}, 1, nil, "unknown variant \"nope\""},
		{"bad sfen", []string{"perft", "chu", "--fen", "xx/yy b - 1", "2"}, 1, nil, "position:"},
		{"illegal move", []string{"perft", "shogi", "--moves", "7g7f", "7g7f", "1"}, 1, nil, "move 2: illegal move: 7g7f"},
		{"garbage move", []string{"perft", "shogi", "--moves", "zz", "1"}, 1, nil, "move 1:"},
		{"bad depth", []string{"perft", "chu", "x"}, 1, nil, "depth must be a number"},
		{"no depth", []string{"perft", "chu"}, 1, nil, "perft needs VARIANT and DEPTH"},
		{"negative depth", []string{"perft", "chu", "-1"}, 1, nil, "depth must be a number"},
		{"unknown command", []string{"frobnicate"}, 1, nil, "unknown command"},
		{"unknown option", []string{"perft", "--bogus", "chu", "1"}, 1, nil, "unknown option --bogus"},
		{"analyze help", []string{"analyze", "--help"}, 0, []string{"usage:", "kirin analyze VARIANT"}, ""},
		{"perft -h", []string{"perft", "chu", "-h"}, 0, []string{"usage:", "kirin perft VARIANT"}, ""},
		{"unknown command help", []string{"frobnicate", "--help"}, 1, nil, "unknown command \"frobnicate\""},
		{"option of another command", []string{"analyze", "chu", "--movetime", "500"}, 1, nil, "analyze takes no option --movetime"},
		{"perft with games", []string{"perft", "chu", "--games", "3", "1"}, 1, nil, "perft takes no option --games"},
		{"version with json", []string{"version", "--json"}, 1, nil, "version takes no option --json"},
		{"selfplay depth", []string{"selfplay", "shogi", "--depth", "3"}, 1, nil, "--depth needs --vs-material"},
		{"vs-material time", []string{"selfplay", "shogi", "--vs-material", "--time", "1m"}, 1, nil, "--time does not apply to --vs-material"},
		{"common option", []string{"perft", "chu", "--ruleset", "hachu", "1"}, 0, []string{"Nodes: "}, ""},
		{"bad ruleset", []string{"perft", "chu", "--ruleset", "none", "1"}, 1, nil, "has no rule set \"none\""},
		{"variants options", []string{"variants"}, 0, []string{"--option liondog=lion (default; also q3)", "--option repetition=first (default; also fourth)"}, ""},
		{"perft option", []string{"perft", "tai", "--fen", ldFen, "--option", "liondog=q3", "1"}, 0, []string{"Nodes: 25"}, ""},
		{"perft options default", []string{"perft", "tai", "--fen", ldFen, "1"}, 0, []string{"Nodes: 28"}, ""},
		{"perft two options", []string{"perft", "tai", "--fen", ldFen, "--option", "liondog=q3", "--option", "teachingking=queen", "1"}, 0, []string{"Nodes: 25"}, ""},
		{"unknown option name", []string{"perft", "tai", "--option", "nosuch=1", "1"}, 1, nil, "has no option \"nosuch\""},
		{"unknown option value", []string{"perft", "tai", "--option", "liondog=hachu", "1"}, 1, nil, "tai.ini:31: option liondog of variant tai has no value \"hachu\""},
		{"option not NAME=VALUE", []string{"perft", "tai", "--option", "liondog", "1"}, 1, nil, "is not NAME=VALUE"},
		{"option for a game without", []string{"perft", "shogi", "--option", "liondog=q3", "1"}, 1, nil, "has no options"},
		{"option with selfplay all", []string{"selfplay", "all", "--option", "liondog=q3"}, 1, nil, "name one variant"},
		{"missing value", []string{"perft", "chu", "1", "--fen"}, 1, nil, "--fen needs a value"},
		{"selfplay time", []string{"selfplay", "heian", "--games", "1000000", "--time", "300ms"}, 0, []string{"Invariant failures: 0"}, ""},
		{"selfplay bad time", []string{"selfplay", "heian", "--time", "soon"}, 1, nil, "--time needs a positive duration"},
		{"bench", []string{"bench", "--variant", "shogi", "--depth", "3"}, 0, []string{"Position 1/4 shogi", "Nodes searched  :", "Nodes/second    :"}, ""},
		{"bench unknown game", []string{"bench", "--variant", "nope"}, 1, nil, "no bench positions for \"nope\""},
		{"bench bad depth", []string{"bench", "--depth", "0"}, 1, nil, "--depth needs a positive number"},
		{"selfplay vs material", []string{"selfplay", "shogi", "--vs-material", "--games", "2", "--depth", "2", "--seed", "4"}, 0,
			[]string{"shogi game   1: first player black", "shogi game   2: first player white", "full depth 2 vs material depth 1", "variant   games", "Faults: 0"}, ""},
		{"selfplay vs material nodes", []string{"selfplay", "heian", "--vs-material", "--games", "1", "--nodes", "500", "--maxply", "60"}, 0,
			[]string{"heian game   1:", "full nodes 500 vs material depth 1"}, ""},
		{"selfplay vs material search params", []string{"selfplay", "heian", "--vs-material", "--games", "1", "--nodes", "500", "--maxply", "60", "--search-params", "contprune=0,butterfly=50"}, 0,
			[]string{"heian game   1:", "full nodes 500, butterfly=50,contprune=0 vs material depth 1"}, ""},
		{"vs material bad search params", []string{"selfplay", "shogi", "--vs-material", "--search-params", "contprune=99"}, 1, nil, "--search-params: search parameter contprune needs an integer from 0 to 30"},
		{"vs material search params no value", []string{"selfplay", "shogi", "--vs-material", "--search-params"}, 1, nil, "--search-params needs a value"},
		{"search params without vs material", []string{"selfplay", "shogi", "--search-params", "butterfly=0"}, 1, nil, "--search-params needs --vs-material"},
		{"selfplay vs material concurrency", []string{"selfplay", "heian", "--vs-material", "--games", "3", "--depth", "1", "--maxply", "40", "--concurrency", "2"}, 0,
			[]string{"heian game   1:", "heian game   2:", "heian game   3:", "Games: 3"}, ""},
		{"vs material bad concurrency", []string{"selfplay", "heian", "--vs-material", "--concurrency", "0"}, 1, nil, "--concurrency needs a number from 1 to 64, got \"0\""},
		{"vs material concurrency no value", []string{"selfplay", "heian", "--vs-material", "--concurrency"}, 1, nil, "--concurrency needs a value"},
		{"concurrency without vs material", []string{"selfplay", "heian", "--concurrency", "2"}, 1, nil, "--concurrency needs --vs-material"},
		{"vs material bad nodes", []string{"selfplay", "shogi", "--vs-material", "--nodes", "x"}, 1, nil, "--nodes needs a positive number, got \"x\""},
		{"vs material zero nodes", []string{"selfplay", "shogi", "--vs-material", "--nodes", "0"}, 1, nil, "--nodes needs a positive number"},
		{"vs material nodes no value", []string{"selfplay", "shogi", "--vs-material", "--nodes"}, 1, nil, "--nodes needs a value"},
		{"vs material depth and nodes", []string{"selfplay", "shogi", "--vs-material", "--depth", "2", "--nodes", "100"}, 1, nil, "not both"},
		{"nodes without vs material", []string{"selfplay", "shogi", "--nodes", "100"}, 1, nil, "--nodes needs --vs-material"},
		{"pgn without vs material", []string{"selfplay", "shogi", "--pgn", "x.pgn"}, 1, nil, "--pgn needs --vs-material"},
		{"vs material pgn no value", []string{"selfplay", "shogi", "--vs-material", "--pgn"}, 1, nil, "--pgn needs a value"},
		{"vs material pgn bad path", []string{"selfplay", "shogi", "--vs-material", "--games", "1", "--pgn", filepath.Join(dir, "no", "x.pgn")}, 1, nil, "no such file or directory"},
		{"vs material greedy", []string{"selfplay", "shogi", "--vs-material", "--greedy"}, 1, nil, "--greedy does not apply"},
		{"vs material no variant", []string{"selfplay", "--vs-material"}, 1, nil, "selfplay needs VARIANT"},
		{"vs material unknown game", []string{"selfplay", "nope", "--vs-material"}, 1, nil, "unknown variant \"nope\""},
		{"vs material all option", []string{"selfplay", "all", "--vs-material", "--option", "liondog=q3"}, 1, nil, "name one variant"},
		{"bench argument", []string{"bench", "shogi"}, 1, nil, "bench takes no arguments"},
	}
	for _, c := range cases {
		errOut := runCommand(t, c.name, c.args, c.code, c.stdout)
		if c.stderr != "" && !strings.Contains(errOut, c.stderr) {
			t.Errorf("%s: stderr %q lacks %q", c.name, errOut, c.stderr)
		}
		if c.code != 0 && strings.Count(strings.TrimSpace(errOut), "kirin:") != 1 {
			t.Errorf("%s: want exactly one error line, got %q", c.name, errOut)
		}
	}
}

// TestVersusPGN: selfplay --vs-material --pgn writes every game as a PGN
// that match's reader takes back: the players, the result, the opening as
// book moves, a score on every other move, and moves that replay to the
// game's end (the summary line's ply count and outcome). Seed 2 gives one
// game drawn at the move limit and one won by checkmate.
func TestVersusPGN(t *testing.T) {
	path := filepath.Join(t.TempDir(), "v.pgn")
	var out, errOut bytes.Buffer
	args := []string{"selfplay", "heian", "--vs-material", "--games", "2", "--depth", "2", "--maxply", "200", "--seed", "2", "--pgn", path}
	if code := run(args, &out, &errOut); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	games, err := match.ReadPGN(f)
	if err != nil {
		t.Fatal(err)
	}
	if len(games) != 2 {
		t.Fatalf("%d games in the PGN, want 2", len(games))
	}
	v, err := movegen.Lookup("heian")
	if err != nil {
		t.Fatal(err)
	}
	for i, g := range games {
		first, second := g.Tags["White"], g.Tags["Black"]
		if i == 1 {
			first, second = second, first
		}
		if first != "full depth 2" || second != "material depth 1" {
			t.Errorf("game %d: players %q and %q (PGN White, Black), want the full engine first", i+1, g.Tags["White"], g.Tags["Black"])
		}
		pos, moves, err := g.Replay(v)
		if err != nil {
			t.Fatalf("game %d: %v", i+1, err)
		}
		summary := strings.Split(strings.TrimSpace(out.String()), "\n")[i]
		if want := fmt.Sprintf("%d plies", len(moves)); !strings.Contains(summary, want) {
			t.Errorf("game %d: %d moves replayed, summary %q", i+1, len(moves), summary)
		}
		// Replay gives the start and the moves; the referee's move limit
		// was --maxply.
		pos.SetMoveLimit(200)
		for _, m := range moves {
			pos.Make(m)
		}
		result := map[movegen.Result]string{movegen.BlackWins: "1-0", movegen.WhiteWins: "0-1", movegen.Draw: "1/2-1/2"}
		if o := pos.Outcome(); result[o.Result] != g.Tags["Result"] || !strings.Contains(g.LastComment, o.Reason) {
			t.Errorf("game %d: replay ends %v, PGN says %s {%s}", i+1, o, g.Tags["Result"], g.LastComment)
		}
		book, scored := 0, 0
		for _, c := range g.Comments {
			if c == "book" {
				book++
			} else if _, _, ok := match.ParseScoreComment(c); ok {
				scored++
			}
		}
		if book != 4 || scored != len(moves)-4 {
			t.Errorf("game %d: %d book moves (want 4) and %d scores, want one on each of the other %d moves", i+1, book, scored, len(moves)-4)
		}
	}
}

// runCommand runs kirin with args, checks its exit code and that its
// standard output holds each of stdout, and returns its standard error.
func runCommand(t *testing.T, name string, args []string, code int, stdout []string) string {
	t.Helper()
	var out, errOut bytes.Buffer
	if got := run(args, &out, &errOut); got != code {
		t.Errorf("%s: exit %d, want %d (stderr %q)", name, got, code, errOut.String())
	}
	for _, want := range stdout {
		if !strings.Contains(out.String(), want) {
			t.Errorf("%s: stdout lacks %q:\n%s", name, want, out.String())
		}
	}
	return errOut.String()
}

// TestMatchCommands: kirin match --shard, kirin match merge, kirin match
// strip, kirin match depth and kirin match ends are wired: help texts, a
// bad shard, a bad merge, a bad strip, a bad depth and a bad ends give one
// "kirin match" error line, merge of a kirin match PGN prints the report,
// strip writes its games and ends lists them.
func TestMatchCommands(t *testing.T) {
	dir := t.TempDir()
	pgn := filepath.Join(dir, "shard1.pgn")
	os.WriteFile(pgn, []byte("[White \"a\"]\n[Black \"b\"]\n[Result \"1-0\"]\n[Variant \"shogi\"]\n[TimeControl \"depth 1\"]\n"+
		"[Termination \"normal\"]\n[GameNumber \"1\"]\n[MatchGames \"2\"]\n[MatchEngines \"a,b\"]\n[Shard \"1/2\"]\n\n"+
		"1. 7g7f {a wins by checkmate} 1-0\n"), 0o644)
	engines := []string{"match", "--variant", "shogi", "--engine", "cmd=x", "--engine", "cmd=y", "--depth", "1"}
	cases := []struct {
		name   string
		args   []string
		code   int
		stdout []string
		stderr string
	}{
		{"match help", []string{"match", "--help"}, 0, []string{"--shard K/N", "usage: kirin match merge"}, ""},
		{"merge help", []string{"match", "merge", "--help"}, 0, []string{"usage: kirin match merge", "--sprt elo0=E0"}, ""},
		{"merge alone", []string{"match", "merge"}, 0, []string{"usage: kirin match merge"}, ""},
		{"bad shard", append(engines, "--shard", "3/2"), 1, nil, "kirin match: --shard needs K/N with 1 <= K <= N, got \"3/2\"\n"},
		{"shard without value", append(engines, "--shard"), 1, nil, "kirin match: --shard needs a value\n"},
		{"merge missing file", []string{"match", "merge", filepath.Join(dir, "none.pgn")}, 1, nil, "kirin match merge: stat "},
		{"merge bad sprt", []string{"match", "merge", pgn, "--sprt", "elo0=3", "elo1=1"}, 1, nil, "kirin match merge: --sprt needs 0 < alpha, beta < 1 and elo0 < elo1\n"},
		{"strip help", []string{"match", "strip"}, 0, []string{"usage: kirin match strip FILE.pgn..."}, ""},
		{"strip missing file", []string{"match", "strip", filepath.Join(dir, "none.pgn")}, 1, nil, "kirin match strip: open "},
		{"strip bad option", []string{"match", "strip", "--moves", pgn}, 1, nil, "kirin match strip: unknown option --moves\n"},
		{"strip", []string{"match", "strip", pgn}, 0, []string{"[White \"a\"]\n[Black \"b\"]\n[Result \"1-0\"]\n", "[GameNumber \"1\"]\n", "\n{a wins by checkmate} 1-0\n"}, ""},
		{"depth help", []string{"match", "depth"}, 0, []string{"usage: kirin match depth [--band N] [--variant-file FILE] FILE.pgn..."}, ""},
		{"depth of a game without comments", []string{"match", "depth", pgn}, 1, nil, "kirin match depth: no move in these files has a {score/depth time} comment"},
		{"depth bad band", []string{"match", "depth", "--band", "-2", pgn}, 1, nil, "kirin match depth: --band needs a number of plies from 1 to 10000, got \"-2\"\n"},
		{"ends help", []string{"match", "ends"}, 0, []string{"usage: kirin match ends [--all]"}, ""},
		{"ends of a decided game", []string{"match", "ends", pgn}, 0, []string{"0 of 1 games drawn at the move limit\n"}, ""},
		{"ends --all", []string{"match", "ends", "--all", pgn}, 0, []string{"1 of 1 games listed\n", "  a wins by checkmate\n"}, ""},
		{"ends bad option", []string{"match", "ends", "--band", pgn}, 1, nil, "kirin match ends: unknown option --band\n"},
		{"spsa help", []string{"match", "spsa"}, 0, []string{"usage: kirin match spsa --variant V --engine SPEC --param NAME=START,MIN,MAX,C_END[,R_END]"}, ""},
		{"spsa bad param", []string{"match", "spsa", "--variant", "shogi", "--engine", "cmd=x", "--nodes", "1", "--pairs", "1", "--param", "rfp=1"}, 1, nil,
			"kirin match spsa: --param \"rfp=1\": want NAME=START,MIN,MAX,C_END[,R_END]\n"},
		{"tune help", []string{"tune"}, 0, []string{"usage: kirin tune VARIANT --games FILE.pgn"}, ""},
		{"tune without games", []string{"tune", "shogi"}, 1, nil, "kirin tune: --games FILE is needed (kirin tune --help)\n"},
		{"tune bad flag", []string{"tune", "shogi", "--games", pgn, "--skip", "x"}, 1, nil, "kirin tune: invalid value \"x\" for flag -skip"},
		{"merge", []string{"match", "merge", pgn}, 0, []string{"Merge: shogi, engines a, b, time control depth 1, 1 games from 1 files\nMissing games: 2\n",
			"Score of a vs b: 1 - 0 - 0  [1.000]  1", "1 of 2 games played", "1  a wins by checkmate"}, ""},
		{"merge runs", []string{"match", "merge", "--runs", pgn}, 0, []string{"Merge of runs: shogi, engines a, b, time control depth 1, 1 games from 1 runs\nRun 1: " + pgn + ", 1 games\n",
			"Score of a vs b: 1 - 0 - 0  [1.000]  1"}, ""},
	}
	for _, c := range cases {
		errOut := runCommand(t, c.name, c.args, c.code, c.stdout)
		if c.stderr != "" && (!strings.HasPrefix(errOut, c.stderr) || strings.Count(errOut, "\n") != 1) {
			t.Errorf("%s: stderr %q, want one line starting %q", c.name, errOut, c.stderr)
		}
	}
}
