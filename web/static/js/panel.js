// panel.js: the side panel: players and clocks, the move list (data-ply
// per entry), the evaluation graph and the engine output (data-pv per
// line, each move of a line clickable to preview it).

const $ = (id) => document.getElementById(id);
const esc = (s) => String(s).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' }[c]));

export function fmtClock(ms) {
  ms = Math.max(0, ms);
  const s = Math.floor(ms / 1000);
  const h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60), sec = s % 60;
  const tenths = s < 10 ? '.' + Math.floor((ms % 1000) / 100) : '';
  const mm = h ? `${h}:${String(m).padStart(2, '0')}` : String(m);
  return `${mm}:${String(sec).padStart(2, '0')}${tenths}`;
}

// resultText describes a result for people.
export function resultText(r) {
  if (!r) return '';
  const who = r.result === '1-0' ? 'Black (☗) wins' : r.result === '0-1' ? 'White (☖) wins' : r.result === '1/2-1/2' ? 'Draw' : 'Game ended';
  return `${r.result} ${who}: ${r.reason}`;
}

export class Panel {
  // on: { ply(n), preview(ply, usiMoves) }
  constructor(on) {
    this.on = on;
    this.lines = new Map();
    this.clock = null;
    $('moves').addEventListener('click', (e) => {
      const li = e.target.closest('li[data-ply]');
      if (li) this.on.ply(Number(li.dataset.ply));
    });
    $('graph').addEventListener('click', (e) => {
      if (!this.game) return;
      const r = $('graph').getBoundingClientRect();
      const n = this.game.moves.length;
      if (n) this.on.ply(Math.round(((e.clientX - r.left) / r.width) * n));
    });
    $('engine-out').addEventListener('click', (e) => {
      const span = e.target.closest('.pv span[data-i]');
      if (!span) return;
      const line = span.closest('[data-pv]');
      const moves = line.dataset.pv.split(' ').slice(0, Number(span.dataset.i) + 1);
      this.on.preview(Number(line.dataset.ply), moves);
    });
    setInterval(() => this.tick(), 100);
  }

  // setGame shows a game event; view is the ply on the board.
  setGame(g, view) {
    this.game = g;
    this.received = performance.now();
    const names = { black: g.settings.black, white: g.settings.white };
    for (const c of ['black', 'white']) {
      const el = $(`player-${c}`);
      el.querySelector('.name').textContent = names[c] + (g.thinking === c ? ' …thinking' : '');
      el.classList.toggle('to-move', !g.result && g.position.side === c);
    }
    this.clock = g.clock || null;
    this.tick();
    this.drawMoves(view);
    this.drawGraph(view);
    $('status').textContent = g.result ? resultText(g.result) : g.annotate ? `annotating ${g.annotate}` : '';
  }

  tick() {
    for (const c of ['black', 'white']) {
      const el = document.querySelector(`#player-${c} .clock`);
      if (!this.clock) { el.textContent = ''; continue; }
      let ms = this.clock[`${c}_ms`];
      if (this.clock.running === c && this.game && !this.game.result) ms -= performance.now() - this.received;
      el.textContent = fmtClock(ms);
    }
  }

  drawMoves(view) {
    const g = this.game, ol = $('moves');
    const startBlack = g.start_sfen.split(' ')[1] === 'b';
    ol.innerHTML = g.moves.map((m, i) => {
      const black = (i % 2 === 0) === startBlack;
      const sc = m.score !== undefined && m.score !== null ? `<span class="sc">${(m.score / 100).toFixed(2)}</span>` : '';
      const mark = m.mark ? `<span class="mark">${esc(m.mark)}</span>` : '';
      return `<li data-ply="${i + 1}" class="${view === i + 1 ? 'cur' : ''}" title="USI ${esc(m.usi)}">${black ? '☗' : '☖'}${esc(m.hodges)}${mark}${sc}</li>`;
    }).join('');
    const cur = ol.querySelector('li.cur');
    if (cur) cur.scrollIntoView({ block: 'nearest' });
  }

  // drawGraph plots the evaluations (Black's view, in pawns, squashed).
  drawGraph(view) {
    const g = this.game, svg = $('graph');
    const n = g.graph.length;
    const W = 300, H = 60;
    let pts = [];
    const y = (cp) => H / 2 - (H / 2 - 2) * Math.tanh(cp / 600);
    g.graph.forEach((cp, i) => { if (cp !== null && cp !== undefined) pts.push(`${((i + 1) / Math.max(n, 1)) * W},${y(cp)}`); });
    const marker = view && n ? `<line x1="${(view / n) * W}" x2="${(view / n) * W}" y1="0" y2="${H}" stroke="#2d7d32" stroke-width="1"/>` : '';
    svg.innerHTML = `<line x1="0" x2="${W}" y1="${H / 2}" y2="${H / 2}" stroke="#bbb"/>` +
      (pts.length ? `<polyline points="${pts.join(' ')}" fill="none" stroke="#3b2a12" stroke-width="1.5"/>` : '') + marker;
  }

  clearInfo() { this.lines.clear(); $('engine-out').innerHTML = ''; }

  // info shows an engine line: the latest of each multipv number.
  info(iv) {
    // How long the line took from the engine to the page (the server's
    // clock and the page's are the same machine's).
    if (iv.at) (window.kirinLatency = window.kirinLatency || []).push(Date.now() - iv.at);
    const key = `${iv.source}:${iv.multipv || 1}`;
    if (this.infoPly !== iv.ply || this.infoSource !== iv.source) {
      this.lines.clear();
      this.infoPly = iv.ply;
      this.infoSource = iv.source;
    }
    this.lines.set(key, iv);
    const rows = [...this.lines.values()].sort((a, b) => (a.multipv || 1) - (b.multipv || 1));
    $('engine-out').innerHTML = rows.map((l) => {
      const pv = (l.pv || []).map((m, i) => `<span data-i="${i}">${esc(m)}</span>`).join(' ');
      const knps = l.nps ? ` ${Math.round(l.nps / 1000)} kn/s` : '';
      return `<div class="line" data-pv="${esc((l.pv_usi || []).join(' '))}" data-ply="${l.ply}">` +
        `<div class="head">${l.source === 'play' ? 'playing' : 'analysis'} · depth ${l.depth} · <b>${esc(l.score || '')}</b> · ${l.nodes} nodes${knps}</div>` +
        `<div class="pv">${pv}</div><div class="usi">${esc((l.pv_usi || []).join(' '))}</div></div>`;
    }).join('');
  }
}
