package match

import (
	"errors"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/kirin-shogi/kirin/movegen"
)

// seatPID returns the process id of the engine at side c.
func seatPID(t *testing.T, tb *Table, c movegen.Color) int {
	t.Helper()
	tb.mu.Lock()
	defer tb.mu.Unlock()
	s := tb.seats[c]
	if s == nil || s.p == nil {
		t.Fatalf("no engine process at %v", c)
	}
	return s.p.cmd.Process.Pid
}

// checkGone fails unless process pid has exited (and been reaped).
func checkGone(t *testing.T, pid int) {
	t.Helper()
	if err := syscall.Kill(pid, 0); !errors.Is(err, syscall.ESRCH) {
		t.Errorf("engine process %d still exists (kill 0: %v)", pid, err)
	}
}

// firstLegal returns a legal move of pos.
func firstLegal(t *testing.T, pos *movegen.Position) movegen.Move {
	t.Helper()
	var list movegen.MoveList
	pos.GenerateLegal(&list)
	if list.N == 0 {
		t.Fatal("no legal move")
	}
	return list.Moves[0]
}

func newTable(t *testing.T, tc TimeControl) *Table {
	t.Helper()
	tb, err := NewTable(lookup(t, "shogi"), "", tc)
	if err != nil {
		t.Fatal(err)
	}
	return tb
}

// TestTableHumanVsFake: a human move, then the fake engine's answer, over
// both protocols: the clocks are charged, the records kept, the position
// moves on, and Close stops the engine.
func TestTableHumanVsFake(t *testing.T) {
	for _, proto := range []Protocol{USI, CECP} {
		t.Run(string(proto), func(t *testing.T) {
			tb := newTable(t, TimeControl{Base: 10 * time.Second, Margin: time.Second, Hang: 10 * time.Second})
			defer tb.Close()
			e := fake(t, "fake", "good", 0, proto)
			if err := tb.Sit(movegen.White, &e, nil); err != nil {
				t.Fatal(err)
			}
			if !tb.Seated(movegen.White) || tb.Seated(movegen.Black) {
				t.Fatal("Seated is wrong")
			}
			pid := seatPID(t, tb, movegen.White)
			if _, err := tb.Think(nil); err == nil {
				t.Fatal("Think with no engine at the side to move succeeded")
			}
			for i := 0; i < 3; i++ {
				m := firstLegal(t, tb.Position())
				if err := tb.Play(m, time.Second); err != nil {
					t.Fatal(err)
				}
				if err := tb.Play(firstLegal(t, tb.Position()), 0); err == nil {
					t.Fatal("Play at the engine's turn succeeded")
				}
				var infos []Info
				rec, err := tb.Think(func(inf Info) { infos = append(infos, inf) })
				if err != nil {
					t.Fatal(err)
				}
				if rec.USI == "" || rec.Book || !rec.HasScore || rec.Depth != 1 {
					t.Errorf("engine record %+v", rec)
				}
				if len(infos) != 1 || infos[0].Depth != 1 || len(infos[0].PV) != 1 {
					t.Errorf("infos %+v", infos)
				}
			}
			moves := tb.Moves()
			if len(moves) != 6 || tb.Position().Ply() != 6 {
				t.Fatalf("%d moves, ply %d", len(moves), tb.Position().Ply())
			}
			if moves[0].Time != time.Second || moves[0].HasScore {
				t.Errorf("human record %+v", moves[0])
			}
			if got := tb.Clock(movegen.Black); got != 7*time.Second {
				t.Errorf("Black's clock %v, want 7s", got)
			}
			if got := tb.Clock(movegen.White); got >= 10*time.Second || got < 9*time.Second {
				t.Errorf("White's clock %v", got)
			}
			// The moves replay from the start.
			pos, _ := movegen.NewPosition(lookup(t, "shogi"), "startpos")
			for _, r := range moves {
				m, err := pos.ParseMoveUSI(r.USI)
				if err != nil {
					t.Fatal(err)
				}
				pos.Make(m)
			}
			if pos.SFEN() != tb.Position().SFEN() {
				t.Errorf("replayed %s, table %s", pos.SFEN(), tb.Position().SFEN())
			}
			tb.Close()
			checkGone(t, pid)
			if tb.Seated(movegen.White) {
				t.Error("seated after Close")
			}
			if _, err := tb.Think(nil); err != ErrClosed {
				t.Errorf("Think after Close: %v", err)
			}
			if err := tb.Play(firstLegal(t, tb.Position()), 0); err != ErrClosed {
				t.Errorf("Play after Close: %v", err)
			}
			if err := tb.Sit(movegen.Black, &e, nil); err != ErrClosed {
				t.Errorf("Sit after Close: %v", err)
			}
			tb.Close()
		})
	}
}

// TestTableEngineVsEngine: two fake engines play each other move by move.
func TestTableEngineVsEngine(t *testing.T) {
	tb := newTable(t, TimeControl{Base: 30 * time.Second, Hang: 10 * time.Second})
	a, b := fake(t, "a", "good", 0, USI), fake(t, "b", "good", 0, CECP)
	if err := tb.Sit(movegen.Black, &a, nil); err != nil {
		t.Fatal(err)
	}
	if err := tb.Sit(movegen.White, &b, nil); err != nil {
		t.Fatal(err)
	}
	pids := []int{seatPID(t, tb, movegen.Black), seatPID(t, tb, movegen.White)}
	for i := 0; i < 20; i++ {
		if _, err := tb.Think(nil); err != nil {
			if r, _ := tb.Result(); r == movegen.Ongoing {
				t.Fatal(err)
			}
			break
		}
	}
	if n := len(tb.Moves()); n < 2 {
		t.Fatalf("%d moves", n)
	}
	tb.Close()
	for _, pid := range pids {
		checkGone(t, pid)
	}
}

// TestTableIllegalHumanMove: an illegal move is an error that changes
// nothing, and the engine is not told.
func TestTableIllegalHumanMove(t *testing.T) {
	tb := newTable(t, TimeControl{Base: 10 * time.Second, Hang: 10 * time.Second})
	defer tb.Close()
	e := fake(t, "fake", "good", 0, CECP)
	if err := tb.Sit(movegen.White, &e, nil); err != nil {
		t.Fatal(err)
	}
	pos := tb.Position()
	sfen := pos.SFEN()
	own := pos.Pieces(movegen.Black)
	for _, m := range []movegen.Move{movegen.NewMove(own[0], own[1]), movegen.NullMove, movegen.Move(0xffffffff)} {
		err := tb.Play(m, time.Second)
		var f *Fault
		if err == nil || errors.As(err, &f) {
			t.Errorf("Play(%#x): %v, want a plain error", uint32(m), err)
		}
	}
	if pos.SFEN() != sfen || len(tb.Moves()) != 0 || tb.Clock(movegen.Black) != 10*time.Second {
		t.Fatal("an illegal move changed the table")
	}
	if r, _ := tb.Result(); r != movegen.Ongoing {
		t.Fatal("an illegal human move ended the game")
	}
	// The engine still follows: a legal move and its answer.
	if err := tb.Play(firstLegal(t, pos), 0); err != nil {
		t.Fatal(err)
	}
	if _, err := tb.Think(nil); err != nil {
		t.Fatal(err)
	}
}

// TestTableHumanTime: a human move past the clock loses on time.
func TestTableHumanTime(t *testing.T) {
	tb := newTable(t, TimeControl{Base: time.Second, Hang: 10 * time.Second})
	defer tb.Close()
	e := fake(t, "fake", "good", 0, USI)
	if err := tb.Sit(movegen.White, &e, nil); err != nil {
		t.Fatal(err)
	}
	pid := seatPID(t, tb, movegen.White)
	sfen := tb.Position().SFEN()
	err := tb.Play(firstLegal(t, tb.Position()), 2*time.Second)
	var f *Fault
	if !errors.As(err, &f) || f.Result != movegen.WhiteWins || f.Engine != "" || f.Reason != "Black loses on time" {
		t.Fatalf("Play past the clock: %#v", err)
	}
	if tb.Position().SFEN() != sfen || tb.Clock(movegen.Black) != 0 {
		t.Error("the late move was made or the clock not emptied")
	}
	if r, reason := tb.Result(); r != movegen.WhiteWins || reason != f.Reason {
		t.Errorf("Result %v %q", r, reason)
	}
	checkGone(t, pid)
	if err := tb.Play(firstLegal(t, tb.Position()), 0); err == nil || !strings.Contains(err.Error(), "game over") {
		t.Errorf("Play after the loss: %v", err)
	}
	// Without a clock a human may take any time.
	tb2 := newTable(t, TimeControl{Depth: 1, Hang: time.Second})
	defer tb2.Close()
	if err := tb2.Play(firstLegal(t, tb2.Position()), time.Hour); err != nil || tb2.Clock(movegen.Black) != 0 {
		t.Errorf("Play with no clock: %v, clock %v", err, tb2.Clock(movegen.Black))
	}
}

// TestTableFaults: an engine fault returns a *Fault, leaves the position
// unchanged, ends the game and stops the engines.
func TestTableFaults(t *testing.T) {
	cases := []struct {
		mode, reason string
		engine       string
	}{
		{"illegal", "bad makes an illegal move", "bad"},
		{"crash", "bad disconnects", "bad"},
		{"resign", "bad resigns", ""},
		{"hang", "bad loses on time", "bad"},
	}
	for _, proto := range []Protocol{USI, CECP} {
		for _, c := range cases {
			t.Run(string(proto)+"/"+c.mode, func(t *testing.T) {
				tb := newTable(t, TimeControl{Base: time.Second, Margin: 50 * time.Millisecond, Hang: 10 * time.Second})
				defer tb.Close()
				e, h := fake(t, "bad", c.mode, 0, proto), fake(t, "good", "good", 0, proto)
				if err := tb.Sit(movegen.Black, &e, nil); err != nil {
					t.Fatal(err)
				}
				if err := tb.Sit(movegen.White, &h, nil); err != nil {
					t.Fatal(err)
				}
				pids := []int{seatPID(t, tb, movegen.Black), seatPID(t, tb, movegen.White)}
				sfen := tb.Position().SFEN()
				_, err := tb.Think(nil)
				var f *Fault
				if !errors.As(err, &f) || f.Result != movegen.WhiteWins || f.Engine != c.engine || !strings.HasPrefix(f.Reason, c.reason) {
					t.Fatalf("Think: %#v", err)
				}
				if tb.Position().SFEN() != sfen || len(tb.Moves()) != 0 {
					t.Error("the position changed")
				}
				if tb.Seated(movegen.Black) || tb.Seated(movegen.White) {
					t.Error("engines still seated after the game ended")
				}
				for _, pid := range pids {
					checkGone(t, pid)
				}
				if _, err := tb.Think(nil); err == nil {
					t.Error("Think after the fault succeeded")
				}
			})
		}
	}
}

// TestTableSit: a failed start is a *Fault with no result and leaves the
// side free; a new engine replaces (and stops) the old one and picks up
// the game so far.
func TestTableSit(t *testing.T) {
	tb := newTable(t, TimeControl{Base: 10 * time.Second, Hang: 5 * time.Second})
	defer tb.Close()
	dead := fake(t, "dead", "deadstart", 0, USI)
	err := tb.Sit(movegen.White, &dead, nil)
	var f *Fault
	if !errors.As(err, &f) || f.Result != movegen.Ongoing || f.Engine != "dead" {
		t.Fatalf("Sit of a dead engine: %#v", err)
	}
	if tb.Seated(movegen.White) {
		t.Fatal("a dead engine is seated")
	}
	if err := tb.Sit(movegen.White, &EngineConfig{Name: "nocmd"}, nil); err == nil || errors.As(err, &f) {
		t.Errorf("Sit without a command: %v", err)
	}
	for i := 0; i < 2; i++ {
		if err := tb.Play(firstLegal(t, tb.Position()), 0); err != nil {
			t.Fatal(err)
		}
	}
	a := fake(t, "a", "good", 0, CECP)
	if err := tb.Sit(movegen.Black, &a, nil); err != nil {
		t.Fatal(err)
	}
	pid := seatPID(t, tb, movegen.Black)
	b := fake(t, "b", "good", 0, CECP)
	if err := tb.Sit(movegen.Black, &b, nil); err != nil {
		t.Fatal(err)
	}
	checkGone(t, pid)
	if _, err := tb.Think(nil); err != nil {
		t.Fatal(err)
	}
	// The engine was handed the game so far: the human's reply is legal to it.
	if err := tb.Play(firstLegal(t, tb.Position()), 0); err != nil {
		t.Fatal(err)
	}
	if _, err := tb.Think(nil); err != nil {
		t.Fatal(err)
	}
}

// TestTableCloseDuringThink: Close while an engine thinks (and never
// answers) makes Think return ErrClosed promptly and stops the engine.
func TestTableCloseDuringThink(t *testing.T) {
	for _, proto := range []Protocol{USI, CECP} {
		t.Run(string(proto), func(t *testing.T) {
			tb := newTable(t, TimeControl{Base: time.Minute, Hang: 10 * time.Second})
			e := fake(t, "hang", "hang", 0, proto)
			if err := tb.Sit(movegen.Black, &e, nil); err != nil {
				t.Fatal(err)
			}
			pid := seatPID(t, tb, movegen.Black)
			closeDuringThink(t, tb, pid)
		})
	}
}

// closeDuringThink starts Think, closes tb after a moment and checks that
// Think returns ErrClosed within 3 s and that process pid is gone.
func closeDuringThink(t *testing.T, tb *Table, pid int) []Info {
	t.Helper()
	type answer struct {
		infos []Info
		err   error
	}
	done := make(chan answer)
	go func() {
		var infos []Info
		_, err := tb.Think(func(inf Info) { infos = append(infos, inf) })
		done <- answer{infos, err}
	}()
	time.Sleep(500 * time.Millisecond)
	t0 := time.Now()
	tb.Close()
	select {
	case a := <-done:
		if a.err != ErrClosed {
			t.Errorf("Think interrupted by Close: %v", a.err)
		}
		if d := time.Since(t0); d > 3*time.Second {
			t.Errorf("Think returned %v after Close", d)
		}
		checkGone(t, pid)
		tb.Close()
		return a.infos
	case <-time.After(3 * time.Second):
		t.Fatal("Think still running 3 s after Close")
	}
	return nil
}

// TestTableCloseDuringSit: Close while an engine's handshake waits stops
// the process and makes Sit return ErrClosed.
func TestTableCloseDuringSit(t *testing.T) {
	tb := newTable(t, TimeControl{Base: time.Minute, Hang: time.Minute})
	e := EngineConfig{Name: "mute", Cmd: []string{"sleep", "60"}}
	done := make(chan error)
	go func() { done <- tb.Sit(movegen.Black, &e, nil) }()
	var pid int
	for i := 0; pid == 0 && i < 100; i++ {
		time.Sleep(20 * time.Millisecond)
		tb.mu.Lock()
		if s := tb.seats[movegen.Black]; s != nil && s.p != nil {
			pid = s.p.cmd.Process.Pid
		}
		tb.mu.Unlock()
	}
	if pid == 0 {
		t.Fatal("the engine process did not start")
	}
	tb.Close()
	select {
	case err := <-done:
		if err != ErrClosed {
			t.Errorf("Sit interrupted by Close: %v", err)
		}
	case <-time.After(3 * time.Second):
		t.Fatal("Sit still running 3 s after Close")
	}
	checkGone(t, pid)
}

// TestInfoLines: USI info lines and CECP thinking lines as Info.
func TestInfoLines(t *testing.T) {
	pos, _ := movegen.NewPosition(lookup(t, "shogi"), "startpos")
	inf, ok := usiInfoLine(pos, strings.Fields("info depth 3 seldepth 4 multipv 2 score cp -11 nodes 983 nps 948554 hashfull 0 time 12 pv 7g7f 3c3d 9z9z 2g2f"))
	if !ok || inf.Depth != 3 || inf.MultiPV != 2 || inf.Score != -11 || !inf.HasScore || inf.Mate != 0 ||
		inf.Nodes != 983 || inf.Time != 12*time.Millisecond || len(inf.PV) != 2 || pos.MoveUSI(inf.PV[0]) != "7g7f" {
		t.Errorf("usi: %+v", inf)
	}
	for _, c := range []struct {
		score string
		mate  int
	}{{"mate 5", 5}, {"mate +3", 3}, {"mate -4", -4}} {
		inf, ok := usiInfoLine(pos, strings.Fields("info depth 9 score "+c.score+" pv"))
		if !ok || inf.Mate != c.mate || inf.MultiPV != 1 || mateOf(inf.Score) != c.mate || inf.PV != nil {
			t.Errorf("usi %s: %+v", c.score, inf)
		}
	}
	if _, ok := usiInfoLine(pos, strings.Fields("info string depth 3 is what I like")); ok {
		t.Error("info string read as a report")
	}
	// cecp.think decodes the score (mates in moves) before cecpInfo.
	for _, c := range []struct {
		line  string
		score int // as cecp.think decodes it
		mate  int
		pv    int
		time  time.Duration
	}{
		{"3 11 25 983 c1d2 g9f8 g1g2?", 11, 0, 3, 250 * time.Millisecond},
		{"7 100003 100 5000 1. c1d2 ... g9f8", MateScore - 6, 6, 2, time.Second},
		{"7 -100002 100 5000 c1d2 zz g9f8", -MateScore + 4, -4, 1, time.Second},
	} {
		m := thinkingRE.FindStringSubmatch(c.line)
		inf := cecpInfo(pos, m, c.line[len(m[0]):], c.score)
		if inf.Score != c.score || inf.Mate != c.mate || len(inf.PV) != c.pv || inf.Time != c.time ||
			inf.Depth != atoi(t, m[1]) || inf.Nodes != uint64(atoi(t, m[4])) || inf.MultiPV != 1 {
			t.Errorf("cecp %q: %+v", c.line, inf)
		}
	}
	if pos.Ply() != 0 {
		t.Error("parsing a PV moved the position")
	}
}

func atoi(t *testing.T, s string) int {
	t.Helper()
	n, err := strconv.Atoi(s)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// TestTableKirin: the real engine over both protocols at a tiny depth: a
// human move and its answer with increasing depths and a legal PV, then
// Close while it thinks with a long move time.
func TestTableKirin(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs kirin")
	}
	bin := filepath.Join(t.TempDir(), "kirin")
	build := exec.Command("go", "build", "-o", bin, "../cmd/kirin")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	for _, proto := range []Protocol{USI, CECP} {
		t.Run(string(proto), func(t *testing.T) {
			e := EngineConfig{Name: "kirin", Cmd: []string{bin}, Proto: proto}
			tb := newTable(t, TimeControl{Depth: 3, Hang: 30 * time.Second})
			defer tb.Close()
			if err := tb.Sit(movegen.White, &e, nil); err != nil {
				t.Fatal(err)
			}
			pid := seatPID(t, tb, movegen.White)
			for i := 0; i < 2; i++ {
				if err := tb.Play(firstLegal(t, tb.Position()), 0); err != nil {
					t.Fatal(err)
				}
				var depths []int
				illegal := 0
				rec, err := tb.Think(func(inf Info) {
					depths = append(depths, inf.Depth)
					if len(inf.PV) == 0 || !isLegal(tb.Position(), inf.PV[0]) {
						illegal++
					}
				})
				if err != nil {
					t.Fatal(err)
				}
				if rec.Depth != 3 || !rec.HasScore {
					t.Errorf("record %+v", rec)
				}
				if len(depths) < 2 || illegal > 0 {
					t.Errorf("depths %v, %d reports without a legal PV", depths, illegal)
				}
				for k := 1; k < len(depths); k++ {
					if depths[k] <= depths[k-1] {
						t.Errorf("depths %v do not increase", depths)
					}
				}
			}
			tb.Close()
			checkGone(t, pid)

			tb = newTable(t, TimeControl{MoveTime: time.Hour, Hang: 30 * time.Second})
			if err := tb.Sit(movegen.Black, &e, nil); err != nil {
				t.Fatal(err)
			}
			pid = seatPID(t, tb, movegen.Black)
			if infos := closeDuringThink(t, tb, pid); len(infos) == 0 {
				t.Error("no progress reports before Close")
			}
		})
	}
}
