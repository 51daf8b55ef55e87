package web

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/kirin-shogi/kirin/match"
	"github.com/kirin-shogi/kirin/movegen"
)

// TestVariantViews checks every built-in game's view: one square per
// board cell, labels, and each piece with a face, a kanji name and a move
// diagram whose centre is the piece.
func TestVariantViews(t *testing.T) {
	_, ts := newTestServer(t, Config{})
	for _, v := range movegen.Builtin() {
		var vv variantView
		if code, body := request(t, "GET", ts.URL+"/api/variant?variant="+v.Name, nil, &vv); code != 200 {
			t.Fatalf("%s: %d %s", v.Name, code, body)
		}
		if len(vv.Squares) != v.Files*v.Ranks || len(vv.Zones) != len(vv.Squares) ||
			len(vv.FileLabels) != v.Files || len(vv.RankLabels) != v.Ranks {
			t.Errorf("%s: %d squares, %d zones, %d file and %d rank labels", v.Name, len(vv.Squares), len(vv.Zones), len(vv.FileLabels), len(vv.RankLabels))
		}
		if vv.Squares[0] != v.SquareUSI(movegen.MakeSquare(0, 0)) {
			t.Errorf("%s: first square %s", v.Name, vv.Squares[0])
		}
		for tp := 1; tp < len(vv.Pieces); tp++ {
			p := vv.Pieces[tp]
			if n := utf8.RuneCountInString(p.Face); n < 1 || n > 2 || p.Kanji == "" {
				t.Errorf("%s %s: face %q kanji %q", v.Name, p.ID, p.Face, p.Kanji)
			}
			d := p.Diagram
			if d == nil {
				t.Errorf("%s %s: no diagram", v.Name, p.ID)
				continue
			}
			n := 2*d.Radius + 1
			if c := d.Cells[n*d.Radius+d.Radius]; len(d.Cells) != n*n || c != cellPiece && c != cellPassHere {
				t.Errorf("%s %s: diagram of %d cells, centre %d", v.Name, p.ID, len(d.Cells), c)
			}
		}
	}
}

// TestDiagramMoves checks diagrams against pieces whose moves are known:
// shogi's gold (six steps), the rook (slides that go on) and chu's lion
// (every square within two).
func TestDiagramMoves(t *testing.T) {
	count := func(d *diagram, code int8) int {
		n := 0
		for _, c := range d.Cells {
			if c == code {
				n++
			}
		}
		return n
	}
	shogi, _ := movegen.Lookup("shogi")
	chu, _ := movegen.Lookup("chu")
	gold, _ := shogi.PieceByID("G")
	rook, _ := shogi.PieceByID("R")
	lion, _ := chu.PieceByID("N")
	if d := pieceDiagram(shogi, gold); count(d, cellMove) != 6 || count(d, cellSlide) != 0 {
		t.Errorf("gold: %d steps, %d slides", count(d, cellMove), count(d, cellSlide))
	}
	// The rook on 5e of an empty 9x9 board reaches the four edges of a
	// radius-4 diagram: 16 squares, the four last of which are edges where
	// the board ends (no slide goes on past them).
	if d := pieceDiagram(shogi, rook); count(d, cellMove)+count(d, cellSlide) != 16 {
		t.Errorf("rook: %d squares", count(d, cellMove)+count(d, cellSlide))
	}
	if d := pieceDiagram(chu, lion); count(d, cellMove)+count(d, cellSlide) != 24 || count(d, cellPassHere) != 1 {
		t.Errorf("lion: %d squares, pass %d", count(d, cellMove)+count(d, cellSlide), count(d, cellPassHere))
	}
}

// TestLegal checks the stateless position answer and its errors.
func TestLegal(t *testing.T) {
	_, ts := newTestServer(t, Config{})
	var pv positionView
	if code, body := request(t, "GET", ts.URL+"/api/legal?variant=shogi&moves=7g7f+3c3d", nil, &pv); code != 200 {
		t.Fatalf("%d %s", code, body)
	}
	if len(pv.Moves) != 30+4 && len(pv.Moves) == 0 {
		t.Errorf("%d moves", len(pv.Moves))
	}
	if pv.Ply != 2 || strings.Join(pv.Last, ",") != "3c,3d" || pv.Side != "black" {
		t.Errorf("ply %d last %v side %s", pv.Ply, pv.Last, pv.Side)
	}
	for _, q := range []string{"variant=nosuch", "variant=shogi&sfen=xyz", "variant=shogi&moves=7g7e", "variant=chu&ruleset=nosuch",
		"variant=shogi&moves=" + strings.Repeat("7g7f+", 3)} {
		code, body := request(t, "GET", ts.URL+"/api/legal?"+q, nil, nil)
		var e apiError
		if code != 400 || json.Unmarshal(body, &e) != nil || e.Error == "" {
			t.Errorf("%s: %d %s", q, code, body)
		}
	}
}

// TestLegalMovePaths checks that the page's click paths cover a chu
// lion's moves: a double capture (two squares), igui (the victim, then the
// origin) and a pass.
func TestLegalMovePaths(t *testing.T) {
	chu, _ := movegen.Lookup("chu")
	sfen := sfenOf(chu, map[[2]int]string{{0, 0}: "k", {11, 11}: "K", {6, 5}: "N", {5, 5}: "p", {4, 5}: "p"}, "b - 1")
	pos, err := movegen.NewPosition(chu, sfen)
	if err != nil {
		t.Fatal(err)
	}
	var double, igui, pass bool
	from := chu.SquareUSI(movegen.MakeSquare(6, 5))
	victim := chu.SquareUSI(movegen.MakeSquare(5, 5))
	for _, m := range legalMoves(pos) {
		if m.From != from {
			continue
		}
		switch {
		case m.Pass && len(m.Path) == 2 && m.Path[1] == from:
			pass = true
		case len(m.Path) == 2 && m.Path[0] == victim && m.Path[1] == from:
			igui = true
		case len(m.Path) == 2 && m.Path[0] == victim && m.Path[1] == chu.SquareUSI(movegen.MakeSquare(4, 5)):
			double = true
		}
	}
	if !double || !igui || !pass {
		t.Errorf("double capture %v, igui %v, pass %v", double, igui, pass)
	}
}

// TestSessionHuman plays by hand: a move, an illegal move that changes
// nothing, a move at an earlier ply that replaces the rest, a takeback.
func TestSessionHuman(t *testing.T) {
	_, ts := newTestServer(t, Config{})
	id := newSessionID(t, ts.URL, settings{Variant: "shogi", Moves: []string{"7g7f", "3c3d"}})
	act := func(name string, body map[string]any) (int, []byte) {
		if body == nil {
			body = map[string]any{}
		}
		return request(t, "POST", ts.URL+"/api/session/"+id+"/"+name, body, nil)
	}
	if code, body := act("move", map[string]any{"move": "2g2f"}); code != 200 {
		t.Fatalf("move: %d %s", code, body)
	}
	before := waitPosition(t, ts.URL, id, 3, time.Second)
	for _, bad := range []map[string]any{{"move": "5a5c"}, {"move": "zz"}, {"move": ""}, {"move": "2c2d", "ply": 99}, {"moove": "2c2d"}} {
		if code, body := act("move", bad); code != 400 {
			t.Errorf("%v: %d %s", bad, code, body)
		}
	}
	if after := waitPosition(t, ts.URL, id, 3, time.Second); after.SFEN != before.SFEN || after.Ply != 3 {
		t.Errorf("an illegal move changed the game: %s", after.SFEN)
	}
	if code, body := act("move", map[string]any{"move": "2g2f", "ply": 1}); code != 400 {
		t.Errorf("Black's move at ply 1 (White to move): %d %s", code, body)
	}
	if code, body := act("move", map[string]any{"move": "8c8d", "ply": 2}); code != 400 {
		t.Errorf("White's move at ply 2 (Black to move): %d %s", code, body)
	}
	if code, body := act("move", map[string]any{"move": "6g6f", "ply": 2}); code != 200 {
		t.Fatalf("replacing ply 3: %d %s", code, body)
	}
	if p := waitPosition(t, ts.URL, id, 3, time.Second); p.Ply != 3 || strings.Join(p.Last, ",") != "6g,6f" {
		t.Errorf("after replacing ply 3: ply %d, last %v", p.Ply, p.Last)
	}
	if code, body := act("takeback", nil); code != 200 {
		t.Fatalf("takeback: %d %s", code, body)
	}
	if p := waitPosition(t, ts.URL, id, 0, time.Second); p.Ply != 2 {
		t.Errorf("after the takeback: ply %d", p.Ply)
	}
	if code, body := act("explode", nil); code != 404 {
		t.Errorf("unknown action: %d %s", code, body)
	}
	if code, _ := request(t, "GET", ts.URL+"/api/session/nosuch/position", nil, nil); code != 404 {
		t.Errorf("unknown session: %d", code)
	}
}

// TestSessionAgainstKirin plays a human move and waits for Kirin's answer,
// then checks that the end of the game (a resignation) stops Kirin and
// frees its slot, and that a new game against Kirin stops when the session
// is closed.
func TestSessionAgainstKirin(t *testing.T) {
	srv, ts := newTestServer(t, Config{})
	id := newSessionID(t, ts.URL, settings{Variant: "chu", White: "kirin", Depth: 2})
	if code, body := request(t, "POST", ts.URL+"/api/session/"+id+"/move", map[string]any{"move": "8i8h"}, nil); code != 200 {
		t.Fatalf("%d %s", code, body)
	}
	if p := waitPosition(t, ts.URL, id, 2, 30*time.Second); p.Ply != 2 || p.Side != "black" {
		t.Fatalf("ply %d side %s", p.Ply, p.Side)
	}
	srv.mu.Lock()
	used := srv.engines
	srv.mu.Unlock()
	if used != 1 {
		t.Errorf("%d engine slots in use, want 1", used)
	}
	if code, body := request(t, "POST", ts.URL+"/api/session/"+id+"/resign", map[string]any{}, nil); code != 200 {
		t.Fatalf("resign: %d %s", code, body)
	}
	if p := waitPosition(t, ts.URL, id, 99, time.Second); p.Outcome == nil || p.Outcome.Result != "0-1" || p.Outcome.Reason != "Black resigns" {
		t.Errorf("after resigning: %+v", p.Outcome)
	}
	waitFree(t, srv, "the resignation")
	if code, body := request(t, "POST", ts.URL+"/api/session/"+id+"/new", map[string]any{"variant": "shogi", "black": "kirin", "depth": 1}, nil); code != 200 {
		t.Fatalf("new game: %d %s", code, body)
	}
	if code, body := request(t, "POST", ts.URL+"/api/session/"+id+"/close", map[string]any{}, nil); code != 200 {
		t.Fatalf("close: %d %s", code, body)
	}
	waitFree(t, srv, "close")
}

// waitFree waits until no engine slot is in use, which the sessions'
// engines give back as they exit.
func waitFree(t *testing.T, srv *Server, after string) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for {
		srv.mu.Lock()
		used := srv.engines
		srv.mu.Unlock()
		if used == 0 {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d engine slots still in use after %s", used, after)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// TestMaxEngines refuses a game whose engine would pass the limit.
func TestMaxEngines(t *testing.T) {
	_, ts := newTestServer(t, Config{MaxEngines: 1})
	id := newSessionID(t, ts.URL, settings{Variant: "shogi", White: "kirin", Depth: 1})
	code, body := request(t, "POST", ts.URL+"/api/session", settings{Variant: "shogi", White: "kirin", Depth: 1}, nil)
	if code != 400 || !strings.Contains(string(body), "engine slots") {
		t.Errorf("second engine: %d %s", code, body)
	}
	if code, body := request(t, "POST", ts.URL+"/api/session/"+id+"/analyze", map[string]any{"on": true}, nil); code != 400 {
		t.Errorf("analysis past the limit: %d %s", code, body)
	}
}

// TestAnalysis runs an analysis with two lines and reads its events.
func TestAnalysis(t *testing.T) {
	_, ts := newTestServer(t, Config{})
	id := newSessionID(t, ts.URL, settings{Variant: "shogi"})
	resp, err := http.Get(ts.URL + "/api/session/" + id + "/events")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if code, body := request(t, "POST", ts.URL+"/api/session/"+id+"/analyze", map[string]any{"on": true, "multipv": 2}, nil); code != 200 {
		t.Fatalf("%d %s", code, body)
	}
	buf := make([]byte, 1<<16)
	var seen bytes.Buffer
	deadline := time.Now().Add(20 * time.Second)
	for !strings.Contains(seen.String(), `"multipv":2`) || !strings.Contains(seen.String(), `"depth":4`) {
		if time.Now().After(deadline) {
			t.Fatalf("no depth-4 second line in %d bytes of events", seen.Len())
		}
		n, err := resp.Body.Read(buf)
		if err != nil {
			t.Fatal(err)
		}
		seen.Write(buf[:n])
	}
	if !strings.Contains(seen.String(), "event: info") || !strings.Contains(seen.String(), `"pv_usi":["`) {
		t.Errorf("events lack info lines with a PV")
	}
	if code, body := request(t, "POST", ts.URL+"/api/session/"+id+"/analyze", map[string]any{"on": false}, nil); code != 200 {
		t.Fatalf("%d %s", code, body)
	}
}

// TestGuards checks the request guards: the Host header, JSON bodies, the
// body size.
func TestGuards(t *testing.T) {
	srv, ts := newTestServer(t, Config{})
	rec := httptest.NewRecorder()
	req := httptest.NewRequest("GET", "/api/variants", nil)
	req.Host = "evil.example:8080"
	srv.ServeHTTP(rec, req)
	if rec.Code != http.StatusForbidden {
		t.Errorf("foreign Host: %d", rec.Code)
	}
	resp, err := http.Post(ts.URL+"/api/session", "text/plain", strings.NewReader(`{"variant":"shogi"}`))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusUnsupportedMediaType {
		t.Errorf("text/plain body: %d", resp.StatusCode)
	}
	big := `{"variant":"shogi","sfen":"` + strings.Repeat("x", maxBody) + `"}`
	resp, err = http.Post(ts.URL+"/api/session", "application/json", strings.NewReader(big))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusRequestEntityTooLarge {
		t.Errorf("oversized body: %d", resp.StatusCode)
	}
	if code, _ := request(t, "GET", ts.URL+"/", nil, nil); code != 200 {
		t.Errorf("the page: %d", code)
	}
}

// TestPGNRoundTrip writes a game with a lion's two-leg move as PGN and
// loads it back.
func TestPGNRoundTrip(t *testing.T) {
	_, ts := newTestServer(t, Config{})
	chu, _ := movegen.Lookup("chu")
	sfen := sfenOf(chu, map[[2]int]string{{0, 0}: "k", {11, 11}: "K", {6, 5}: "N", {5, 5}: "p", {4, 5}: "p", {1, 1}: "g"}, "b - 1")
	pos, _ := movegen.NewPosition(chu, sfen)
	m, err := pos.ParseMoveUSI(chu.SquareUSI(movegen.MakeSquare(6, 5)) + chu.SquareUSI(movegen.MakeSquare(5, 5)) + chu.SquareUSI(movegen.MakeSquare(4, 5)))
	if err != nil {
		t.Fatal(err)
	}
	id := newSessionID(t, ts.URL, settings{Variant: "chu", SFEN: sfen, Moves: []string{pos.MoveUSI(m)}})
	code, pgn := request(t, "GET", ts.URL+"/api/session/"+id+"/pgn", nil, nil)
	if code != 200 || !bytes.Contains(pgn, []byte(`[SFEN "`)) {
		t.Fatalf("%d %s", code, pgn)
	}
	id2 := newSessionID(t, ts.URL, settings{Variant: "shogi"})
	if code, body := request(t, "POST", ts.URL+"/api/session/"+id2+"/load", map[string]any{"text": string(pgn)}, nil); code != 200 {
		t.Fatalf("load: %d %s", code, body)
	}
	a, b := waitPosition(t, ts.URL, id, 1, time.Second), waitPosition(t, ts.URL, id2, 1, time.Second)
	if a.SFEN != b.SFEN || b.Ply != 1 {
		t.Errorf("PGN round trip: %s (ply %d), want %s", b.SFEN, b.Ply, a.SFEN)
	}
	for _, text := range []string{"", "[Variant \"chu\"]\n\n1. zz9 *", "garbage sfen", "lnsgkgsnl/9 b - 1 moves 7g7f"} {
		if code, _ := request(t, "POST", ts.URL+"/api/session/"+id2+"/load", map[string]any{"text": text}, nil); code != 400 {
			t.Errorf("load %q: %d", text, code)
		}
	}
}

// taiMiddleGame plays 80 random legal plies of tai from the start (fixed
// seed), a middle-game position for the speed benchmark.
func taiMiddleGame(tb testing.TB) *movegen.Position {
	v, _ := movegen.Lookup("tai")
	pos, err := movegen.NewPosition(v, "startpos")
	if err != nil {
		tb.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	var list movegen.MoveList
	for i := 0; i < 80; i++ {
		list.N = 0
		pos.GenerateLegal(&list)
		if list.N == 0 {
			break
		}
		pos.Make(list.Slice()[rng.IntN(list.N)])
	}
	return pos
}

// BenchmarkLegalTai is the server's answer for a tai middle-game position:
// the board and every legal move as the page enters them (docs/speed.md).
func BenchmarkLegalTai(b *testing.B) {
	pos := taiMiddleGame(b)
	b.ReportAllocs()
	var moves, size int
	for b.Loop() {
		pv := newPositionView(pos, 80)
		data, err := json.Marshal(pv)
		if err != nil {
			b.Fatal(err)
		}
		moves, size = len(pv.Moves), len(data)
	}
	b.ReportMetric(float64(moves), "moves")
	b.ReportMetric(float64(size), "json-bytes")
}

// FuzzAPI sends arbitrary requests to the handlers: none may crash, and a
// failure is a 4xx or 5xx with a JSON error. Sessions are ended after each
// request, so a request that seats an engine does not pile processes up.
func FuzzAPI(f *testing.F) {
	seeds := []struct{ method, path, body string }{
		{"GET", "/api/legal?variant=chu&moves=8i8h", ""},
		{"GET", "/api/variant?variant=tai", ""},
		{"POST", "/api/session", `{"variant":"shogi"}`},
		{"POST", "/api/session", `{"variant":"okisaki","sfen":"bad"}`},
		{"POST", "/api/session", `{"variant":"chu","moves":["8i8h","5d5e"]}`},
		{"GET", "/api/legal?variant=reiwadai&sfen=&moves=x*y", ""},
		{"POST", "/api/session", `{"variant":"heian","black":"/bin/sh"}`},
		{"POST", "/api/session", `[1,2`},
	}
	for _, s := range seeds {
		f.Add(s.method, s.path, s.body)
	}
	srv, err := New(Config{Kirin: match.EngineConfig{Name: "kirin", Cmd: []string{kirinBin}, Proto: match.USI}})
	if err != nil {
		f.Fatal(err)
	}
	f.Cleanup(srv.Close)
	f.Fuzz(func(t *testing.T, method, path, body string) {
		if method != "GET" && method != "POST" || !strings.HasPrefix(path, "/api/") || strings.Contains(path, "/events") {
			return
		}
		req, err := http.NewRequest(method, "http://127.0.0.1"+path, strings.NewReader(body))
		if err != nil {
			return
		}
		req.Header.Set("Content-Type", "application/json")
		rec := httptest.NewRecorder()
		srv.ServeHTTP(rec, req)
		if rec.Code >= 500 {
			t.Fatalf("%s %s %q: %d %s", method, path, body, rec.Code, rec.Body)
		}
		if rec.Code >= 400 && strings.HasPrefix(rec.Header().Get("Content-Type"), "application/json") {
			var e apiError
			if json.Unmarshal(rec.Body.Bytes(), &e) != nil || e.Error == "" {
				t.Fatalf("%s %s: error without a message: %s", method, path, rec.Body)
			}
		}
		srv.reapAt(time.Now().Add(24 * time.Hour))
	})
}

// TestHumanFlag lets a human's clock run out: the game ends on time, with
// the engine's slot given back.
func TestHumanFlag(t *testing.T) {
	srv, ts := newTestServer(t, Config{})
	id := newSessionID(t, ts.URL, settings{Variant: "shogi", White: "kirin", TC: "1"})
	p := waitPosition(t, ts.URL, id, 99, 5*time.Second)
	if p.Outcome == nil || p.Outcome.Result != "0-1" || p.Outcome.Reason != "Black loses on time" {
		t.Fatalf("outcome %+v", p.Outcome)
	}
	waitFree(t, srv, "the game")
	if code, body := request(t, "POST", ts.URL+"/api/session/"+id+"/move", map[string]any{"move": "7g7f"}, nil); code != 400 {
		t.Errorf("a move after the flag fell: %d %s", code, body)
	}
}

// TestSessionAgainstHaChu plays chu against the real HaChu (CECP), named on
// the server's command line as --engine would: the page chooses it by name.
func TestSessionAgainstHaChu(t *testing.T) {
	path := ""
	for _, p := range []string{"hachu", "/usr/games/hachu"} {
		if q, err := exec.LookPath(p); err == nil {
			path = q
			break
		}
	}
	if path == "" {
		if os.Getenv("KIRIN_REQUIRE_REFERENCE_ENGINES") != "" {
			t.Fatal("hachu is not installed (apt-get install hachu)")
		}
		t.Skip("hachu is not installed")
	}
	hachu, err := match.ParseEngine("name=hachu proto=xboard cmd=" + path)
	if err != nil {
		t.Fatal(err)
	}
	_, ts := newTestServer(t, Config{Engines: []match.EngineConfig{hachu}})
	id := newSessionID(t, ts.URL, settings{Variant: "chu", RuleSet: "hachu", White: "hachu", MoveTime: 0.3})
	if code, body := request(t, "POST", ts.URL+"/api/session/"+id+"/move", map[string]any{"move": "8i8h"}, nil); code != 200 {
		t.Fatalf("%d %s", code, body)
	}
	if p := waitPosition(t, ts.URL, id, 2, 30*time.Second); p.Ply != 2 || p.Outcome != nil {
		t.Fatalf("ply %d outcome %+v", p.Ply, p.Outcome)
	}
	code, body := request(t, "POST", ts.URL+"/api/session", settings{Variant: "chu", White: "/bin/sh"}, nil)
	if code != 400 || !strings.Contains(string(body), "unknown player") {
		t.Errorf("a command as a player: %d %s", code, body)
	}
}
