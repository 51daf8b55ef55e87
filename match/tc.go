package match

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

// TimeControl is how long the engines may think. Clock controls (Base,
// Inc, Moves, Byoyomi) may be combined with Depth or Nodes; MoveTime is a
// fixed time per move. With neither a clock nor MoveTime, only Hang
// limits a move.
type TimeControl struct {
	// Moves is the number of moves per period (0: Base is for the game).
	Moves int
	// Base is the time per period; Inc is added after each move.
	Base, Inc time.Duration
	// Byoyomi is the time per move once Base is used up.
	Byoyomi time.Duration
	// MoveTime is a fixed time per move.
	MoveTime time.Duration
	// Depth and Nodes limit each search (0: none).
	Depth int
	Nodes uint64
	// Margin is how far an engine may overstep its time before it loses.
	Margin time.Duration
	// Hang is the longest the runner waits for a move when the engine has
	// no clock to lose on (depth or node limits), and for start-up.
	Hang time.Duration
}

// HasClock reports whether the engines play on a clock.
func (tc TimeControl) HasClock() bool { return tc.Base > 0 || tc.Inc > 0 || tc.Byoyomi > 0 }

// ParseTC reads cutechess-cli's tc syntax: [MOVES/]BASE[+INC], BASE in
// seconds or MIN:SEC, INC in seconds, or "inf" for no clock.
func ParseTC(s string) (TimeControl, error) {
	var tc TimeControl
	if s == "inf" || s == "" {
		return tc, nil
	}
	rest := s
	if k := strings.IndexByte(rest, '/'); k >= 0 {
		n, err := strconv.Atoi(rest[:k])
		if err != nil || n < 1 {
			return tc, fmt.Errorf("tc %q: bad move count", s)
		}
		tc.Moves, rest = n, rest[k+1:]
	}
	base, inc, _ := strings.Cut(rest, "+")
	var err error
	if tc.Base, err = parseClock(base); err != nil {
		return tc, fmt.Errorf("tc %q: %v", s, err)
	}
	if inc != "" {
		if tc.Inc, err = parseSeconds(inc); err != nil {
			return tc, fmt.Errorf("tc %q: %v", s, err)
		}
	}
	if tc.Base <= 0 && tc.Inc <= 0 {
		return tc, fmt.Errorf("tc %q gives no time", s)
	}
	return tc, nil
}

// parseClock reads seconds or MIN:SEC.
func parseClock(s string) (time.Duration, error) {
	if m, sec, ok := strings.Cut(s, ":"); ok {
		mins, err := strconv.Atoi(m)
		if err != nil || mins < 0 {
			return 0, fmt.Errorf("bad minutes %q", m)
		}
		d, err := parseSeconds(sec)
		return time.Duration(mins)*time.Minute + d, err
	}
	return parseSeconds(s)
}

// parseSeconds reads a non-negative number of seconds.
func parseSeconds(s string) (time.Duration, error) {
	f, err := strconv.ParseFloat(s, 64)
	if err != nil || f < 0 {
		return 0, fmt.Errorf("bad seconds %q", s)
	}
	return time.Duration(f * float64(time.Second)), nil
}

// String writes the control as the PGN TimeControl tag does.
func (tc TimeControl) String() string {
	var parts []string
	if tc.HasClock() {
		s := secs(tc.Base)
		if tc.Moves > 0 {
			s = fmt.Sprintf("%d/%s", tc.Moves, s)
		}
		if tc.Inc > 0 {
			s += "+" + secs(tc.Inc)
		}
		if tc.Byoyomi > 0 {
			s += " byoyomi " + secs(tc.Byoyomi)
		}
		parts = append(parts, s)
	}
	if tc.MoveTime > 0 {
		parts = append(parts, secs(tc.MoveTime)+"/move")
	}
	if tc.Depth > 0 {
		parts = append(parts, fmt.Sprintf("depth %d", tc.Depth))
	}
	if tc.Nodes > 0 {
		parts = append(parts, fmt.Sprintf("nodes %d", tc.Nodes))
	}
	if len(parts) == 0 {
		return "-"
	}
	return strings.Join(parts, ", ")
}

func secs(d time.Duration) string {
	return strconv.FormatFloat(d.Seconds(), 'f', -1, 64)
}

// clock is one side's clock during a game.
type clock struct {
	tc    *TimeControl
	left  time.Duration
	moves int
}

func newClock(tc *TimeControl) *clock { return &clock{tc: tc, left: tc.Base} }

// deadline is how long the engine may think from now before it loses.
func (c *clock) allowance() time.Duration {
	tc := c.tc
	switch {
	case tc.HasClock():
		return c.left + tc.Byoyomi + tc.Margin
	case tc.MoveTime > 0:
		return tc.MoveTime + tc.Margin
	}
	return tc.Hang
}

// spend charges a move that took d and reports whether the engine
// overstepped its time.
func (c *clock) spend(d time.Duration) (lost bool) {
	tc := c.tc
	if !tc.HasClock() {
		if tc.MoveTime > 0 {
			return d > tc.MoveTime+tc.Margin
		}
		return d > tc.Hang
	}
	if d > c.left+tc.Byoyomi+tc.Margin {
		return true
	}
	c.left -= d
	if c.left < 0 {
		c.left = 0
	}
	c.left += tc.Inc
	c.moves++
	if tc.Moves > 0 && c.moves%tc.Moves == 0 {
		c.left += tc.Base
	}
	return false
}

// movesToGo is the number of moves to the next period (0: sudden death).
func (c *clock) movesToGo() int {
	if c.tc.Moves == 0 {
		return 0
	}
	return c.tc.Moves - c.moves%c.tc.Moves
}
