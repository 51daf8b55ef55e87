package interop

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"
)

var (
	tmpDir    string // removed when the tests end
	buildOnce sync.Once
	kirinBin  string
	buildErr  error
)

func TestMain(m *testing.M) {
	var err error
	if tmpDir, err = os.MkdirTemp("", "kirin-interop"); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	code := m.Run()
	os.RemoveAll(tmpDir)
	os.Exit(code)
}

// kirin builds the engine binary once for the package and returns its
// path.
func kirin(t *testing.T) string {
	t.Helper()
	buildOnce.Do(func() {
		bin := filepath.Join(tmpDir, "kirin")
		out, err := exec.Command("go", "build", "-o", bin, "../cmd/kirin").CombinedOutput()
		if err != nil {
			buildErr = fmt.Errorf("building kirin: %v\n%s", err, out)
			return
		}
		kirinBin = bin
	})
	if buildErr != nil {
		t.Fatal(buildErr)
	}
	return kirinBin
}

// program returns the path of an installed program, or skips (fails under
// KIRIN_REQUIRE_REFERENCE_ENGINES) when it is missing; pkg names the
// Debian package that provides it.
func program(t *testing.T, name, pkg string) string {
	t.Helper()
	if p, err := exec.LookPath(name); err == nil {
		return p
	}
	if p := "/usr/games/" + name; fileExists(p) {
		return p
	}
	if os.Getenv("KIRIN_REQUIRE_REFERENCE_ENGINES") != "" {
		t.Fatalf("%s is not installed (apt-get install %s)", name, pkg)
	}
	t.Skipf("%s is not installed (apt-get install %s)", name, pkg)
	return ""
}

func fileExists(p string) bool {
	_, err := os.Stat(p)
	return err == nil
}
