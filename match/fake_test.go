package match

import (
	"bufio"
	"fmt"
	"math/rand"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/kirin-shogi/kirin/movegen"
)

// The fake engine: the test binary run again with KIRIN_FAKE_ENGINE set
// becomes a scripted engine that speaks USI or CECP (whichever its first
// line names), keeps the game with movegen and answers each move request
// with a random legal move, except that after KIRIN_FAKE_AFTER of its own
// moves it misbehaves as KIRIN_FAKE_ENGINE says:
//
//	good      never
//	crash     exits while thinking
//	hang      never answers
//	illegal   sends a well-formed but illegal move
//	garbage   sends noise, then an unreadable move
//	slow      thinks past its clock
//	resign    resigns
//	claim     claims a win (CECP 1-0/0-1, USI bestmove win)
//	deadstart exits before the handshake
//	legs      never; prefers moves with the most legs (three-leg moves)
//	nps       never; announces feature nps=1 (CECP)
//	slownps   never; as nps, but waits half a second after protover
//	seeded    never; its move depends only on the position and on
//	          KIRIN_FAKE_AFTER (a salt), so games replay exactly: a
//	          mate if it has one, else with an odd salt its most
//	          valuable capture, else a move drawn by the salted key
func TestMain(m *testing.M) {
	if mode := os.Getenv("KIRIN_FAKE_ENGINE"); mode != "" {
		after, _ := strconv.Atoi(os.Getenv("KIRIN_FAKE_AFTER"))
		os.Exit(fakeEngine(mode, after))
	}
	os.Exit(m.Run())
}

func fakeEngine(mode string, after int) int {
	if mode == "deadstart" {
		return 2
	}
	rng := rand.New(rand.NewSource(int64(os.Getpid())))
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(make([]byte, 1<<20), 1<<24)
	out := bufio.NewWriter(os.Stdout)
	say := func(f string, a ...any) { fmt.Fprintf(out, f+"\n", a...); out.Flush() }
	v, _ := movegen.Lookup("shogi")
	pos, _ := movegen.NewPosition(v, "startpos")
	moved := 0
	cecp := false
	// choose returns the engine's move text, or "" after misbehaving.
	choose := func() (string, bool) {
		moved++
		var list movegen.MoveList
		pos.GenerateLegal(&list)
		if moved > after {
			switch mode {
			case "crash":
				os.Exit(3)
			case "hang":
				time.Sleep(time.Hour)
			case "slow":
				time.Sleep(5 * time.Second)
			case "illegal":
				// A move of the side to move onto its own piece: well-formed, never legal.
				for _, s := range pos.Pieces(pos.SideToMove()) {
					for _, d := range pos.Pieces(pos.SideToMove()) {
						if s != d {
							m := movegen.NewMove(s, d)
							if cecp {
								return pos.MoveXBoard(m), true
							}
							return pos.MoveUSI(m), true
						}
					}
				}
			case "garbage":
				say("\x00\x01 ### %x", rng.Int63())
				return "zz@@!!", true
			case "resign":
				if cecp {
					say("resign")
				} else {
					say("bestmove resign")
				}
				return "", false
			case "claim":
				if cecp {
					say("%s {fake claims a win}", movegen.Win(pos.SideToMove()))
				} else {
					say("bestmove win")
				}
				return "", false
			}
		}
		ms := list.Slice()
		if mode == "seeded" {
			rng = rand.New(rand.NewSource(int64(pos.Key()) + int64(after)))
		}
		m := ms[rng.Intn(len(ms))]
		if mode == "seeded" {
			best := -1
			for _, x := range ms {
				gain := 0
				if after%2 == 1 && pos.IsCapture(x) && pos.At(x.To()) != movegen.Empty {
					gain = v.Pieces[pos.At(x.To()).Type()].Value
				}
				pos.Make(x)
				if r := pos.Outcome().Result; r != movegen.Ongoing && r != movegen.Draw {
					gain = 1 << 20
				}
				pos.Unmake()
				if gain > best {
					best, m = gain, x
				}
			}
			if best == 0 {
				m = ms[rng.Intn(len(ms))]
			}
		}
		if mode == "legs" {
			best := -1
			for _, x := range ms {
				legs := 0
				if x.Mid() != movegen.NoSquare {
					legs++
					if x.Mid2() != movegen.NoSquare {
						legs++
					}
				}
				if legs > best || legs == best && rng.Intn(3) == 0 {
					best, m = legs, x
				}
			}
		}
		if cecp {
			return pos.MoveXBoard(m), true
		}
		return pos.MoveUSI(m), true
	}
	for in.Scan() {
		f := strings.Fields(in.Text())
		if len(f) == 0 {
			continue
		}
		switch f[0] {
		case "usi":
			say("id name fake-%s", mode)
			say("option name USI_Variant type combo default shogi var shogi var chu var tai")
			say("usiok")
		case "setoption":
			if len(f) == 5 && f[2] == "USI_Variant" {
				v, _ = movegen.Lookup(f[4])
			}
		case "isready":
			say("readyok")
		case "position":
			sfen := "startpos"
			rest := f[1:]
			if rest[0] == "sfen" {
				k := 1
				for k < len(rest) && rest[k] != "moves" {
					k++
				}
				sfen, rest = strings.Join(rest[1:k], " "), rest[k:]
			} else {
				rest = rest[1:]
			}
			pos, _ = movegen.NewPosition(v, sfen)
			if len(rest) > 0 && rest[0] == "moves" {
				for _, t := range rest[1:] {
					m, err := pos.ParseMoveUSI(t)
					if err != nil {
						return 4
					}
					pos.Make(m)
				}
			}
		case "go":
			t, ok := choose()
			switch {
			case !ok:
			case cecp:
				say("1 0 1 10 %s", t)
				if m, err := pos.ParseMoveXBoard(t); err == nil {
					pos.Make(m)
				}
				say("move %s", t)
			default:
				say("info depth 1 score cp 0 pv %s", t)
				say("bestmove %s", t)
			}
		case "xboard":
			cecp = true
		case "protover":
			nps := ""
			switch mode {
			case "nps":
				nps = " nps=1"
			case "slownps":
				time.Sleep(500 * time.Millisecond)
				nps = " nps=1"
			}
			say(`feature myname="fake-%s" usermove=1 ping=1 setboard=1 memory=1 sigint=0%s done=1`, mode, nps)
		case "variant":
			v, _ = movegen.Lookup(f[1])
			pos, _ = movegen.NewPosition(v, "startpos")
		case "new":
			pos, _ = movegen.NewPosition(v, "startpos")
		case "usermove":
			m, err := pos.ParseMoveXBoard(f[1])
			if err != nil {
				say("Illegal move: %s", f[1])
				continue
			}
			pos.Make(m)
		case "setboard":
			sfen, err := fenToSFEN(v, strings.Join(f[1:], " "))
			if err != nil {
				return 5
			}
			if pos, err = movegen.NewPosition(v, sfen); err != nil {
				return 6
			}
		case "ping":
			say("pong %s", f[1])
		case "quit":
			return 0
		}
	}
	return 0
}
