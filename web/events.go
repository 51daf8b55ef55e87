package web

import (
	"encoding/json"
	"fmt"
	"net/http"
	"sync"
	"time"
)

// event is one Server-Sent Event: a name and its JSON data.
type event struct {
	name string
	data []byte
}

// hub fans a session's events out to its open event streams. A stream
// that falls behind loses events rather than holding up the session: every
// "game" event carries the whole game, so the next one repairs it.
type hub struct {
	mu      sync.Mutex
	subs    map[chan event]struct{}
	ended   time.Time // when the last stream closed
	stopped chan struct{}
}

func (h *hub) init() {
	h.subs = map[chan event]struct{}{}
	h.stopped = make(chan struct{})
}

// publish sends x as event name to every stream.
func (h *hub) publish(name string, x any) {
	data, err := json.Marshal(x)
	if err != nil {
		return
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	for c := range h.subs {
		select {
		case c <- event{name, data}:
		default:
		}
	}
}

// subscribe opens a stream.
func (h *hub) subscribe() chan event {
	c := make(chan event, 64)
	h.mu.Lock()
	h.subs[c] = struct{}{}
	h.mu.Unlock()
	return c
}

// unsubscribe closes a stream.
func (h *hub) unsubscribe(c chan event) {
	h.mu.Lock()
	delete(h.subs, c)
	if len(h.subs) == 0 {
		h.ended = time.Now()
	}
	h.mu.Unlock()
}

// state reports the open streams and when the last one closed.
func (h *hub) state() (int, time.Time) {
	h.mu.Lock()
	defer h.mu.Unlock()
	return len(h.subs), h.ended
}

// end closes every stream for good (the session is over).
func (h *hub) end() {
	h.mu.Lock()
	defer h.mu.Unlock()
	select {
	case <-h.stopped:
	default:
		close(h.stopped)
	}
}

// handleEvents streams the session's events: first the game as it is, then
// every change and every engine line, until the page goes away.
func (s *Server) handleEvents(w http.ResponseWriter, r *http.Request, ss *session) {
	fl, ok := w.(http.Flusher)
	if !ok {
		writeError(w, http.StatusInternalServerError, "streaming is not supported")
		return
	}
	c := ss.hub.subscribe()
	defer ss.hub.unsubscribe(c)
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-cache")
	w.Header().Set("X-Accel-Buffering", "no")
	w.WriteHeader(http.StatusOK)
	ss.mu.Lock()
	first, err := json.Marshal(ss.gameView())
	ss.mu.Unlock()
	if err != nil {
		return
	}
	fmt.Fprintf(w, "event: game\ndata: %s\n\n", first)
	fl.Flush()
	keep := time.NewTicker(15 * time.Second)
	defer keep.Stop()
	for {
		select {
		case <-r.Context().Done():
			return
		case <-ss.hub.stopped:
			fmt.Fprintf(w, "event: closed\ndata: {}\n\n")
			fl.Flush()
			return
		case <-keep.C:
			fmt.Fprintf(w, ": keep-alive\n\n")
			fl.Flush()
			ss.touch()
		case e := <-c:
			fmt.Fprintf(w, "event: %s\ndata: %s\n\n", e.name, e.data)
			fl.Flush()
		}
	}
}
