package web

import (
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/kirin-shogi/kirin/movegen"
)

// The browser tests drive Debian's Chromium, headless, against a server
// started by the test, through the page's stable hooks (doc.go). Without
// Chromium they skip, unless KIRIN_REQUIRE_REFERENCE_ENGINES=1 (CI), where
// they fail. KIRIN_SCREENSHOTS=1 rewrites docs/img/web-*.png.

// browser starts headless Chromium for the test and returns its context.
func browser(t *testing.T) context.Context {
	t.Helper()
	path := ""
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			path = p
			break
		}
	}
	if path == "" {
		if os.Getenv("KIRIN_REQUIRE_REFERENCE_ENGINES") == "1" {
			t.Fatal("chromium is not installed (apt-get install chromium fonts-noto-cjk)")
		}
		t.Skip("chromium is not installed")
	}
	opts := append(chromedp.DefaultExecAllocatorOptions[:], chromedp.ExecPath(path), chromedp.NoSandbox, chromedp.DisableGPU,
		chromedp.Flag("disable-background-networking", true), chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true), chromedp.Flag("disable-quic", true), chromedp.WindowSize(1600, 1000))
	alloc, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	// chromedp's CDP tables predate some events of Debian's Chromium
	// (dialogs' top-layer updates); it logs each as unhandled. Keep every
	// other message.
	logf := func(format string, a ...any) {
		if msg := fmt.Sprintf(format, a...); !strings.Contains(msg, "unhandled node event") {
			t.Log(msg)
		}
	}
	ctx, cancel := chromedp.NewContext(alloc, chromedp.WithErrorf(logf), chromedp.WithLogf(logf))
	if err := chromedp.Run(ctx); err != nil {
		cancel()
		cancelAlloc()
		t.Fatalf("starting chromium: %v", err)
	}
	t.Cleanup(func() { cancel(); cancelAlloc() })
	return ctx
}

// tab opens a new tab of the browser for one subtest, with a deadline.
func tab(t *testing.T, b context.Context, limit time.Duration) context.Context {
	ctx, cancel := chromedp.NewContext(b)
	ctx, cancelT := context.WithTimeout(ctx, limit)
	t.Cleanup(func() { cancelT(); cancel() })
	// A tab in the background is not drawn (no screenshots, late events):
	// bring each to the front.
	if err := chromedp.Run(ctx, page.BringToFront(), emulation.SetDeviceMetricsOverride(1600, 1000, 1, false)); err != nil {
		t.Fatal(err)
	}
	return ctx
}

// open loads the page with query q and waits for the first board.
func open(t *testing.T, ctx context.Context, base string, q url.Values) {
	t.Helper()
	if err := chromedp.Run(ctx, chromedp.Navigate(base+"/?"+q.Encode()), chromedp.WaitReady(`body[data-ready="1"]`, chromedp.ByQuery)); err != nil {
		t.Fatalf("opening %v: %v", q, err)
	}
}

// click clicks the square named sq.
func click(sq string) chromedp.Action {
	return chromedp.Click(`#board rect.sq[data-square="`+sq+`"]`, chromedp.ByQuery)
}

// waitMoves waits until the game has n moves.
func waitMoves(n int) chromedp.Action {
	return chromedp.WaitReady(fmt.Sprintf(`body[data-moves="%d"]`, n), chromedp.ByQuery)
}

// count returns the number of elements matching a CSS selector.
func count(t *testing.T, ctx context.Context, sel string) int {
	t.Helper()
	var n int
	if err := chromedp.Run(ctx, chromedp.Evaluate(fmt.Sprintf(`document.querySelectorAll(%q).length`, sel), &n)); err != nil {
		t.Fatal(err)
	}
	return n
}

// moveUSI returns the USI text of the game's move at ply n, from the move
// list.
func moveUSI(t *testing.T, ctx context.Context, n int) string {
	t.Helper()
	var title string
	var ok bool
	if err := chromedp.Run(ctx, chromedp.AttributeValue(fmt.Sprintf(`#moves li[data-ply="%d"]`, n), "title", &title, &ok, chromedp.ByQuery)); err != nil {
		t.Fatal(err)
	}
	return strings.TrimPrefix(title, "USI ")
}

// squareName is the USI name of (row, col) in v.
func squareName(v *movegen.Variant, r, c int) string { return v.SquareUSI(movegen.MakeSquare(r, c)) }

func TestBrowser(t *testing.T) {
	if testing.Short() {
		t.Skip("browser tests are not short")
	}
	b := browser(t)
	_, ts := newTestServer(t, Config{MaxEngines: 8})

	t.Run("every game loads", func(t *testing.T) {
		ctx := tab(t, b, 2*time.Minute)
		for _, v := range movegen.Builtin() {
			open(t, ctx, ts.URL, url.Values{"variant": {v.Name}})
			start, _ := movegen.NewPosition(v, "startpos")
			pieces := 0
			for _, p := range newPositionView(start, 0).Board {
				if p != "" {
					pieces++
				}
			}
			if n := count(t, ctx, "#board rect.sq[data-square]"); n != v.Files*v.Ranks {
				t.Errorf("%s: %d squares, want %d", v.Name, n, v.Files*v.Ranks)
			}
			if n := count(t, ctx, "#board g.pc[data-piece][data-color]"); n != pieces {
				t.Errorf("%s: %d pieces, want %d", v.Name, n, pieces)
			}
			if v.Name == "tai" {
				var ms float64
				if err := chromedp.Run(ctx, chromedp.Evaluate(`performance.getEntriesByName('board-drawn')[0].startTime`, &ms)); err != nil {
					t.Fatal(err)
				}
				t.Logf("tai: board drawn %.0f ms after navigation started", ms)
			}
		}
	})

	t.Run("shogi: a move and a drop, Kirin answers", func(t *testing.T) {
		ctx := tab(t, b, time.Minute)
		open(t, ctx, ts.URL, url.Values{"variant": {"shogi"}, "white": {"kirin"}, "depth": {"2"}})
		if err := chromedp.Run(ctx, click("7g"), click("7f"), waitMoves(2)); err != nil {
			t.Fatal(err)
		}
		if got := moveUSI(t, ctx, 1); got != "7g7f" {
			t.Errorf("first move %q", got)
		}
		var lat []float64
		if err := chromedp.Run(ctx, chromedp.Evaluate(`window.kirinLatency || []`, &lat)); err != nil {
			t.Fatal(err)
		}
		if len(lat) == 0 {
			t.Error("no engine line reached the page")
		} else {
			sort.Float64s(lat)
			t.Logf("engine lines to the page: %d lines, median %.0f ms, max %.0f ms", len(lat), lat[len(lat)/2], lat[len(lat)-1])
		}
		sfen := "lnsgkgsnl/1r5b1/pppp1pppp/9/9/9/PPPP1PPPP/1B5R1/LNSGKGSNL b Pp 1"
		open(t, ctx, ts.URL, url.Values{"variant": {"shogi"}, "sfen": {sfen}, "white": {"kirin"}, "depth": {"2"}})
		if err := chromedp.Run(ctx, chromedp.Click(`#hand-bottom .hand-piece[data-hand="P"][data-color="black"]`, chromedp.ByQuery),
			click("5e"), waitMoves(2)); err != nil {
			t.Fatal(err)
		}
		if got := moveUSI(t, ctx, 1); got != "P*5e" {
			t.Errorf("drop %q", got)
		}
	})

	chu, _ := movegen.Lookup("chu")
	lionSFEN := sfenOf(chu, map[[2]int]string{{0, 0}: "k", {11, 11}: "K", {6, 5}: "N", {5, 5}: "p", {4, 5}: "p", {1, 1}: "g"}, "b - 1")
	lion, victim, beyond := squareName(chu, 6, 5), squareName(chu, 5, 5), squareName(chu, 4, 5)

	t.Run("chu: lion double capture and igui, Kirin answers", func(t *testing.T) {
		ctx := tab(t, b, time.Minute)
		q := url.Values{"variant": {"chu"}, "sfen": {lionSFEN}, "white": {"kirin"}, "depth": {"1"}}
		open(t, ctx, ts.URL, q)
		if err := chromedp.Run(ctx, click(lion), click(victim)); err != nil {
			t.Fatal(err)
		}
		// After the first leg the page offers the second legs and the
		// square to stop on.
		if n := count(t, ctx, "#board .hl-finish"); n != 1 {
			t.Errorf("after the first leg: %d finish marks", n)
		}
		if n := count(t, ctx, "#board circle.hl-target"); n < 8 {
			t.Errorf("after the first leg: %d second-leg targets", n)
		}
		if err := chromedp.Run(ctx, click(beyond), waitMoves(2)); err != nil {
			t.Fatal(err)
		}
		if got := moveUSI(t, ctx, 1); got != lion+victim+beyond {
			t.Errorf("double capture entered as %q", got)
		}
		open(t, ctx, ts.URL, q)
		if err := chromedp.Run(ctx, click(lion), click(victim), click(lion), waitMoves(2)); err != nil {
			t.Fatal(err)
		}
		if got := moveUSI(t, ctx, 1); got != lion+victim+lion {
			t.Errorf("igui entered as %q", got)
		}
	})

	t.Run("tai: hook move and three-step lion dog move, Kirin answers", func(t *testing.T) {
		tai, _ := movegen.Lookup("tai")
		sfen := sfenOf(tai, map[[2]int]string{{0, 0}: "e", {24, 24}: "E", {20, 3}: "[HM]", {13, 10}: "[LD]",
			{12, 10}: "p", {11, 10}: "p", {10, 10}: "p", {2, 20}: "g"}, "b - 1")
		pos, err := movegen.NewPosition(tai, sfen)
		if err != nil {
			t.Fatal(err)
		}
		var hook, dog *moveView
		hm, ld := squareName(tai, 20, 3), squareName(tai, 13, 10)
		moves := legalMoves(pos)
		for i, m := range moves {
			to, _ := tai.ParseSquareUSI(m.Path[len(m.Path)-1])
			if m.From == hm && len(m.Path) == 1 && to.Row() != 20 && to.Col() != 3 && hook == nil {
				hook = &moves[i]
			}
			if m.From == ld && len(m.Path) == 3 && dog == nil {
				dog = &moves[i]
			}
		}
		if hook == nil || dog == nil {
			t.Fatalf("no hook move (%v) or three-step lion dog move (%v) in the test position", hook, dog)
		}
		for _, m := range []*moveView{hook, dog} {
			ctx := tab(t, b, 90*time.Second)
			open(t, ctx, ts.URL, url.Values{"variant": {"tai"}, "sfen": {sfen}, "white": {"kirin"}, "depth": {"1"}})
			acts := []chromedp.Action{click(m.From)}
			for _, sq := range m.Path {
				acts = append(acts, click(sq))
			}
			if err := chromedp.Run(ctx, append(acts, waitMoves(2))...); err != nil {
				t.Fatalf("%s: %v", m.USI, err)
			}
			if got := moveUSI(t, ctx, 1); got != m.USI {
				t.Errorf("entered %q, want %q", got, m.USI)
			}
		}
	})

	t.Run("promotion dialog only when both choices are legal", func(t *testing.T) {
		shogi, _ := movegen.Lookup("shogi")
		sfen := sfenOf(shogi, map[[2]int]string{{0, 8}: "k", {8, 8}: "K", {3, 4}: "S", {1, 0}: "P"}, "b - 1")
		ctx := tab(t, b, time.Minute)
		q := url.Values{"variant": {"shogi"}, "sfen": {sfen}}
		open(t, ctx, ts.URL, q)
		if err := chromedp.Run(ctx, click("5d"), click("5c"), chromedp.WaitVisible(`#dlg-promote[open] button[data-promote="no"]`, chromedp.ByQuery)); err != nil {
			t.Fatal(err)
		}
		if n := count(t, ctx, `#promote-choices button`); n != 2 {
			t.Errorf("%d choices", n)
		}
		if err := chromedp.Run(ctx, chromedp.Click(`#dlg-promote button[data-promote="no"]`, chromedp.ByQuery), waitMoves(1)); err != nil {
			t.Fatal(err)
		}
		if got := moveUSI(t, ctx, 1); got != "5d5c" {
			t.Errorf("declined promotion entered as %q", got)
		}
		open(t, ctx, ts.URL, q)
		if err := chromedp.Run(ctx, click("9b"), click("9a"), waitMoves(1)); err != nil {
			t.Fatal(err)
		}
		if got, n := moveUSI(t, ctx, 1), count(t, ctx, "#dlg-promote[open]"); got != "9b9a+" || n != 0 {
			t.Errorf("forced promotion entered as %q with %d dialogs open", got, n)
		}
		open(t, ctx, ts.URL, q)
		if err := chromedp.Run(ctx, click("5d"), click("6e"), waitMoves(1)); err != nil {
			t.Fatal(err)
		}
		if n := count(t, ctx, "#dlg-promote[open]"); n != 0 {
			t.Errorf("a dialog for a move that cannot promote")
		}
	})

	t.Run("illegal clicks change nothing", func(t *testing.T) {
		ctx := tab(t, b, time.Minute)
		open(t, ctx, ts.URL, url.Values{"variant": {"shogi"}})
		var before, after string
		if err := chromedp.Run(ctx, chromedp.Value("#sfen", &before, chromedp.ByQuery),
			click("5e"), click("3c"), click("7g"), click("7e"), click("5e"), chromedp.Sleep(300*time.Millisecond),
			chromedp.Value("#sfen", &after, chromedp.ByQuery)); err != nil {
			t.Fatal(err)
		}
		if before != after || count(t, ctx, "#moves li") != 0 || count(t, ctx, "#board .hl-sel") != 0 {
			t.Errorf("illegal clicks changed the game: %s -> %s", before, after)
		}
	})

	t.Run("a link with a bad position opens the start position and says why", func(t *testing.T) {
		ctx := tab(t, b, time.Minute)
		open(t, ctx, ts.URL, url.Values{"variant": {"chu"}, "moves": {"8i8h zz"}})
		var msg string
		var ok bool
		if err := chromedp.Run(ctx, chromedp.AttributeValue("body", "data-error", &msg, &ok, chromedp.ByQuery)); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(msg, "zz") || count(t, ctx, "#board rect.sq") != 144 || count(t, ctx, "#moves li") != 0 {
			t.Errorf("error %q, %d squares", msg, count(t, ctx, "#board rect.sq"))
		}
	})

	t.Run("SFEN and PGN round trips, replay", func(t *testing.T) {
		ctx := tab(t, b, time.Minute)
		sfen := "lnsgkgsnl/1r5b1/pppp1pppp/9/9/9/PPPP1PPPP/1B5R1/LNSGKGSNL w Pp 4"
		open(t, ctx, ts.URL, url.Values{"variant": {"shogi"}, "sfen": {sfen}})
		var got string
		if err := chromedp.Run(ctx, chromedp.Value("#sfen", &got, chromedp.ByQuery)); err != nil {
			t.Fatal(err)
		}
		if got != sfen {
			t.Errorf("SFEN shown %q, want %q", got, sfen)
		}
		id := newSessionID(t, ts.URL, settings{Variant: "chu", SFEN: lionSFEN, Moves: []string{lion + victim + beyond, squareName(chu, 0, 0) + squareName(chu, 0, 1), beyond + squareName(chu, 3, 5)}})
		code, pgn := request(t, "GET", ts.URL+"/api/session/"+id+"/pgn", nil, nil)
		if code != 200 {
			t.Fatalf("pgn: %d", code)
		}
		var end string
		if err := chromedp.Run(ctx, load(string(pgn)), waitMoves(3), chromedp.Value("#sfen", &end, chromedp.ByQuery)); err != nil {
			t.Fatal(err)
		}
		want := waitPosition(t, ts.URL, id, 3, time.Second)
		if end != want.SFEN {
			t.Errorf("after loading the PGN: %s, want %s", end, want.SFEN)
		}
		if err := chromedp.Run(ctx, chromedp.KeyEvent(kb.Home), chromedp.WaitReady(`body[data-ply="0"]`, chromedp.ByQuery),
			chromedp.KeyEvent(kb.ArrowRight), chromedp.WaitReady(`body[data-ply="1"]`, chromedp.ByQuery),
			chromedp.KeyEvent(kb.End), chromedp.WaitReady(`body[data-ply="3"]`, chromedp.ByQuery)); err != nil {
			t.Fatal(err)
		}
	})

	t.Run("piece help", func(t *testing.T) {
		ctx := tab(t, b, time.Minute)
		open(t, ctx, ts.URL, url.Values{"variant": {"chu"}})
		var text string
		if err := chromedp.Run(ctx, hover(`#board rect.sq[data-square="7j"]`), chromedp.WaitVisible("#help svg", chromedp.ByQuery),
			chromedp.Text("#help", &text, chromedp.ByQuery)); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(text, "lion") {
			t.Errorf("help for the lion says %q", text)
		}
	})

	t.Run("a 200-ply tai game between two Kirins, replayed", func(t *testing.T) {
		id := newSessionID(t, ts.URL, settings{Variant: "tai", Black: "kirin", White: "kirin", MoveTime: 0.05, MaxPlies: 200})
		end := waitPosition(t, ts.URL, id, 200, 4*time.Minute)
		if end.Ply != 200 || end.Outcome == nil {
			t.Fatalf("the game stopped at ply %d (%v)", end.Ply, end.Outcome)
		}
		code, pgn := request(t, "GET", ts.URL+"/api/session/"+id+"/pgn", nil, nil)
		if code != 200 {
			t.Fatalf("pgn: %d", code)
		}
		if os.Getenv("KIRIN_SCREENSHOTS") == "1" {
			if err := os.WriteFile(filepath.Join("..", "docs", "web-tai-game.pgn"), pgn, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		ctx := tab(t, b, 2*time.Minute)
		open(t, ctx, ts.URL, url.Values{"variant": {"tai"}})
		var sfen string
		if err := chromedp.Run(ctx, load(string(pgn)), waitMoves(200), chromedp.Value("#sfen", &sfen, chromedp.ByQuery),
			chromedp.KeyEvent(kb.Home), chromedp.WaitReady(`body[data-ply="0"]`, chromedp.ByQuery),
			chromedp.KeyEvent(kb.ArrowRight), chromedp.WaitReady(`body[data-ply="1"]`, chromedp.ByQuery),
			chromedp.KeyEvent(kb.End), chromedp.WaitReady(`body[data-ply="200"]`, chromedp.ByQuery)); err != nil {
			t.Fatal(err)
		}
		if sfen != end.SFEN {
			t.Errorf("replayed to %s, want %s", sfen, end.SFEN)
		}
		if os.Getenv("KIRIN_SCREENSHOTS") == "1" {
			var png []byte
			if err := chromedp.Run(ctx, chromedp.KeyEvent(kb.ArrowLeft), chromedp.WaitReady(`body[data-ply="199"]`, chromedp.ByQuery),
				chromedp.KeyEvent(kb.ArrowRight), chromedp.WaitReady(`body[data-ply="200"]`, chromedp.ByQuery),
				chromedp.Sleep(200*time.Millisecond), chromedp.CaptureScreenshot(&png)); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join("..", "docs", "img", "web-tai-game.png"), png, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		t.Logf("tai game: %d plies, %s (%s)", end.Ply, end.Outcome.Result, end.Outcome.Reason)
	})

	t.Run("screenshots", func(t *testing.T) {
		for _, name := range []string{"chu", "reiwadai", "tai"} {
			ctx := tab(t, b, time.Minute)
			open(t, ctx, ts.URL, url.Values{"variant": {name}})
			var png []byte
			if err := chromedp.Run(ctx, chromedp.Sleep(200*time.Millisecond), chromedp.CaptureScreenshot(&png)); err != nil {
				t.Fatal(err)
			}
			if len(png) < 10000 {
				t.Errorf("%s: screenshot of %d bytes", name, len(png))
			}
			if os.Getenv("KIRIN_SCREENSHOTS") == "1" {
				if err := os.WriteFile(filepath.Join("..", "docs", "img", "web-"+name+".png"), png, 0o644); err != nil {
					t.Fatal(err)
				}
			}
		}
	})
}

// load pastes text into the page's Load dialog and loads it, as a user
// would: open the dialog, fill the text area, press Load. (Clicks are
// dispatched in the page: chromedp's node tracking loses the modal
// dialog's nodes in Debian's Chromium.)
func load(text string) chromedp.Action {
	return chromedp.ActionFunc(func(ctx context.Context) error {
		js := fmt.Sprintf(`(() => { document.querySelector('#btn-load').click();
			if (!document.querySelector('#dlg-load').open) return false;
			document.querySelector('#load-text').value = %s;
			document.querySelector('#load-ok').click(); return true; })()`, jsString(text))
		var ok bool
		if err := chromedp.Evaluate(js, &ok).Do(ctx); err != nil {
			return err
		}
		if !ok {
			return fmt.Errorf("the Load dialog did not open")
		}
		return nil
	})
}

// jsString quotes s as a JavaScript string literal.
func jsString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// hover moves the mouse over the centre of the element sel.
func hover(sel string) chromedp.Action {
	return chromedp.ActionFunc(func(ctx context.Context) error {
		var box []float64
		js := fmt.Sprintf(`(() => { const r = document.querySelector(%q).getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; })()`, sel)
		if err := chromedp.Evaluate(js, &box).Do(ctx); err != nil {
			return err
		}
		for i := 0; i < 3; i++ {
			if err := chromedp.MouseEvent(input.MouseMoved, box[0]+float64(i), box[1]).Do(ctx); err != nil {
				return err
			}
		}
		return nil
	})
}
