package match

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Protocol names the text protocol an engine speaks.
type Protocol string

// The protocols the runner speaks.
const (
	USI  Protocol = "usi"
	CECP Protocol = "xboard"
)

// Option is an engine option set by name (setoption for USI, option
// NAME=VALUE for CECP).
type Option struct {
	Name, Value string
}

// EngineConfig describes one engine: how to start it and how to talk to it.
type EngineConfig struct {
	// Name identifies the engine in the PGN and the tables.
	Name string
	// Cmd is the program and its arguments.
	Cmd []string
	// Dir is the working directory ("" for the runner's).
	Dir string
	// Proto is USI (default) or CECP.
	Proto Protocol
	// Options are set in order before each game.
	Options []Option
	// Variant is the engine's name for the game ("" for the referee's).
	Variant string
	// MemoryMB is sent with CECP's memory command (default 64).
	MemoryMB int
	// SetboardAlways sends a CECP engine the position by setboard before
	// each of its moves instead of passing it the opponent's moves.
	SetboardAlways bool
	// SwapClocks sends a USI engine each side's clock under the other
	// side's name (btime for gote's, wtime for sente's), for engines that
	// read them the wrong way round: Fairy-Stockfish 11.1 (Debian's) takes
	// btime as its own clock when it plays gote.
	SwapClocks bool
}

// ParseEngine reads an engine description in cutechess-cli's style: space
// separated key=value fields (values may be quoted with ' or "): name=,
// cmd= (split at spaces), arg= (one more argument, repeatable), dir=,
// proto=usi|xboard (cecp is a synonym), option.NAME=VALUE, variant=,
// memory=MB, setboard=always, clocks=swapped.
func ParseEngine(spec string) (EngineConfig, error) {
	var e EngineConfig
	fields, err := splitFields(spec)
	if err != nil {
		return e, err
	}
	return e, e.apply(fields)
}

// apply sets the fields of e from key=value words.
func (e *EngineConfig) apply(fields []string) error {
	for _, f := range fields {
		k, v, ok := strings.Cut(f, "=")
		if !ok {
			return fmt.Errorf("engine field %q is not key=value", f)
		}
		switch {
		case k == "name":
			e.Name = v
		case k == "cmd":
			e.Cmd = strings.Fields(v)
		case k == "arg":
			e.Cmd = append(e.Cmd, v)
		case k == "dir":
			e.Dir = v
		case k == "proto":
			switch strings.ToLower(v) {
			case "usi":
				e.Proto = USI
			case "xboard", "cecp", "winboard":
				e.Proto = CECP
			default:
				return fmt.Errorf("proto=%s: the runner speaks usi and xboard", v)
			}
		case strings.HasPrefix(k, "option."):
			e.Options = append(e.Options, Option{Name: k[len("option."):], Value: v})
		case k == "variant":
			e.Variant = v
		case k == "memory":
			n, err := strconv.Atoi(v)
			if err != nil || n < 1 {
				return fmt.Errorf("memory=%s: want megabytes", v)
			}
			e.MemoryMB = n
		case k == "setboard":
			if v != "always" && v != "never" {
				return fmt.Errorf("setboard=%s: want always or never", v)
			}
			e.SetboardAlways = v == "always"
		case k == "clocks":
			if v != "swapped" && v != "normal" {
				return fmt.Errorf("clocks=%s: want normal or swapped", v)
			}
			e.SwapClocks = v == "swapped"
		default:
			return fmt.Errorf("unknown engine field %q", k)
		}
	}
	return nil
}

// splitFields splits s at spaces, keeping quoted parts ('...' or "...")
// together and dropping the quotes.
func splitFields(s string) ([]string, error) {
	var out []string
	var cur strings.Builder
	var quote rune
	have := false
	for _, r := range s {
		switch {
		case quote != 0 && r == quote:
			quote = 0
		case quote != 0:
			cur.WriteRune(r)
		case r == '\'' || r == '"':
			quote, have = r, true
		case r == ' ' || r == '\t':
			if have {
				out = append(out, cur.String())
				cur.Reset()
				have = false
			}
		default:
			cur.WriteRune(r)
			have = true
		}
	}
	if quote != 0 {
		return nil, fmt.Errorf("unbalanced quote in %q", s)
	}
	if have {
		out = append(out, cur.String())
	}
	return out, nil
}

// check fills in defaults and reports a missing command.
func (e *EngineConfig) check() error {
	if len(e.Cmd) == 0 {
		return fmt.Errorf("engine %q has no cmd=", e.Name)
	}
	if e.Name == "" {
		e.Name = e.Cmd[0]
		if k := strings.LastIndexByte(e.Name, '/'); k >= 0 {
			e.Name = e.Name[k+1:]
		}
	}
	if e.Proto == "" {
		e.Proto = USI
	}
	if e.MemoryMB == 0 {
		e.MemoryMB = 64
	}
	return nil
}

// Errors a process read returns.
var (
	errTimeout = errors.New("no answer in time")
	errExited  = errors.New("engine process ended")
)

// proc is a running engine process with its output read line by line on
// a goroutine.
type proc struct {
	name  string
	cmd   *exec.Cmd
	in    io.WriteCloser
	lines chan string // closed when the output ends
	stop  chan struct{}
	log   func(dir, line string)
	once  sync.Once
}

// startProc launches the engine. log (may be nil) receives every line in
// both directions.
func startProc(e *EngineConfig, log func(dir, line string)) (*proc, error) {
	cmd := exec.Command(e.Cmd[0], e.Cmd[1:]...)
	cmd.Dir = e.Dir
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	if log == nil {
		log = func(string, string) {}
	}
	p := &proc{name: e.Name, cmd: cmd, in: in, lines: make(chan string, 256), stop: make(chan struct{}), log: log}
	go p.read(out)
	return p, nil
}

func (p *proc) read(out io.Reader) {
	defer close(p.lines)
	r := bufio.NewReaderSize(out, 1<<16)
	for {
		line, err := r.ReadString('\n')
		if line != "" {
			line = strings.TrimRight(line, "\r\n")
			p.log("<", line)
			select {
			case p.lines <- line:
			case <-p.stop:
				return
			}
		}
		if err != nil {
			return
		}
	}
}

// send writes lines to the engine.
func (p *proc) send(lines ...string) error {
	for _, l := range lines {
		p.log(">", l)
		if _, err := io.WriteString(p.in, l+"\n"); err != nil {
			return fmt.Errorf("%w (write: %v)", errExited, err)
		}
	}
	return nil
}

// readLine returns the next line, errTimeout at the deadline or errExited
// when the output has ended.
func (p *proc) readLine(deadline time.Time) (string, error) {
	d := time.Until(deadline)
	if d <= 0 {
		select {
		case l, ok := <-p.lines:
			if !ok {
				return "", errExited
			}
			return l, nil
		default:
			return "", errTimeout
		}
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case l, ok := <-p.lines:
		if !ok {
			return "", errExited
		}
		return l, nil
	case <-t.C:
		return "", errTimeout
	}
}

// close sends the quit lines, waits up to grace for the process to end,
// then kills it (by its own PID) and waits.
func (p *proc) close(grace time.Duration, quit ...string) {
	p.once.Do(func() {
		_ = p.send(quit...)
		p.in.Close()
		done := make(chan struct{})
		go func() { _ = p.cmd.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(grace):
			_ = p.cmd.Process.Kill()
			<-done
		}
		close(p.stop)
	})
}
