// main.js: wires the page together: the session and its events, the
// board, move input, the side panel, dialogs, files and the keyboard.
// The body's data-ready, data-ply (the ply shown) and data-moves (the
// game's length) attributes let tests wait for the page.

import { getVariants, getVariant, legal, Session } from './api.js';
import { Board, pieceSVG } from './board.js';
import { Input } from './input.js';
import { Panel } from './panel.js';
import { Help } from './help.js';

const $ = (id) => document.getElementById(id);

const st = {
  session: null,
  variants: null,
  vv: null,        // the variant view in use
  vkey: '',        // variant + rule set + options of vv
  game: null,      // the latest game event
  view: null,      // the ply shown, or null to follow the game
  pos: null,       // the position shown
  preview: false,  // showing an engine line, not the game
  drawn: false,
  chain: Promise.resolve(),
  prefs: JSON.parse(localStorage.getItem('kirin.prefs') || '{}'),
};

function savePrefs() { localStorage.setItem('kirin.prefs', JSON.stringify(st.prefs)); }

function toast(msg) {
  const el = $('toast');
  el.textContent = msg;
  el.hidden = false;
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => { el.hidden = true; }, 4000);
}

const help = new Help($('help'));
const input = new Input((moves) => submit(moves));
const board = new Board($('board'), { top: $('hand-top'), bottom: $('hand-bottom') }, {
  square: (sq, e) => {
    help.hide();
    if (st.preview) return;
    input.square(sq);
    redraw();
    if (e.pointerType === 'touch') longPress(sq, e);
  },
  hand: (color, id) => {
    if (st.preview || !st.pos) return;
    input.hand(color, id, st.pos.side);
    redraw();
  },
  hover: (sq, e) => {
    if (!sq || !st.pos || !e) { help.hide(); return; }
    const text = st.pos.board[board.index.get(sq)];
    help.show(text ? board.info(text) : null, e.clientX, e.clientY);
  },
});
const panel = new Panel({
  ply: (n) => goto(n),
  preview: (ply, moves) => preview(ply, moves),
});

// longPress shows the piece help for a touch held still on a piece.
function longPress(sq, e) {
  const text = st.pos && st.pos.board[board.index.get(sq)];
  if (!text) return;
  const t = setTimeout(() => help.show(board.info(text), e.clientX, e.clientY, 0), 500);
  const cancel = () => { clearTimeout(t); window.removeEventListener('pointerup', cancel); };
  window.addEventListener('pointerup', cancel);
}

function redraw() {
  if (!st.pos) return;
  board.draw(st.pos, input.marks());
}

function latest() { return st.game ? st.game.moves.length : 0; }
function shownPly() { return st.view === null ? latest() : st.view; }

// myTurn reports whether the page may move in the shown position.
function humanToMove(pos) {
  const g = st.game;
  if (!g || g.result && pos.ply === latest()) return false;
  const player = pos.side === 'black' ? g.settings.black : g.settings.white;
  return player === 'human' || pos.ply < latest() && !g.thinking;
}

function show(pos) {
  st.pos = pos;
  input.setMoves(humanToMove(pos) && !st.preview ? pos.moves : []);
  redraw();
  $('sfen').value = pos.sfen;
  $('btn-pass').hidden = !input.forcedPass();
  document.body.dataset.ply = String(pos.ply);
  if (!st.drawn) {
    st.drawn = true;
    performance.mark('board-drawn');
    document.body.dataset.ready = '1';
  }
}

function variantKey(s) { return JSON.stringify([s.variant, s.ruleset || '', s.options || {}]); }

async function onGame(g) {
  const key = variantKey(g.settings);
  if (key !== st.vkey) {
    st.vv = await getVariant(g.settings.variant, g.settings.ruleset, g.settings.options);
    st.vkey = key;
    board.setVariant(st.vv);
    $('title').textContent = `${st.vv.title} · ${st.vv.files}x${st.vv.ranks}${st.vv.ruleset ? ' · ' + st.vv.ruleset : ''}`;
    document.title = `Kirin · ${st.vv.title}`;
    st.view = null;
  }
  const grew = st.game && g.moves.length !== st.game.moves.length;
  st.game = g;
  document.body.dataset.moves = String(g.moves.length);
  document.body.dataset.thinking = g.thinking || '';
  document.body.dataset.result = g.result ? g.result.result : '';
  if (st.view !== null && st.view > g.moves.length) st.view = null;
  if (st.view === null && !st.preview) show(g.position);
  panel.setGame(g, shownPly());
  if (grew && g.thinking === '' && !g.analysis) panel.clearInfo();
  $('btn-analyze').classList.toggle('on', g.analysis);
  $('btn-takeback').disabled = g.moves.length === 0;
  $('btn-resign').disabled = !!g.result;
  $('btn-stop').disabled = g.settings.black === 'human' && g.settings.white === 'human';
}

async function goto(ply) {
  if (!st.game) return;
  ply = Math.max(0, Math.min(ply, latest()));
  endPreview();
  st.view = ply === latest() ? null : ply;
  try {
    show(st.view === null ? st.game.position : await st.session.position(ply));
  } catch (err) { toast(err.message); }
  panel.setGame(st.game, shownPly());
  if (st.game.analysis) analyze(true);
}

async function preview(ply, moves) {
  try {
    const base = ply === st.pos.ply ? st.pos : await st.session.position(ply);
    const pos = await legal(st.game.settings, base.sfen, moves);
    st.preview = true;
    document.body.classList.add('preview');
    st.pos = pos;
    input.setMoves([]);
    redraw();
    $('sfen').value = pos.sfen;
  } catch (err) { toast(err.message); }
}

function endPreview() {
  if (!st.preview) return;
  st.preview = false;
  document.body.classList.remove('preview');
}

async function send(m) {
  try {
    await st.session.action('move', { ply: st.pos.ply, move: m.usi });
    st.view = null;
  } catch (err) {
    toast(err.message);
    redraw();
  }
}

// submit plays the chosen move, asking first when it may promote or not.
function submit(moves) {
  redraw();
  if (moves.length === 1) { send(moves[0]); return; }
  const dlg = $('dlg-promote');
  const box = $('promote-choices');
  const from = st.pos.board[board.index.get(moves[0].from)] || '';
  const info = board.info(from);
  box.innerHTML = '';
  for (const m of [...moves].sort((a, b) => Number(!!b.promote) - Number(!!a.promote))) {
    const b = document.createElement('button');
    b.dataset.promote = m.promote ? 'yes' : 'no';
    b.title = m.promote ? 'promote' : 'do not promote';
    let pi = info;
    if (m.promote && info && info.promotes) pi = board.byID.get(info.promotes);
    const color = st.pos.side;
    b.innerHTML = `<svg viewBox="0 0 100 100">${pieceSVG(pi, pi ? pi.id : from, color, false, board.latin)}</svg>`;
    b.addEventListener('click', () => { dlg.close(); send(m); });
    box.appendChild(b);
  }
  dlg.showModal();
}

function analyze(on) {
  const multipv = Number($('multipv').value);
  st.session.action('analyze', on ? { on: true, ply: shownPly(), multipv } : { on: false })
    .catch((err) => toast(err.message));
  if (on) panel.clearInfo();
}

// ---- dialogs ----

function fillNewGame() {
  const f = $('form-new');
  const sel = $('new-variant');
  sel.innerHTML = st.variants.variants.map((v) => `<option value="${v.name}">${v.title} (${v.files}x${v.ranks})</option>`).join('');
  for (const ps of f.querySelectorAll('.player-select')) {
    ps.innerHTML = ['human', ...st.variants.engines].map((n) => `<option>${n}</option>`).join('');
  }
  const g = st.game;
  if (g) {
    sel.value = g.settings.variant;
    f.black.value = g.settings.black;
    f.white.value = g.settings.white;
    f.tc.value = g.settings.tc || '';
    f.movetime.value = g.settings.movetime || '';
    f.depth.value = g.settings.depth || '';
  }
  variantOptions();
}

function variantOptions() {
  const v = st.variants.variants.find((x) => x.name === $('new-variant').value);
  const rs = $('new-ruleset');
  rs.innerHTML = (v.rulesets || []).map((r) => `<option>${r}</option>`).join('');
  $('new-ruleset-row').hidden = !(v.rulesets || []).length;
  $('new-options').innerHTML = (v.options || []).map((o) =>
    `<label>${o.Name} <select data-option="${o.Name}">${o.Values.map((x) => `<option${x === o.Value ? ' selected' : ''}>${x}</option>`).join('')}</select></label>`).join('');
}

function newGameSettings() {
  const f = $('form-new');
  const num = (x) => (x.value === '' ? 0 : Number(x.value));
  const s = {
    variant: f.variant.value, sfen: f.sfen.value.trim(), black: f.black.value, white: f.white.value,
    tc: f.tc.value.trim(), movetime: num(f.movetime), depth: num(f.depth), threads: num(f.threads), hash: num(f.hash),
    maxplies: num(f.maxplies),
  };
  if (!$('new-ruleset-row').hidden) s.ruleset = f.ruleset.value;
  const opts = {};
  for (const o of $('new-options').querySelectorAll('select[data-option]')) opts[o.dataset.option] = o.value;
  if (Object.keys(opts).length) s.options = opts;
  return s;
}

function bind() {
  $('btn-new').addEventListener('click', () => { fillNewGame(); $('dlg-new').showModal(); });
  $('new-variant').addEventListener('change', variantOptions);
  // Dialogs act on their form's submit (which also closes them), not on
  // their close event, which a page in the background may get late.
  const onOK = (form, fn) => $(form).addEventListener('submit', (e) => { if (e.submitter && e.submitter.value === 'ok') fn(); });
  onOK('form-new', () => {
    st.session.action('new', newGameSettings()).then(() => { st.view = null; panel.clearInfo(); }).catch((err) => toast(err.message));
  });
  $('btn-load').addEventListener('click', () => { $('load-text').value = ''; $('dlg-load').showModal(); });
  $('load-file').addEventListener('change', async (e) => {
    const file = e.target.files[0];
    if (file) $('load-text').value = await file.text();
  });
  onOK('form-load', () => {
    st.session.action('load', { text: $('load-text').value }).then(() => { st.view = null; }).catch((err) => toast(err.message));
  });
  $('btn-flip').addEventListener('click', () => { board.flipped = !board.flipped; st.prefs.flipped = board.flipped; savePrefs(); redraw(); });
  $('btn-letters').addEventListener('click', () => {
    board.latin = !board.latin;
    st.prefs.latin = board.latin;
    savePrefs();
    $('btn-letters').textContent = board.latin ? 'Kanji' : 'Latin';
    redraw();
  });
  $('nav-first').addEventListener('click', () => goto(0));
  $('nav-prev').addEventListener('click', () => goto(shownPly() - 1));
  $('nav-next').addEventListener('click', () => goto(shownPly() + 1));
  $('nav-last').addEventListener('click', () => goto(latest()));
  const act = (name) => () => st.session.action(name).then(() => { st.view = null; }).catch((err) => toast(err.message));
  $('btn-takeback').addEventListener('click', act('takeback'));
  $('btn-resign').addEventListener('click', act('resign'));
  $('btn-stop').addEventListener('click', act('stop'));
  $('btn-pass').addEventListener('click', () => { const m = input.forcedPass(); if (m) send(m); });
  $('btn-analyze').addEventListener('click', () => analyze(!st.game.analysis));
  $('multipv').addEventListener('change', () => { if (st.game.analysis) analyze(true); });
  $('btn-annotate').addEventListener('click', () => {
    st.session.action('annotate', { depth: Number($('annotate-depth').value) || 6 }).catch((err) => toast(err.message));
  });
  document.addEventListener('keydown', (e) => {
    if (e.target.closest('input, textarea, select, dialog')) return;
    const keys = {
      ArrowLeft: () => goto(shownPly() - 1), ArrowRight: () => goto(shownPly() + 1),
      Home: () => goto(0), End: () => goto(latest()),
      Escape: () => { help.hide(); if (st.preview) goto(shownPly()); else { input.reset(); redraw(); } },
      f: () => $('btn-flip').click(), l: () => $('btn-letters').click(), n: () => $('btn-new').click(),
      a: () => $('btn-analyze').click(),
    };
    if (keys[e.key]) { e.preventDefault(); keys[e.key](); }
  });
}

async function main() {
  board.flipped = !!st.prefs.flipped;
  board.latin = !!st.prefs.latin;
  $('btn-letters').textContent = board.latin ? 'Kanji' : 'Latin';
  bind();
  try {
    st.variants = await getVariants();
    const q = new URLSearchParams(location.search);
    let session = null;
    const saved = sessionStorage.getItem('kirin.session');
    if (!q.get('variant') && saved) {
      const s = new Session(saved);
      try { await s.position(0); session = s; } catch { session = null; }
    }
    if (!session) {
      const settings = { variant: q.get('variant') || st.prefs.variant || 'chu' };
      if (q.get('sfen')) settings.sfen = q.get('sfen');
      if (q.get('moves')) settings.moves = q.get('moves').split(/[\s,]+/).filter(Boolean);
      for (const k of ['ruleset', 'black', 'white', 'tc']) if (q.get(k)) settings[k] = q.get(k);
      for (const k of ['depth', 'movetime', 'maxplies']) if (q.get(k)) settings[k] = Number(q.get(k));
      try {
        session = await Session.create(settings);
      } catch (err) {
        // A link with a bad position still opens the board: the game's
        // start position (or chu's), with the error shown.
        toast(err.message);
        document.body.dataset.error = err.message;
        const fallback = st.variants.variants.some((v) => v.name === settings.variant) ? settings.variant : 'chu';
        session = await Session.create({ variant: fallback });
      }
    }
    st.session = session;
    sessionStorage.setItem('kirin.session', session.id);
    $('btn-pgn').href = session.pgnURL();
    session.listen({
      // Events are handled one at a time: a new game's variant view is
      // fetched before the next event is looked at.
      game: (g) => {
        st.prefs.variant = g.settings.variant;
        savePrefs();
        st.chain = st.chain.then(() => onGame(g)).catch((err) => toast(err.message));
      },
      info: (iv) => panel.info(iv),
      closed: () => toast('The server ended this session: reload the page.'),
    });
  } catch (err) {
    toast(err.message);
    document.body.dataset.error = err.message;
  }
}

main();
