package web

import (
	"context"
	"crypto/rand"
	"embed"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"net"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/kirin-shogi/kirin/match"
	"github.com/kirin-shogi/kirin/movegen"
)

//go:embed static
var staticFiles embed.FS

// Config is what `kirin serve` sets up: the games, the engines and the
// limits. Only the server's own command line fills it; nothing a browser
// sends can name a program to run.
type Config struct {
	// Variants are the games offered, built-in ones first (a
	// --variant-file adds its own).
	Variants []*movegen.Variant
	// Kirin starts Kirin itself as a USI engine (normally the running
	// binary); its Name is "kirin".
	Kirin match.EngineConfig
	// Engines are the other engines named with --engine.
	Engines []match.EngineConfig
	// MaxEngines bounds the engine processes and in-process analyses
	// running at once over all sessions (default 4).
	MaxEngines int
	// Idle is how long a session lives without a request or an open event
	// stream (default 10 minutes); its engines are stopped then.
	Idle time.Duration
	// Grace is how long a session whose page closed (its event stream
	// ended) keeps its engines, in case the page is only reloading
	// (default 20 s).
	Grace time.Duration
	// Log receives one line per notable event (nil: none).
	Log func(format string, args ...any)
}

// Server is the browser board's HTTP server: the embedded page, the JSON
// API and the per-session games.
type Server struct {
	cfg      Config
	variants map[string]*movegen.Variant
	mu       sync.Mutex
	sessions map[string]*session
	engines  int // engine slots in use
	views    sync.Map
	closed   bool
	mux      *http.ServeMux
}

// New returns a server for cfg.
func New(cfg Config) (*Server, error) {
	if len(cfg.Variants) == 0 {
		cfg.Variants = movegen.Builtin()
	}
	if cfg.MaxEngines == 0 {
		cfg.MaxEngines = 4
	}
	if cfg.MaxEngines < 1 {
		return nil, fmt.Errorf("--max-engines must be at least 1")
	}
	if cfg.Idle == 0 {
		cfg.Idle = 10 * time.Minute
	}
	if cfg.Grace == 0 {
		cfg.Grace = 20 * time.Second
	}
	if cfg.Log == nil {
		cfg.Log = func(string, ...any) {}
	}
	s := &Server{cfg: cfg, variants: map[string]*movegen.Variant{}, sessions: map[string]*session{}}
	for _, v := range cfg.Variants {
		s.variants[v.Name] = v
	}
	names := map[string]bool{}
	for _, e := range append([]match.EngineConfig{cfg.Kirin}, cfg.Engines...) {
		if e.Name == "" || e.Name == humanName || names[e.Name] {
			return nil, fmt.Errorf("engine name %q is empty, reserved or used twice", e.Name)
		}
		names[e.Name] = true
	}
	static, err := fs.Sub(staticFiles, "static")
	if err != nil {
		return nil, err
	}
	mux := http.NewServeMux()
	mux.Handle("GET /", staticHandler(static))
	mux.HandleFunc("GET /api/variants", s.handleVariants)
	mux.HandleFunc("GET /api/variant", s.handleVariant)
	mux.HandleFunc("GET /api/legal", s.handleLegal)
	mux.HandleFunc("POST /api/session", s.handleNewSession)
	mux.HandleFunc("GET /api/session/{id}/events", s.withSession(s.handleEvents))
	mux.HandleFunc("GET /api/session/{id}/position", s.withSession(s.handlePosition))
	mux.HandleFunc("GET /api/session/{id}/pgn", s.withSession(s.handlePGN))
	mux.HandleFunc("POST /api/session/{id}/{action}", s.withSession(s.handleAction))
	s.mux = mux
	return s, nil
}

// staticHandler serves the page's files. An unknown API path or a path
// that names no file is a 404 with a JSON error; the files are sent with
// no-cache, so a new binary's page is never mixed with an old one's
// modules.
func staticHandler(static fs.FS) http.Handler {
	files := http.FileServerFS(static)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		name := strings.TrimPrefix(r.URL.Path, "/")
		if name == "" {
			name = "."
		}
		if strings.HasPrefix(r.URL.Path, "/api/") || !fs.ValidPath(name) {
			writeError(w, http.StatusNotFound, "no such page or API call: %s", clip(r.URL.Path))
			return
		}
		if _, err := fs.Stat(static, name); err != nil {
			writeError(w, http.StatusNotFound, "no such page or API call: %s", clip(r.URL.Path))
			return
		}
		w.Header().Set("Cache-Control", "no-cache")
		files.ServeHTTP(w, r)
	})
}

// ServeHTTP serves the page and the API. Requests whose Host header names
// neither a loopback address nor the listening address are refused (a DNS
// rebinding attack would name another host), and so is a POST whose body is
// not JSON (a cross-site form cannot send one without the page's consent).
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if !allowedHost(r.Host, r.Context()) {
		writeError(w, http.StatusForbidden, "host %q is not this server", r.Host)
		return
	}
	if r.Method == http.MethodPost && !strings.HasPrefix(r.Header.Get("Content-Type"), "application/json") {
		writeError(w, http.StatusUnsupportedMediaType, "the request body must be JSON (Content-Type: application/json)")
		return
	}
	s.mux.ServeHTTP(w, r)
}

// allowedHost reports whether host (from the Host header) names this
// server: a loopback name or address, or the address it listens on.
func allowedHost(host string, ctx context.Context) bool {
	h, _, err := net.SplitHostPort(host)
	if err != nil {
		h = host
	}
	h = strings.Trim(h, "[]")
	if h == "localhost" {
		return true
	}
	if ip := net.ParseIP(h); ip != nil {
		if ip.IsLoopback() {
			return true
		}
		if la, ok := ctx.Value(http.LocalAddrContextKey).(net.Addr); ok {
			if ta, ok := la.(*net.TCPAddr); ok && ta.IP.Equal(ip) {
				return true
			}
		}
	}
	return false
}

// Serve accepts connections on l until ctx ends, then stops every session's
// engines and returns.
func (s *Server) Serve(ctx context.Context, l net.Listener) error {
	hs := &http.Server{Handler: s, ReadHeaderTimeout: 10 * time.Second}
	go s.reap(ctx)
	errc := make(chan error, 1)
	go func() { errc <- hs.Serve(l) }()
	select {
	case err := <-errc:
		s.Close()
		return err
	case <-ctx.Done():
	}
	// Event streams never end by themselves: close the sessions first so
	// their streams return, then shut the server down.
	s.Close()
	sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := hs.Shutdown(sctx); err != nil && !errors.Is(err, context.DeadlineExceeded) {
		return err
	}
	return nil
}

// Close ends every session and stops their engines; it waits for the
// engine processes to exit.
func (s *Server) Close() {
	s.mu.Lock()
	s.closed = true
	all := make([]*session, 0, len(s.sessions))
	for id, ss := range s.sessions {
		all = append(all, ss)
		delete(s.sessions, id)
	}
	s.mu.Unlock()
	for _, ss := range all {
		ss.close()
	}
}

// reap ends sessions that have been idle too long, or whose page closed
// more than the grace period ago.
func (s *Server) reap(ctx context.Context) {
	t := time.NewTicker(time.Second)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case now := <-t.C:
			s.reapAt(now)
		}
	}
}

// reapAt ends the sessions that are due at now.
func (s *Server) reapAt(now time.Time) {
	var due []*session
	s.mu.Lock()
	for id, ss := range s.sessions {
		if ss.due(now, s.cfg.Idle, s.cfg.Grace) {
			due = append(due, ss)
			delete(s.sessions, id)
		}
	}
	s.mu.Unlock()
	for _, ss := range due {
		s.cfg.Log("session %s ended (idle or page closed)", ss.id)
		ss.close()
	}
}

// acquire takes an engine slot, or reports that all are in use.
func (s *Server) acquire() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.engines >= s.cfg.MaxEngines {
		return fmt.Errorf("all %d engine slots are in use (kirin serve --max-engines)", s.cfg.MaxEngines)
	}
	s.engines++
	return nil
}

// release gives an engine slot back.
func (s *Server) release() {
	s.mu.Lock()
	s.engines--
	s.mu.Unlock()
}

// engine returns the engine configuration named name.
func (s *Server) engine(name string) (match.EngineConfig, bool) {
	if name == s.cfg.Kirin.Name {
		return s.cfg.Kirin, true
	}
	for _, e := range s.cfg.Engines {
		if e.Name == name {
			return e, true
		}
	}
	return match.EngineConfig{}, false
}

// newID returns a random session identifier.
func newID() string {
	var b [12]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// withSession looks up the session named in the path and passes it on.
func (s *Server) withSession(h func(http.ResponseWriter, *http.Request, *session)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		s.mu.Lock()
		ss := s.sessions[r.PathValue("id")]
		s.mu.Unlock()
		if ss == nil {
			writeError(w, http.StatusNotFound, "no session %q (it may have ended: reload the page)", r.PathValue("id"))
			return
		}
		ss.touch()
		h(w, r, ss)
	}
}
