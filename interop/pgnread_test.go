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

	"github.com/kirin-shogi/kirin/match"
	"github.com/kirin-shogi/kirin/movegen"
)

// TestXBoardReadsPGN checks that XBoard 4.9.1 reads back the PGN files
// `kirin match` writes, move for move.
//
// Games: `kirin match` (the built binary) plays Kirin against Kirin at
// depth 1 over CECP from random openings, in chu (12x12, with lion double
// moves, igui and passes) and shogi (drops, promotions, declined
// promotions), and one chu game from a set-up position (so the PGN has
// SetUp/FEN tags) whose book moves are an igui, a lion capture followed by
// a step, and a lion pass.
//
// Method: each game goes into a file of its own, and XBoard loads it at
// start-up (-loadGameFile FILE -loadGameIndex 1, -timeDelay 0: straight to
// the end) with legality testing on (its default) and Kirin attached as
// the first engine. XBoard puts the engine in force mode and sends it
// every move it read, as "usermove", and a setup position by "setboard";
// its debug log (-debug) records both, and "Parsed IllegalMove: TEXT" when
// it stops at a move text it cannot read or thinks illegal. Once the log
// shows "LoadGame(): on exit" the test ends XBoard with SIGTERM (it has no
// option to exit after loading). The moves XBoard sent must be exactly the
// game's moves in XBoard's protocol notation (movegen's MoveXBoard of the
// game replayed by match.ReadPGN and match.ParseMoveAny; XBoard adds "="
// to a declined shogi promotion, which the test drops), the setboard
// position the game's start, and Kirin must refuse none of them. XBoard
// thus replayed the game's own moves from its own start, so its final
// position is the game's.
//
// What the method found: XBoard reads a two-leg move in the protocol form
// (h6i7,i7i8) as the move h6i7 followed by i7i8 for the other side, so the
// writer now uses the form XBoard's reader takes (h6xi7xi8, g9xh9-g9).
// Loading game N of a file, XBoard 4.9.1 carries the captured square of
// the last two-leg move of game N-1 into the first move of game N (it sent
// "e3d2,f4c2" for e3d2 and lost the piece on f4), hence one game a file.
// XBoard judges chu with a check rule and refuses a move that leaves the
// mover's king en prise, which the chu rules allow; Kirin under CECP plays
// one only when every move loses, so such a move can only be one of the
// last two plies, and the test then checks the moves before it.
//
// Not covered: the games XBoard knows only from the engine's setup and
// piece commands (heian, heiandai, okisaki, dai, reiwadai). XBoard 4.9.1
// cannot load a game file in those at all: LoadGame re-sends "variant" to
// the engine and parses the moves at once, on its default 8x8 board,
// before the engine's setup arrives (at start-up, in match mode and from
// the menu alike), so it stops at the first move whatever the notation.
func TestXBoardReadsPGN(t *testing.T) {
	if testing.Short() {
		t.Skip("runs kirin match and XBoard")
	}
	xboard := program(t, "xboard", "xboard")
	xvfb := program(t, "xvfb-run", "xvfb")
	bin := kirin(t)
	dir := t.TempDir()
	start := time.Now()

	// The set-up chu game: a sente lion (g6) next to two gote pawns (f7,
	// g7), a third gote pawn on e8. Book moves: igui on g7 (g6xg7-g6), the
	// gote king steps, the lion takes f7 and then e8 (g6xf7xe8, a double
	// capture), the king steps back, the lion passes (@@@@). The book
	// holds every two-leg kind, so the test does not depend on the
	// engine's play finding one. The shogi games start with a bishop exchange
	// in which sente declines the promotion, so there are drops too.
	lion := filepath.Join(dir, "lion.txt")
	exchange := filepath.Join(dir, "exchange.txt")
	for file, line := range map[string]string{
		lion:     "5k6/4ggg5/12/12/4p7/5pp5/6N5/12/12/12/4GGG5/6K5 b - 1 moves 6g6f6g 7a8a 6g7f8e 8a7a 8e8d8e",
		exchange: "startpos moves 7g7f 3c3d 8h2b 3a2b",
	} {
		if err := os.WriteFile(file, []byte(line+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	runs := []struct {
		variant string
		args    []string
	}{
		{"chu", []string{"--openings", lion, "--games", "1", "--maxplies", "30"}},
		{"chu", []string{"--games", "4", "--random-plies", "6", "--seed", "7", "--maxplies", "150"}},
		{"shogi", []string{"--openings", exchange, "--games", "3", "--random-plies", "4", "--seed", "3", "--maxplies", "200"}},
	}
	type loaded struct {
		variant string
		game    match.PGNGame
		file    string
	}
	var games []loaded
	for i, r := range runs {
		pgn := filepath.Join(dir, fmt.Sprintf("match%d.pgn", i))
		args := append([]string{"match", "--variant", r.variant,
			"--engine", "name=a proto=xboard cmd=" + bin, "--engine", "name=b proto=xboard cmd=" + bin,
			"--depth", "1", "--norepeat", "--concurrency", "2", "--pgn", pgn}, r.args...)
		if out, err := exec.Command(bin, args...).CombinedOutput(); err != nil {
			t.Fatalf("kirin %s: %v\n%s", strings.Join(args, " "), err, out)
		}
		f, err := os.Open(pgn)
		if err != nil {
			t.Fatal(err)
		}
		gs, err := match.ReadPGN(f)
		f.Close()
		if err != nil {
			t.Fatal(err)
		}
		for j, text := range splitGames(t, pgn) {
			file := filepath.Join(dir, fmt.Sprintf("%s-%d-%d.pgn", r.variant, i, j+1))
			if err := os.WriteFile(file, []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
			games = append(games, loaded{r.variant, gs[j], file})
		}
	}
	t.Logf("%d games written in %.1f s", len(games), time.Since(start).Seconds())

	kinds := map[string]int{}
	for i, g := range games {
		name := fmt.Sprintf("%s-%d", g.variant, i+1)
		t.Run(name, func(t *testing.T) {
			want, startSFEN, tail := expectedMoves(t, g.variant, g.game, kinds)
			got := loadInXBoard(t, xvfb, xboard, bin, g.variant, g.file, filepath.Join(dir, name))
			if got.setboard != "" {
				v, _ := movegen.Lookup(g.variant)
				op, err := match.ParseOpening(v, got.setboard)
				if err != nil || !samePosition(v, op.SFEN, startSFEN) {
					t.Errorf("XBoard set up %q (%v), want %s", got.setboard, err, startSFEN)
				}
			} else if startSFEN != "startpos" {
				t.Errorf("XBoard sent no setboard for the start %s", startSFEN)
			}
			n := len(got.moves)
			for k := 0; k < n && k < len(want); k++ {
				if strings.TrimSuffix(got.moves[k], "=") != want[k] {
					t.Fatalf("ply %d: XBoard sent %q, the game has %q (PGN text %q)", k+1, got.moves[k], want[k], g.game.Moves[k])
				}
			}
			switch {
			case n == len(want):
			case n < len(want) && n >= len(want)-2 && tail[n]:
				t.Logf("XBoard refused ply %d of %d (%s), which leaves the mover's royal en prise: XBoard's check rule, not the notation",
					n+1, len(want), g.game.Moves[n])
			default:
				t.Errorf("XBoard read %d of %d plies; it stopped at %q (ply %d) %s", n, len(want), got.refused, n+1, got.stderr)
			}
			for _, r := range got.rejected {
				t.Errorf("Kirin refused a move XBoard sent: %s", r)
			}
			t.Logf("%d of %d plies read; %s", n, len(want), g.game.Tags["Termination"])
		})
	}
	for _, k := range []string{"two-leg", "igui", "double capture", "pass", "drop", "promotion", "declined promotion"} {
		if kinds[k] == 0 {
			t.Errorf("no %s in the games", k)
		}
	}
	t.Logf("%d games, moves of each kind %v, %.1f s in all", len(games), kinds, time.Since(start).Seconds())
}

// splitGames returns the games of a PGN file as separate texts.
func splitGames(t *testing.T, path string) []string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, part := range strings.Split(string(data), "[Event ") {
		if strings.TrimSpace(part) != "" {
			out = append(out, "[Event "+part)
		}
	}
	return out
}

// expectedMoves replays a game read by match.ReadPGN and returns its moves
// in XBoard's protocol notation, the start SFEN ("startpos" for the
// variant's own), and for each ply whether it leaves the mover's royal
// piece en prise. It counts the kinds of moves in kinds.
func expectedMoves(t *testing.T, variant string, g match.PGNGame, kinds map[string]int) ([]string, string, []bool) {
	t.Helper()
	v, err := movegen.Lookup(variant)
	if err != nil {
		t.Fatal(err)
	}
	start := "startpos"
	if g.Tags["SFEN"] != "" {
		start = g.Tags["SFEN"]
	}
	pos, err := movegen.NewPosition(v, start)
	if err != nil {
		t.Fatal(err)
	}
	var moves []string
	var tail []bool
	for i, text := range g.Moves {
		m, err := match.ParseMoveAny(pos, text)
		if err != nil {
			t.Fatalf("ply %d %q: Kirin's own reader: %v", i+1, text, err)
		}
		moves = append(moves, pos.MoveXBoard(m))
		countKind(pos, m, kinds)
		mover := pos.SideToMove()
		pos.Make(m)
		tail = append(tail, royalEnPrise(pos, mover))
	}
	return moves, start, tail
}

// countKind counts m (legal in pos) by the kinds the test must see.
func countKind(pos *movegen.Position, m movegen.Move, kinds map[string]int) {
	switch {
	case m.IsPass():
		kinds["pass"]++
	case m.IsDrop():
		kinds["drop"]++
	case m.Mid() != movegen.NoSquare:
		kinds["two-leg"]++
		switch {
		case m.To() == m.From():
			kinds["igui"]++
		case pos.At(m.To()) != movegen.Empty:
			kinds["double capture"]++
		}
	case m.IsPromotion():
		kinds["promotion"]++
	default:
		var list movegen.MoveList
		pos.GenerateLegal(&list)
		for _, o := range list.Slice() {
			if o.IsPromotion() && !o.IsDrop() && o.From() == m.From() && o.To() == m.To() && o.Mid() == movegen.NoSquare {
				kinds["declined promotion"]++
				break
			}
		}
	}
}

// royalEnPrise reports whether the side to move can capture a royal piece
// of colour c.
func royalEnPrise(pos *movegen.Position, c movegen.Color) bool {
	v := pos.Variant()
	var list movegen.MoveList
	pos.GenerateLegal(&list)
	for _, m := range list.Slice() {
		for _, s := range []movegen.Square{m.Mid(), m.To()} {
			if s == movegen.NoSquare || m.IsDrop() {
				continue
			}
			if p := pos.At(s); p != movegen.Empty && p.Color() == c && v.Pieces[p.Type()].Royal {
				return true
			}
		}
	}
	return false
}

func samePosition(v *movegen.Variant, a, b string) bool {
	pa, err1 := movegen.NewPosition(v, a)
	pb, err2 := movegen.NewPosition(v, b)
	return err1 == nil && err2 == nil && pa.SFEN() == pb.SFEN()
}

// xbLoad is what XBoard did with a game file.
type xbLoad struct {
	moves    []string // the moves XBoard sent the engine, in order
	setboard string   // the position it sent, if any
	refused  string   // the move text it stopped at, if any
	rejected []string // the engine's "Illegal move" replies
	stderr   string
}

var (
	usermoveRE = regexp.MustCompile(`>first : usermove (?:\d+ >first : )?(\S+)`)
	setboardRE = regexp.MustCompile(`>first : setboard (.+)$`)
	refusedRE  = regexp.MustCompile(`^Parsed IllegalMove: (.*)$`)
	rejectedRE = regexp.MustCompile(`<first : (Illegal move.*)$`)
)

// loadInXBoard starts XBoard under xvfb-run with Kirin as the first
// engine, loads the game file, waits until the load is done and ends
// XBoard; it returns what the debug log shows from the load on.
func loadInXBoard(t *testing.T, xvfb, xboard, engine, variant, file, prefix string) xbLoad {
	t.Helper()
	debug, pidFile := prefix+".debug", prefix+".pid"
	dir := filepath.Dir(file)
	// The shell writes its pid and becomes XBoard, so the test can signal
	// XBoard alone: xvfb-run then stops Xvfb itself.
	args := []string{"-a", "-s", "-screen 0 1280x1024x24", "sh", "-c", `echo $$ > "$0"; exec "$@"`, pidFile, xboard,
		"-debug", "-nameOfDebugFile", debug,
		"-settingsFile", prefix + ".xboardrc", "-saveSettingsOnExit", "false", "-popupExitMessage", "false",
		"-fcp", engine, "-fd", dir, "-variant", variant,
		"-loadGameFile", file, "-loadGameIndex", "1", "-timeDelay", "0"}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, xvfb, args...)
	cmd.Dir = dir
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	var stderr strings.Builder
	cmd.Stdout, cmd.Stderr = &stderr, &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	finished := false
	for !finished {
		select {
		case err := <-done:
			t.Fatalf("XBoard exited before the game was loaded (%v):\n%s", err, stderr.String())
		case <-ctx.Done():
			<-done
			t.Fatalf("XBoard did not finish loading in 60 s:\n%s", stderr.String())
		case <-time.After(100 * time.Millisecond):
			data, _ := os.ReadFile(debug)
			finished = strings.Contains(string(data), "LoadGame(): on exit")
		}
	}
	// Let the engine answer the moves, then end XBoard.
	time.Sleep(300 * time.Millisecond)
	pid, err := readPid(pidFile)
	if err != nil {
		t.Fatal(err)
	}
	syscall.Kill(pid, syscall.SIGTERM)
	select {
	case <-done:
	case <-ctx.Done():
		<-done
		t.Fatalf("XBoard did not exit after SIGTERM")
	}
	// xvfb-run stops Xvfb on its way out; should anything of the group
	// be left, it goes too.
	syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)

	var res xbLoad
	for _, l := range strings.Split(stderr.String(), "\n") {
		if strings.HasPrefix(l, "xboard:") {
			res.stderr += l + "\n"
		}
	}
	f, err := os.Open(debug)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	loading := false
	for sc.Scan() {
		l := sc.Text()
		if strings.HasPrefix(l, "LoadGame(): on entry") {
			loading = true
		}
		if !loading {
			continue
		}
		if m := usermoveRE.FindStringSubmatch(l); m != nil {
			res.moves = append(res.moves, m[1])
		} else if m := setboardRE.FindStringSubmatch(l); m != nil {
			res.setboard = m[1]
		} else if m := refusedRE.FindStringSubmatch(l); m != nil {
			res.refused = m[1]
		} else if m := rejectedRE.FindStringSubmatch(l); m != nil {
			res.rejected = append(res.rejected, m[1])
		}
	}
	return res
}

func readPid(path string) (int, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return 0, err
	}
	return strconv.Atoi(strings.TrimSpace(string(data)))
}
