package bench

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/kirin-shogi/kirin/eval"
	"github.com/kirin-shogi/kirin/movegen"
	"github.com/kirin-shogi/kirin/search"
)

// The anchor speed run: Kirin's search next to established engines on the
// same positions, one after the other in one process, each for the same
// wall-clock time (10 s unless KIRIN_ANCHORS_TIME says otherwise):
//
//	make anchors     (KIRIN_ANCHORS=1 go test -v -run '^TestAnchors$' ./bench)
//
// It is a measurement, not a check: it skips unless KIRIN_ANCHORS is set,
// and it fails only when an engine cannot be driven. KIRIN_ANCHORS_GAMES
// (comma-separated, e.g. "chu,tai") narrows the run.
//
//   - chu, dai: HaChu 0.21 in xboard analyze mode with post; the position
//     is given by setboard (board field only, the first player to move, as
//     in hachu_test.go), memory 64.
//   - shogi, heian: Fairy-Stockfish 11.1 over UCI, Hash 64, Threads 1, go
//     movetime; heian from testdata/fsf-variants.ini with the full rules.
//   - okisaki: SjaakII 1.4.1 in xboard analyze mode, memory 64, with
//     testdata/sjaakii-okisaki.txt.
//   - Kirin: in-process, search.New(eval.New(v), 1 thread, 64 MB), Limits
//     MoveTime, the variant's default rules.
//   - tai: Kirin alone from the start position with 1 and 2 threads, each
//     in a fresh child process so its peak RSS (VmHWM) is its own.
//
// Depth is the last completed iteration of each engine: Kirin's
// Result.Depth; the deepest exact-score info line Fairy-Stockfish printed
// before the stop (the line it prints when stopped mid-iteration is left
// out); for the xboard engines, the deepest post line (HaChu prints one per
// completed root iteration and none when aborted). Nodes and time are the
// totals at the stop for Kirin and Fairy-Stockfish, and those of the last
// post line for HaChu and SjaakII, which print nothing when analysis ends;
// nps is nodes over that time in every case. For HaChu and SjaakII the
// harness then waits up to twice as long again for the next post line and
// notes its rate, as their last line in time can come early.

// anchorHashMB is the hash (and engine memory) size for every engine.
const anchorHashMB = 64

// anchorResult is one engine's search of one position.
type anchorResult struct {
	Game, Position, Engine string
	Depth                  int
	Nodes                  uint64
	Time                   time.Duration
	// Note says why there is no result, or what is odd about it.
	Note string
	// NextNPS is, for the xboard engines, the nps of the first post line
	// after the time was up (0 if none came).
	NextNPS float64
}

// NPS is nodes per second over the reported time.
func (r anchorResult) NPS() float64 {
	if r.Time <= 0 {
		return 0
	}
	return float64(r.Nodes) / r.Time.Seconds()
}

// thinkLine is an xboard thinking-output line: depth score time(cs) nodes pv.
type thinkLine struct {
	Depth, Score int
	Time         time.Duration
	Nodes        uint64
	PV           string
}

var postLine = regexp.MustCompile(`^\s*(\d+)\s+(-?\d+)\s+(\d+)\s+(\d+)(?:\s+(.*))?$`)

// parseXBoardPost parses a thinking line (HaChu, SjaakII); debug lines (#),
// commands and anything else report false.
func parseXBoardPost(line string) (thinkLine, bool) {
	m := postLine.FindStringSubmatch(line)
	if m == nil {
		return thinkLine{}, false
	}
	d, _ := strconv.Atoi(m[1])
	s, _ := strconv.Atoi(m[2])
	cs, _ := strconv.ParseInt(m[3], 10, 64)
	n, _ := strconv.ParseUint(m[4], 10, 64)
	return thinkLine{Depth: d, Score: s, Time: time.Duration(cs) * 10 * time.Millisecond, Nodes: n, PV: strings.TrimSpace(m[5])}, true
}

// xboardSummary returns the deepest depth and the node count and time of
// the last thinking line.
func xboardSummary(lines []string) anchorResult {
	var r anchorResult
	for _, l := range lines {
		tl, ok := parseXBoardPost(l)
		if !ok {
			continue
		}
		r.Depth = max(r.Depth, tl.Depth)
		if tl.Nodes >= r.Nodes {
			r.Nodes, r.Time = tl.Nodes, tl.Time
		}
	}
	return r
}

// uciInfo is what the harness reads from a UCI info line.
type uciInfo struct {
	Depth, SelDepth int
	// Score is "cp N" or "mate N"; Bound "lowerbound", "upperbound" or "".
	Score, Bound string
	Nodes, NPS   uint64
	Time         time.Duration
	HasPV        bool
}

// parseUCIInfo parses an "info" line; "info string" and other lines report
// false.
func parseUCIInfo(line string) (uciInfo, bool) {
	f := strings.Fields(line)
	if len(f) < 2 || f[0] != "info" || f[1] == "string" {
		return uciInfo{}, false
	}
	var in uciInfo
	num := func(i int) uint64 {
		if i < len(f) {
			n, _ := strconv.ParseUint(f[i], 10, 64)
			return n
		}
		return 0
	}
	for i := 1; i < len(f); i++ {
		switch f[i] {
		case "depth":
			in.Depth = int(num(i + 1))
			i++
		case "seldepth":
			in.SelDepth = int(num(i + 1))
			i++
		case "nodes":
			in.Nodes = num(i + 1)
			i++
		case "nps":
			in.NPS = num(i + 1)
			i++
		case "time":
			in.Time = time.Duration(num(i+1)) * time.Millisecond
			i++
		case "score":
			if i+2 < len(f) {
				in.Score = f[i+1] + " " + f[i+2]
				i += 2
			}
		case "lowerbound", "upperbound":
			in.Bound = f[i]
		case "pv":
			in.HasPV = true
			i = len(f)
		}
	}
	return in, true
}

// fsfSummary returns the last completed depth (exact score, printed before
// movetime ran out) and the final node count and time.
func fsfSummary(lines []string, movetime time.Duration) anchorResult {
	var r anchorResult
	for _, l := range lines {
		in, ok := parseUCIInfo(l)
		if !ok || !in.HasPV {
			continue
		}
		if in.Bound == "" && in.Time < movetime {
			r.Depth = max(r.Depth, in.Depth)
		}
		if in.Nodes >= r.Nodes {
			r.Nodes, r.Time = in.Nodes, in.Time
		}
	}
	return r
}

// parseVmHWM returns the VmHWM field of /proc/PID/status in bytes (0 if
// absent).
func parseVmHWM(status string) uint64 {
	for _, l := range strings.Split(status, "\n") {
		if rest, ok := strings.CutPrefix(l, "VmHWM:"); ok {
			f := strings.Fields(rest)
			if len(f) > 0 {
				kb, _ := strconv.ParseUint(f[0], 10, 64)
				return kb << 10
			}
		}
	}
	return 0
}

func vmHWM() uint64 {
	b, _ := os.ReadFile("/proc/self/status")
	return parseVmHWM(string(b))
}

// engineProc is a reference engine process with its output read line by
// line on a goroutine.
type engineProc struct {
	name  string
	in    io.WriteCloser
	lines chan string
	close func()
}

func startEngine(t *testing.T, bin string, args ...string) *engineProc {
	t.Helper()
	cmd := exec.Command(bin, args...)
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatalf("%s: %v", bin, err)
	}
	p := &engineProc{name: filepath.Base(bin), in: in, lines: make(chan string, 1<<14)}
	go func() {
		sc := bufio.NewScanner(out)
		sc.Buffer(make([]byte, 1<<20), 1<<20)
		for sc.Scan() {
			p.lines <- sc.Text()
		}
		close(p.lines)
	}()
	// close asks the engine to quit and kills it if it does not within a
	// few seconds, so no engine lingers into the next measurement.
	p.close = sync.OnceFunc(func() {
		fmt.Fprintln(in, "quit")
		in.Close()
		done := make(chan struct{})
		go func() { _ = cmd.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(5 * time.Second):
			_ = cmd.Process.Kill()
			<-done
		}
	})
	t.Cleanup(p.close)
	return p
}

func (p *engineProc) send(lines ...string) {
	for _, l := range lines {
		fmt.Fprintln(p.in, l)
	}
}

// until returns the lines read up to and including the first for which
// stop is true; it fails on timeout or when the engine exits.
func (p *engineProc) until(t *testing.T, stop func(string) bool, timeout time.Duration) []string {
	t.Helper()
	var got []string
	deadline := time.After(timeout)
	for {
		select {
		case l, ok := <-p.lines:
			if !ok {
				t.Fatalf("%s exited; last lines: %q", p.name, tail(got, 10))
			}
			got = append(got, l)
			if stop(l) {
				return got
			}
		case <-deadline:
			t.Fatalf("%s: no answer within %v; last lines: %q", p.name, timeout, tail(got, 10))
		}
	}
}

// collect returns the lines read during d.
func (p *engineProc) collect(d time.Duration) []string {
	var got []string
	deadline := time.After(d)
	for {
		select {
		case l, ok := <-p.lines:
			if !ok {
				return got
			}
			got = append(got, l)
		case <-deadline:
			return got
		}
	}
}

func tail(s []string, n int) []string {
	if len(s) > n {
		return s[len(s)-n:]
	}
	return s
}

// xboardAnalyze sets an xboard engine up with setup, then analyses for
// think with post on, and summarises the thinking output.
func xboardAnalyze(t *testing.T, bin string, args []string, setup []string, think time.Duration) anchorResult {
	p := startEngine(t, bin, args...)
	p.send("xboard", "protover 2")
	p.until(t, func(l string) bool { return strings.Contains(l, "done=1") }, 10*time.Second)
	p.send(setup...)
	p.send("ping 1")
	for _, l := range p.until(t, func(l string) bool { return l == "pong 1" }, 30*time.Second) {
		if strings.HasPrefix(l, "Error") || strings.Contains(l, "llegal") || strings.HasPrefix(l, "tellusererror") {
			t.Fatalf("%s refused the set-up %q: %s", p.name, setup, l)
		}
	}
	p.send("post", "analyze")
	lines := p.collect(think)
	r := xboardSummary(lines)
	// The engine prints nothing between iterations, so the nps above is
	// that of the last iteration finished in time, which can be much
	// shorter than think. Wait a while for the next one to get the rate
	// over a longer stretch; it goes into the note, not into the table.
	next, ok := p.nextPost(think * 2)
	switch {
	case ok:
		r.Note = fmt.Sprintf("its next post line (depth %d) came at %.2f s with %d nodes: %.0f nps", next.Depth, next.Time.Seconds(), next.Nodes,
			float64(next.Nodes)/next.Time.Seconds())
		r.NextNPS = float64(next.Nodes) / next.Time.Seconds()
	default:
		r.Note = fmt.Sprintf("no further post line within another %v", think*2)
	}
	p.send("exit")
	p.close()
	return r
}

// nextPost waits up to d for a thinking line.
func (p *engineProc) nextPost(d time.Duration) (thinkLine, bool) {
	deadline := time.After(d)
	for {
		select {
		case l, ok := <-p.lines:
			if !ok {
				return thinkLine{}, false
			}
			if tl, ok := parseXBoardPost(l); ok {
				return tl, true
			}
		case <-deadline:
			return thinkLine{}, false
		}
	}
}

// fsfSearch runs Fairy-Stockfish on fen with go movetime think.
func fsfSearch(t *testing.T, bin, variant, fen string, think time.Duration) anchorResult {
	ini, _ := filepath.Abs(filepath.Join("testdata", "fsf-variants.ini"))
	p := startEngine(t, bin)
	p.send("uci")
	p.until(t, func(l string) bool { return l == "uciok" }, 10*time.Second)
	p.send(fmt.Sprintf("setoption name Hash value %d", anchorHashMB), "setoption name Threads value 1",
		"setoption name VariantPath value "+ini, "setoption name UCI_Variant value "+variant,
		"ucinewgame", "position fen "+fen, "isready")
	p.until(t, func(l string) bool { return l == "readyok" }, 30*time.Second)
	p.send(fmt.Sprintf("go movetime %d", think.Milliseconds()))
	lines := p.until(t, func(l string) bool { return strings.HasPrefix(l, "bestmove") }, think+30*time.Second)
	p.close()
	return fsfSummary(lines, think)
}

// kirinSearch searches pos in-process for think.
func kirinSearch(pos *movegen.Position, threads int, think time.Duration) search.Result {
	runtime.GC()
	e := search.New(eval.New(pos.Variant()), search.Options{HashMB: anchorHashMB, Threads: threads})
	return e.Search(pos, search.Limits{MoveTime: think}, nil)
}

// anchorGames lists the games with their anchor engines.
var anchorGames = []struct{ game, engine string }{
	{"chu", "hachu"},
	{"dai", "hachu"},
	{"shogi", "fairy-stockfish"},
	{"heian", "fairy-stockfish"},
	{"okisaki", "sjaakii"},
}

// anchorPositionNames are the bench.txt positions measured per game.
var anchorPositionNames = []string{"start", "middle-1", "middle-2"}

func anchorThink(t *testing.T) time.Duration {
	if s := os.Getenv("KIRIN_ANCHORS_TIME"); s != "" {
		d, err := time.ParseDuration(s)
		if err != nil {
			t.Fatalf("KIRIN_ANCHORS_TIME: %v", err)
		}
		return d
	}
	return 10 * time.Second
}

func anchorGameSelected(game string) bool {
	sel := os.Getenv("KIRIN_ANCHORS_GAMES")
	if sel == "" {
		return true
	}
	for _, g := range strings.Split(sel, ",") {
		if strings.TrimSpace(g) == game {
			return true
		}
	}
	return false
}

func loadAvg() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "unknown"
	}
	f := strings.Fields(string(b))
	if len(f) < 3 {
		return "unknown"
	}
	return strings.Join(f[:3], " ")
}

// anchorPositions returns the positions of game named in
// anchorPositionNames, turned so the first player moves (HaChu's setboard
// cannot set the side to move; the same turned position goes to Kirin).
func anchorPositions(t *testing.T, game string) (names []string, positions []*movegen.Position) {
	suite, err := Suite(game)
	if err != nil {
		t.Fatal(err)
	}
	v, err := movegen.Lookup(game)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range anchorPositionNames {
		for _, sp := range suite {
			if sp.Name != want {
				continue
			}
			pos, err := movegen.NewPosition(v, sp.SFEN)
			if err != nil {
				t.Fatal(err)
			}
			if pos.SideToMove() == movegen.White {
				pos = rotated(t, pos)
			}
			names = append(names, sp.Name)
			positions = append(positions, pos)
		}
	}
	if len(positions) != len(anchorPositionNames) {
		t.Fatalf("%s: found %v of the positions %v in bench.txt", game, names, anchorPositionNames)
	}
	return names, positions
}

// anchorSearch runs the anchor engine on pos.
func anchorSearch(t *testing.T, engine string, pos *movegen.Position, think time.Duration) anchorResult {
	bin := ""
	for _, p := range []string{"/usr/games/" + engine, "/usr/bin/" + engine} {
		if fileExists(p) {
			bin = p
		}
	}
	if bin == "" {
		if p, err := exec.LookPath(engine); err == nil {
			bin = p
		}
	}
	if bin == "" {
		return anchorResult{Note: engine + " is not installed"}
	}
	v := pos.Variant()
	switch engine {
	case "hachu":
		board := strings.Fields(pos.SFEN())[0]
		return xboardAnalyze(t, bin, nil, []string{"new", "variant " + v.Name, fmt.Sprintf("memory %d", anchorHashMB), "force", "setboard " + board}, think)
	case "sjaakii":
		def, _ := filepath.Abs(filepath.Join("testdata", "sjaakii-"+v.Name+".txt"))
		return xboardAnalyze(t, bin, []string{def}, []string{fmt.Sprintf("memory %d", anchorHashMB), "new", "variant " + v.Name, "force", "setboard " + externalFEN(pos) + " 0 1"}, think)
	case "fairy-stockfish":
		return fsfSearch(t, bin, v.Name, externalFEN(pos)+" - - 0 1", think)
	}
	t.Fatalf("no driver for %s", engine)
	return anchorResult{}
}

// taiResult is what the tai child process reports.
type taiResult struct {
	Threads    int
	Depth      int
	Nodes      uint64
	Time       time.Duration
	HWMBefore  uint64 // VmHWM before the engine was made
	HWMAfter   uint64 // VmHWM after the search
	GoSys      uint64 // runtime.MemStats.Sys after the search
	HeapInuse  uint64
	NumProcess int
}

const taiResultPrefix = "anchors-tai-result "

// TestAnchorsTaiChild is the child process of the tai measurement; it runs
// only when the parent sets KIRIN_ANCHORS_TAI_THREADS.
func TestAnchorsTaiChild(t *testing.T) {
	s := os.Getenv("KIRIN_ANCHORS_TAI_THREADS")
	if s == "" {
		t.Skip("child of TestAnchors (tai memory is measured in a fresh process)")
	}
	threads, err := strconv.Atoi(s)
	if err != nil {
		t.Fatal(err)
	}
	v, err := movegen.Lookup("tai")
	if err != nil {
		t.Fatal(err)
	}
	pos, err := movegen.NewPosition(v, "startpos")
	if err != nil {
		t.Fatal(err)
	}
	runtime.GC()
	r := taiResult{Threads: threads, HWMBefore: vmHWM(), NumProcess: runtime.GOMAXPROCS(0)}
	res := kirinSearch(pos, threads, anchorThink(t))
	r.Depth, r.Nodes, r.Time = res.Depth, res.Nodes, res.Time
	r.HWMAfter = vmHWM()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	r.GoSys, r.HeapInuse = ms.Sys, ms.HeapInuse
	b, _ := json.Marshal(r)
	fmt.Printf("%s%s\n", taiResultPrefix, b)
}

func runTaiChild(t *testing.T, threads int) taiResult {
	cmd := exec.Command(os.Args[0], "-test.run=^TestAnchorsTaiChild$", "-test.v", "-test.count=1", "-test.timeout=10m")
	cmd.Env = append(os.Environ(), fmt.Sprintf("KIRIN_ANCHORS_TAI_THREADS=%d", threads))
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("tai child (%d threads): %v\n%s", threads, err, out)
	}
	for _, l := range strings.Split(string(out), "\n") {
		if rest, ok := strings.CutPrefix(l, taiResultPrefix); ok {
			var r taiResult
			if err := json.Unmarshal([]byte(rest), &r); err != nil {
				t.Fatal(err)
			}
			return r
		}
	}
	t.Fatalf("tai child (%d threads) printed no result:\n%s", threads, out)
	return taiResult{}
}

func mib(b uint64) string { return fmt.Sprintf("%.1f MiB", float64(b)/(1<<20)) }

func TestAnchors(t *testing.T) {
	if os.Getenv("KIRIN_ANCHORS") == "" {
		t.Skip("a measurement, not a check: set KIRIN_ANCHORS=1 to run it (make anchors)")
	}
	think := anchorThink(t)
	started := time.Now()
	loadStart := loadAvg()
	var rows []anchorResult
	for _, g := range anchorGames {
		if !anchorGameSelected(g.game) {
			continue
		}
		names, positions := anchorPositions(t, g.game)
		for i, pos := range positions {
			res := kirinSearch(pos, 1, think)
			k := anchorResult{Game: g.game, Position: names[i], Engine: "Kirin", Depth: res.Depth, Nodes: res.Nodes, Time: res.Time}
			if res.Time > think+think/10 {
				k.Note = fmt.Sprintf("Kirin overran its %v move time: stopped after %.2f s", think, res.Time.Seconds())
			}
			a := anchorSearch(t, g.engine, pos, think)
			a.Game, a.Position, a.Engine = g.game, names[i], g.engine
			if a.Note == "" && a.Depth == 0 {
				a.Note = "no thinking output"
			}
			rows = append(rows, k, a)
			t.Logf("%s %s: Kirin depth %d %d nodes %.0f nps; %s depth %d %d nodes %.0f nps %s",
				g.game, names[i], k.Depth, k.Nodes, k.NPS(), a.Engine, a.Depth, a.Nodes, a.NPS(), a.Note)
		}
	}
	var tai []taiResult
	if anchorGameSelected("tai") {
		for _, threads := range []int{1, 2} {
			r := runTaiChild(t, threads)
			tai = append(tai, r)
			t.Logf("tai %d threads: depth %d, %d nodes in %v, peak RSS %s", threads, r.Depth, r.Nodes, r.Time, mib(r.HWMAfter))
		}
	}
	loadEnd := loadAvg()

	var b strings.Builder
	fmt.Fprintf(&b, "\nAnchor speed run, %s, %v per search, hash %d MB, 1 thread; load average %s at the start, %s at the end.\n\n",
		started.Format("2006-01-02 15:04 MST"), think, anchorHashMB, loadStart, loadEnd)
	fmt.Fprintln(&b, "| game | position | engine | depth | nodes | time (s) | nps | Kirin/anchor nps | Kirin/anchor depth |")
	fmt.Fprintln(&b, "|---|---|---|--:|--:|--:|--:|--:|--:|")
	for i := 0; i+1 < len(rows); i += 2 {
		k, a := rows[i], rows[i+1]
		fmt.Fprintf(&b, "| %s | %s | Kirin | %d | %d | %.2f | %.0f | | |\n", k.Game, k.Position, k.Depth, k.Nodes, k.Time.Seconds(), k.NPS())
		if a.Depth == 0 {
			fmt.Fprintf(&b, "| %s | %s | %s | – | – | – | – | – | – (%s) |\n", a.Game, a.Position, a.Engine, a.Note)
			continue
		}
		fmt.Fprintf(&b, "| %s | %s | %s | %d | %d | %.2f | %.0f | %.2f | %d/%d |\n", a.Game, a.Position, a.Engine, a.Depth, a.Nodes, a.Time.Seconds(), a.NPS(),
			k.NPS()/a.NPS(), k.Depth, a.Depth)
	}
	for i, r := range rows {
		if r.Note == "" {
			continue
		}
		fmt.Fprintf(&b, "\n* %s %s, %s: %s", r.Game, r.Position, r.Engine, r.Note)
		if r.NextNPS > 0 && i > 0 {
			fmt.Fprintf(&b, " (Kirin/%s nps on that rate: %.2f)", r.Engine, rows[i-1].NPS()/r.NextNPS)
		}
	}
	fmt.Fprintln(&b)
	if len(tai) > 0 {
		fmt.Fprintf(&b, "\nTai shogi, start position, Kirin, %v, hash %d MB (each run in a fresh process):\n\n", think, anchorHashMB)
		fmt.Fprintln(&b, "| threads | depth | nodes | time (s) | nps | peak RSS (VmHWM) | VmHWM before the engine | Go runtime Sys | Go heap in use |")
		fmt.Fprintln(&b, "|--:|--:|--:|--:|--:|--:|--:|--:|--:|")
		for _, r := range tai {
			fmt.Fprintf(&b, "| %d | %d | %d | %.2f | %.0f | %s | %s | %s | %s |\n", r.Threads, r.Depth, r.Nodes, r.Time.Seconds(),
				float64(r.Nodes)/r.Time.Seconds(), mib(r.HWMAfter), mib(r.HWMBefore), mib(r.GoSys), mib(r.HeapInuse))
		}
	}
	// The table goes to standard output as it is, so it can be pasted.
	fmt.Print(b.String())
}
