package protocol

import (
	"flag"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden transcripts")

// TestGolden runs each testdata/NAME.script (one input line each; "wait
// PREFIX" waits for an output line) and compares the output, with timing
// fields replaced, with testdata/NAME.golden. The searches are
// depth-limited with one thread and a material evaluator, so the
// transcripts are reproducible. go test -update rewrites them.
func TestGolden(t *testing.T) {
	scripts, _ := filepath.Glob("testdata/*.script")
	if len(scripts) < 3 {
		t.Fatalf("want a script per protocol, found %v", scripts)
	}
	for _, path := range scripts {
		name := strings.TrimSuffix(filepath.Base(path), ".script")
		t.Run(name, func(t *testing.T) {
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			script := strings.Split(strings.TrimRight(string(data), "\n"), "\n")
			got := normalize(runScript(t, script))
			golden := strings.TrimSuffix(path, ".script") + ".golden"
			if *update {
				os.WriteFile(golden, []byte(got), 0o644)
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatal(err)
			}
			if got != string(want) {
				t.Errorf("transcript differs from %s (go test -update rewrites it):\n%s", golden, diff(string(want), got))
			}
		})
	}
}

// diff lists the lines that differ.
func diff(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	var b strings.Builder
	for i := 0; i < len(w) || i < len(g); i++ {
		var a, c string
		if i < len(w) {
			a = w[i]
		}
		if i < len(g) {
			c = g[i]
		}
		if a != c {
			b.WriteString("line " + itoa(i+1) + ":\n  want " + a + "\n  got  " + c + "\n")
		}
	}
	return b.String()
}

func itoa(n int) string { return strconv.Itoa(n) }
