package web

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/kirin-shogi/kirin/match"
	"github.com/kirin-shogi/kirin/movegen"
)

// kirinBin is the Kirin binary the tests seat at their tables, built once
// by TestMain.
var kirinBin string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "kirin-web-test")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	kirinBin = filepath.Join(dir, "kirin")
	if out, err := exec.Command("go", "build", "-o", kirinBin, "../cmd/kirin").CombinedOutput(); err != nil {
		fmt.Fprintf(os.Stderr, "building kirin: %v\n%s", err, out)
		os.Exit(1)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// newTestServer serves a Server with Kirin (the built binary) as its
// engine until the test ends.
func newTestServer(t testing.TB, cfg Config) (*Server, *httptest.Server) {
	t.Helper()
	cfg.Kirin = match.EngineConfig{Name: "kirin", Cmd: []string{kirinBin}, Proto: match.USI}
	srv, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(srv)
	t.Cleanup(func() {
		srv.Close()
		ts.Close()
	})
	return srv, ts
}

// request sends a request and decodes the JSON answer into out (if not
// nil); it returns the status code and the raw body.
func request(t testing.TB, method, url string, body any, out any) (int, []byte) {
	t.Helper()
	var rd io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			t.Fatal(err)
		}
		rd = bytes.NewReader(b)
	}
	req, err := http.NewRequest(method, url, rd)
	if err != nil {
		t.Fatal(err)
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	if out != nil && resp.StatusCode < 300 {
		if err := json.Unmarshal(data, out); err != nil {
			t.Fatalf("%s %s: %v in %s", method, url, err, data)
		}
	}
	return resp.StatusCode, data
}

// newSessionID starts a session over the API.
func newSessionID(t testing.TB, base string, st settings) string {
	t.Helper()
	var r struct{ ID string }
	if code, body := request(t, "POST", base+"/api/session", st, &r); code != 200 {
		t.Fatalf("new session: %d %s", code, body)
	}
	return r.ID
}

// waitPosition polls a session until its game has at least plies moves
// or is over, and returns the last position.
func waitPosition(t testing.TB, base, id string, plies int, limit time.Duration) *positionView {
	t.Helper()
	deadline := time.Now().Add(limit)
	for {
		var pv positionView
		if code, body := request(t, "GET", base+"/api/session/"+id+"/position", nil, &pv); code != 200 {
			t.Fatalf("position: %d %s", code, body)
		}
		if pv.Ply >= plies || pv.Outcome != nil {
			return &pv
		}
		if time.Now().After(deadline) {
			t.Fatalf("the game has %d plies after %v, not %d", pv.Ply, limit, plies)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// sfenOf writes an SFEN of variant v with pieces at (row, col) given as
// SFEN piece text, and rest (side, hands, move number) after the board.
func sfenOf(v *movegen.Variant, pieces map[[2]int]string, rest string) string {
	return boardSFEN(v, pieces) + " " + rest
}
