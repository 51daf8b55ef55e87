package interop

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestSPSAKirin runs `kirin match spsa` (the built binary) on Kirin's own
// search numbers: two pairs of shogi at 1000 nodes a move. Each pair's
// two sides get the SearchParams option with the numbers moved apart,
// the state file counts the pairs, a second run with it has nothing left
// to play, and a number the engine does not know stops the run before any
// game, with the engine's own complaint.
func TestSPSAKirin(t *testing.T) {
	if testing.Short() {
		t.Skip("plays four games")
	}
	bin := kirin(t)
	dir := t.TempDir()
	state, logPath := filepath.Join(dir, "spsa.state"), filepath.Join(dir, "spsa.log")
	args := []string{"match", "spsa", "--variant", "shogi", "--engine", "name=k cmd=" + bin,
		"--param", "rfp=90,30,300,10", "--param", "lmrdiv=225,120,400,20",
		"--pairs", "2", "--nodes", "1000", "--random-plies", "4", "--seed", "3", "--maxplies", "300",
		"--state", state, "--report", "1"}
	out, err := exec.Command(bin, append(args, "--log", logPath)...).CombinedOutput()
	if err != nil {
		t.Fatalf("kirin match spsa: %v\n%s", err, out)
	}
	for _, want := range []string{"numbers through SearchParams", "pairs 1 to 2", "Pair 1 of 2 (+ side ", "Pair 2 of 2 (+ side ",
		"SPSA done after 2 pairs: rfp=", "As engine fields: option.SearchParams=rfp="} {
		if !strings.Contains(string(out), want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	log, err := os.ReadFile(logPath)
	if err != nil {
		t.Fatal(err)
	}
	// pair 1 game 1 plus > setoption name SearchParams value rfp=..,lmrdiv=..
	set := regexp.MustCompile(`pair 1 game 1 (plus|minus) > setoption name SearchParams value (rfp=\d+,lmrdiv=\d+)`)
	vals := map[string]string{}
	for _, m := range set.FindAllStringSubmatch(string(log), -1) {
		vals[m[1]] = m[2]
	}
	if vals["plus"] == "" || vals["minus"] == "" || vals["plus"] == vals["minus"] {
		t.Errorf("pair 1's sides were set to %q and %q; want two different lists", vals["plus"], vals["minus"])
	}
	if strings.Contains(string(log), "< info string option SearchParams") {
		t.Errorf("the engine refused a setting:\n%s", log)
	}
	st, err := os.ReadFile(state)
	if err != nil || !strings.Contains(string(st), "done 2\n") || !strings.Contains(string(st), "param rfp 90 30 300 10 0.002 ") {
		t.Errorf("state file (%v):\n%s", err, st)
	}
	again, err := exec.Command(bin, args...).CombinedOutput()
	if err != nil || !strings.Contains(string(again), "no pairs left") || !strings.Contains(string(again), "SPSA done after 2 pairs") {
		t.Errorf("second run (%v):\n%s", err, again)
	}
	bad := []string{"match", "spsa", "--variant", "shogi", "--engine", "name=k cmd=" + bin,
		"--param", "rfpx=90,30,300,10", "--pairs", "2", "--nodes", "1000"}
	out, err = exec.Command(bin, bad...).CombinedOutput()
	if err == nil || !strings.Contains(string(out), `unknown search parameter "rfpx"`) || strings.Contains(string(out), "Pair 1") {
		t.Errorf("unknown number: %v\n%s", err, out)
	}
}
