// api.js: the server's JSON API and the session's event stream. The page
// knows no rules: boards, legal moves and results all come from here.

async function call(method, url, body) {
  const opts = { method, headers: {} };
  if (body !== undefined) {
    opts.headers['Content-Type'] = 'application/json';
    opts.body = JSON.stringify(body);
  }
  const r = await fetch(url, opts);
  const text = await r.text();
  let data = null;
  try { data = text ? JSON.parse(text) : null; } catch { data = null; }
  if (!r.ok) throw new Error((data && data.error) || `${r.status} ${r.statusText}`);
  return data;
}

export const getVariants = () => call('GET', '/api/variants');

export function getVariant(name, ruleset, options) {
  const q = new URLSearchParams({ variant: name });
  if (ruleset) q.set('ruleset', ruleset);
  for (const [k, v] of Object.entries(options || {})) q.append('option', `${k}=${v}`);
  return call('GET', '/api/variant?' + q);
}

// legal asks for a position without a session (previews of engine lines).
export function legal(settings, sfen, moves) {
  const q = new URLSearchParams({ variant: settings.variant, sfen, moves: moves.join(' ') });
  if (settings.ruleset) q.set('ruleset', settings.ruleset);
  for (const [k, v] of Object.entries(settings.options || {})) q.append('option', `${k}=${v}`);
  return call('GET', '/api/legal?' + q);
}

// Session is one game on the server with its event stream.
export class Session {
  constructor(id) { this.id = id; this.base = `/api/session/${id}`; }

  static async create(settings) {
    const { id } = await call('POST', '/api/session', settings);
    return new Session(id);
  }

  action(name, body = {}) { return call('POST', `${this.base}/${name}`, body); }
  position(ply) { return call('GET', `${this.base}/position?ply=${ply}`); }
  pgnURL() { return `${this.base}/pgn`; }

  // listen calls handlers[eventName](data) for every event.
  // The stream is closed when the page goes away: a page kept in the
  // back-forward cache would otherwise hold one of the browser's few
  // connections to the server.
  listen(handlers) {
    this.source = new EventSource(`${this.base}/events`);
    window.addEventListener('pagehide', () => this.source.close());
    for (const [name, fn] of Object.entries(handlers)) {
      this.source.addEventListener(name, (e) => fn(JSON.parse(e.data)));
    }
    return this.source;
  }
}
