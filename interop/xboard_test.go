package interop

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// The XBoard tests run Debian's XBoard 4.9.1 in match mode under xvfb-run,
// with legality testing on (the default), so XBoard itself judges every
// move of both engines against the rules it knows (chu, shogi) or the
// piece lines Kirin sent (the engine-defined games). Each engine searches
// to a fixed depth (-depth sends sd) with a clock far longer than that
// needs, and pondering is off (-xponder), so the games are repeatable and
// fast. The PGN XBoard saves is checked game by game: a result other than
// "*", a reasonable number of plies, and no "illegal", "forfeit" or
// "false" (false claims) in the result comment; XBoard's debug log must
// hold no line in which an engine claims an illegal move.

// xbMatch is one XBoard match.
type xbMatch struct {
	name    string
	variant string
	first   string // "kirin", "hachu" or "fairy-stockfish"
	second  string
	games   int
	depth   int
	extra   []string // more XBoard options
}

var xbMatches = []xbMatch{
	// HaChu 0.21 plays chu with its own rules, which Kirin's rule set
	// hachu follows (lion trading, repetition).
	{name: "chu-hachu", variant: "chu", first: "kirin", second: "hachu", games: 2, depth: 4,
		extra: []string{"-firstOptions", "RuleSet=hachu"}},
	{name: "heiandai", variant: "heiandai", first: "kirin", second: "kirin", games: 1, depth: 5},
	{name: "reiwadai", variant: "reiwadai", first: "kirin", second: "kirin", games: 1, depth: 4},
	{name: "okisaki", variant: "okisaki", first: "kirin", second: "kirin", games: 1, depth: 5},
	// Fairy-Stockfish speaks CECP itself (its first line picks the
	// protocol), so XBoard needs no USI adapter.
	{name: "shogi-fsf", variant: "shogi", first: "kirin", second: "fairy-stockfish", games: 1, depth: 5},
}

func TestXBoardMatches(t *testing.T) {
	if testing.Short() {
		t.Skip("plays whole games under XBoard")
	}
	xboard := program(t, "xboard", "xboard")
	xvfb := program(t, "xvfb-run", "xvfb")
	engines := map[string]string{"kirin": kirin(t)}
	for _, m := range xbMatches {
		for _, e := range []string{m.first, m.second} {
			if _, ok := engines[e]; !ok {
				engines[e] = program(t, e, e)
			}
		}
	}
	for _, m := range xbMatches {
		t.Run(m.name, func(t *testing.T) {
			dir := t.TempDir()
			pgn := filepath.Join(dir, m.name+".pgn")
			debug := filepath.Join(dir, m.name+".debug")
			args := []string{"-a", "-s", "-screen 0 1280x1024x24", xboard,
				"-debug", "-nameOfDebugFile", debug,
				"-settingsFile", filepath.Join(dir, "xboardrc"), "-saveSettingsOnExit", "false",
				"-popupExitMessage", "false", "-noGUI",
				"-fcp", engines[m.first], "-fd", dir, "-scp", engines[m.second], "-sd", dir,
				"-variant", m.variant, "-mm", "-mg", strconv.Itoa(m.games),
				"-depth", strconv.Itoa(m.depth), "-tc", "5", "-inc", "0", "-xponder",
				"-matchPause", "100", "-sgf", pgn}
			args = append(args, m.extra...)
			ctx, cancel := context.WithTimeout(context.Background(), 6*time.Minute)
			defer cancel()
			cmd := exec.CommandContext(ctx, xvfb, args...)
			cmd.Dir = dir
			// xvfb-run starts Xvfb, XBoard and the engines: on a timeout
			// the whole process group goes.
			cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
			cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
			start := time.Now()
			out, err := cmd.CombinedOutput()
			took := time.Since(start)
			if ctx.Err() != nil {
				t.Fatalf("XBoard still running after %v", took)
			}
			if err != nil {
				t.Fatalf("xboard: %v\n%s", err, out)
			}
			games := readPGN(t, pgn)
			if len(games) != m.games {
				t.Fatalf("%d games in the PGN, want %d\n%s", len(games), m.games, out)
			}
			times := gameTimes(t, debug)
			for i, g := range games {
				wall := "?"
				if i < len(times) {
					wall = fmt.Sprintf("%.1f s", times[i].Seconds())
				}
				t.Logf("game %d, %s: %s vs %s: %s {%s}, %d plies, %s", i+1, g.tags["Variant"], g.tags["White"], g.tags["Black"],
					g.tags["Result"], g.comment, g.plies, wall)
				checkGame(t, g)
			}
			for _, l := range engineClaims(t, debug) {
				t.Errorf("an engine claimed an illegal move: %s", l)
			}
			t.Logf("%d game(s) in %.1f s", len(games), took.Seconds())
		})
	}
}

// pgnGame is one game of XBoard's PGN file.
type pgnGame struct {
	tags    map[string]string
	comment string // the comment before the result: how the game ended
	plies   int
}

var (
	tagRE     = regexp.MustCompile(`^\[(\w+) "(.*)"\]$`)
	commentRE = regexp.MustCompile(`\{[^}]*\}`)
	resultRE  = regexp.MustCompile(`^(1-0|0-1|1/2-1/2|\*)$`)
	moveNoRE  = regexp.MustCompile(`^\d+\.+$`)
)

// readPGN splits the file into games: tags, then the move text up to the
// next [Event tag.
func readPGN(t *testing.T, path string) []pgnGame {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("no PGN: %v", err)
	}
	var games []pgnGame
	var text strings.Builder
	flush := func() {
		if len(games) == 0 {
			return
		}
		g := &games[len(games)-1]
		body := text.String()
		if cs := commentRE.FindAllString(body, -1); len(cs) > 0 {
			g.comment = strings.Trim(cs[len(cs)-1], "{}")
		}
		for _, tok := range strings.Fields(commentRE.ReplaceAllString(body, " ")) {
			if !moveNoRE.MatchString(tok) && !resultRE.MatchString(tok) {
				g.plies++
			}
		}
		text.Reset()
	}
	for _, line := range strings.Split(string(data), "\n") {
		if m := tagRE.FindStringSubmatch(strings.TrimSpace(line)); m != nil {
			if m[1] == "Event" {
				flush()
				games = append(games, pgnGame{tags: map[string]string{}})
			}
			if len(games) > 0 {
				games[len(games)-1].tags[m[1]] = m[2]
			}
			continue
		}
		text.WriteString(line + "\n")
	}
	flush()
	return games
}

// checkGame reports the problems gameProblems finds.
func checkGame(t *testing.T, g pgnGame) {
	t.Helper()
	for _, p := range gameProblems(g) {
		t.Error(p)
	}
}

// gameProblems applies the checks every game must pass.
func gameProblems(g pgnGame) []string {
	var out []string
	if r := g.tags["Result"]; r == "" || r == "*" {
		out = append(out, fmt.Sprintf("no result (%q)", r))
	}
	if g.plies < 10 || g.plies > 1500 {
		out = append(out, fmt.Sprintf("%d plies", g.plies))
	}
	c := strings.ToLower(g.comment)
	for _, bad := range []string{"illegal", "forfeit", "false", "invalid"} {
		if strings.Contains(c, bad) {
			out = append(out, fmt.Sprintf("the game ended with {%s}", g.comment))
			break
		}
	}
	if !strings.Contains(g.tags["White"]+g.tags["Black"], "Kirin") {
		out = append(out, fmt.Sprintf("Kirin did not play: %s vs %s", g.tags["White"], g.tags["Black"]))
	}
	return out
}

// debugLine reads XBoard's debug lines "MS >first : TEXT" (to an engine)
// and "MS <second: TEXT" (from one).
var debugLine = regexp.MustCompile(`^(\d+) ([<>])(first |second): ?(.*)$`)

// engineClaims returns the engine lines (not # comments) that XBoard
// reads as illegal-move claims.
func engineClaims(t *testing.T, path string) []string {
	var out []string
	scanDebug(t, path, func(ms int, dir, engine, text string) {
		if dir == "<" && !strings.HasPrefix(text, "#") && strings.Contains(text, "llegal") {
			out = append(out, engine+": "+text)
		}
	})
	return out
}

// gameTimes returns each game's wall time: from the first new (for the
// first game) or the previous result to the result XBoard sends.
func gameTimes(t *testing.T, path string) []time.Duration {
	var out []time.Duration
	start := -1
	scanDebug(t, path, func(ms int, dir, engine, text string) {
		if dir != ">" || engine != "first" {
			return
		}
		switch {
		case start < 0 && text == "new":
			start = ms
		case start >= 0 && strings.HasPrefix(text, "result "):
			out = append(out, time.Duration(ms-start)*time.Millisecond)
			start = ms
		}
	})
	return out
}

func scanDebug(t *testing.T, path string, f func(ms int, dir, engine, text string)) {
	t.Helper()
	file, err := os.Open(path)
	if err != nil {
		t.Fatalf("no debug log: %v", err)
	}
	defer file.Close()
	sc := bufio.NewScanner(file)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		m := debugLine.FindStringSubmatch(sc.Text())
		if m == nil {
			continue
		}
		ms, _ := strconv.Atoi(m[1])
		f(ms, m[2], strings.TrimSpace(m[3]), strings.TrimSpace(m[4]))
	}
}
