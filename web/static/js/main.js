// Boot and router: the interface language, sign in, load the word languages, join a party from
// an invite link, connect the websocket, and show the screen that the store's state calls for.

import { createActions, apiErrorText } from './actions.js';
import { announce } from './announce.js';
import * as attention from './attention.js';
import { api } from './api.js';
import { h, fill } from './dom.js';
import * as i18n from './i18n.js';
import { codeText, t } from './i18n.js';
import { Socket } from './socket.js';
import { emit, handle, hooks, now, showFinal, state, subscribe, toast } from './state.js';
import * as endView from './views/end.js';
import * as gameView from './views/game.js';
import * as homeView from './views/home.js';
import * as lobbyView from './views/lobby.js';
import * as messageView from './views/message.js';
import * as partyView from './views/party.js';
import { createTopbar } from './views/topbar.js';

const VIEWS = {
  loading: messageView,
  replaced: messageView,
  outdated: messageView,
  home: homeView,
  party: partyView,
  lobby: lobbyView,
  game: gameView,
  end: endView,
};

let signedIn = false;

async function signIn() {
  const session = await api.signIn();
  signedIn = true;
  if (!state.me) state.me = session.player;
  return session;
}

const socket = new Socket({
  onMessage: handle,
  onStatus(status) {
    if ((state.conn === 'replaced' || state.conn === 'outdated') && status === 'stopped') return;
    state.conn = status === 'stopped' ? 'replaced' : status;
    if (status === 'online') state.everOnline = true;
    emit();
  },
  async beforeConnect() {
    if (!signedIn) await signIn();
  },
});

const actions = createActions(socket);
const ctx = {
  actions,
  socket,
  reconnect() {
    state.conn = 'connecting';
    socket.connect();
    emit();
  },
  /** Switch the interface language (remembered); every screen is drawn again in it. */
  async setInterfaceLanguage(code) {
    const fromMenu = document.activeElement && document.activeElement.closest('#prefs');
    i18n.remember(code);
    state.offer = null;
    await i18n.use(code);
    if (fromMenu) document.getElementById('prefs-button').focus(); // keyboard users stay put
  },
};

// --- side effects the store asks for -----------------------------------------------------------

hooks.onUnauthorized = () => {
  signedIn = false;
};

hooks.onError = (m) => {
  if (m.code === 'unauthorized') return;
  if (m.code === 'unsupported_version') {
    socket.stop(); // the server was updated: only a reload helps
    state.conn = 'outdated';
  }
  toast(codeText(m.code, m.message));
};

hooks.onEnded = () => {
  socket.send({ type: 'resync' });
};

hooks.onHold = (until) => {
  setTimeout(showFinal, Math.max(0, until - now()));
};

hooks.onPartyGone = () => {
  if (!state.leavingParty) state.notice = [{ key: 'party.removed' }];
  state.leavingParty = false;
};

// Back home from a tournament without its end or a `left` message: we were away past the
// grace (the server cannot tell a socket that is gone), or it ended while we were away.
// The tournament's record says which.
hooks.onGone = async (tournamentId) => {
  let summary = null;
  if (tournamentId !== null && tournamentId !== undefined) {
    try {
      summary = await api.tournament(tournamentId);
    } catch {
      summary = null; // 409: still running without us
    }
  }
  const mine = summary && summary.entries.find((e) => e.player.id === state.me.id);
  if (!summary || !mine || mine.left) {
    state.notice = [{ key: 'code.grace_expired' }];
    if (mine && mine.place) {
      state.notice.push({
        key: 'home.your_last', params: { place: mine.place, change: mine.rating_change ?? 0 },
      });
    }
  } else {
    for (const e of summary.entries) {
      state.players[e.player.id] = e.player;
    }
    const places = summary.entries
      .filter((e) => e.place !== null)
      .map((e) => ({ player: e.player.id, place: e.place, rating_change: e.rating_change ?? 0 }));
    const firsts = places.filter((p) => p.place === 1);
    state.final = {
      tournament: summary.id,
      winner: firsts.length === 1 ? firsts[0].player : null,
      places,
      party: null,
      mine: { place: mine.place, rating_change: mine.rating_change },
    };
  }
  actions.refreshMe();
  emit();
};

// --- routing -------------------------------------------------------------------------------

function screenOf(s) {
  if (s.conn === 'replaced' || s.conn === 'outdated') return s.conn;
  if (!s.me || (s.conn !== 'online' && !s.lobby && !s.everOnline)) return 'loading';
  if (s.final && (!s.final.holdUntil || !s.tournament)) return 'end';
  if (s.lobby && s.lobby.status === 'waiting') return 'lobby';
  if (s.lobby && s.tournament) return 'game';
  if (s.party) return 'party';
  return 'home';
}

const app = document.getElementById('app');
const screen = h('main', { id: 'screen', class: 'screen', tabindex: '-1' });
const banner = h('div', { id: 'banner', class: 'banner', role: 'status', 'aria-live': 'polite' });
const toastBox = h('div', { id: 'toast', class: 'toast', role: 'alert', 'aria-live': 'assertive' });
const srLive = h('div', { id: 'sr-live', class: 'sr-only', 'aria-live': 'polite' });
let topbar = null;

let current = { name: null, view: null };
let lastToast = 0;
let toastTimer = null;

/** Draw the chrome (skip link, top bar) in the current interface language. */
function drawChrome() {
  topbar = createTopbar(ctx);
  const skip = h('a', { class: 'skip-link', href: '#screen' }, t('app.skip'));
  fill(app, skip, topbar.el, banner, toastBox, srLive, screen);
  document.title = t('app.title');
  delete banner.dataset.shown;
}

/** Keyboard users keep their place: when the focused element went away with what the screen
 * showed, the focus moves to the screen's heading (or the screen), not back to the top. */
function keepFocus(hadFocus) {
  const active = document.activeElement;
  if (!hadFocus || (active && active !== document.body && active.isConnected)) return;
  const heading = screen.querySelector('h1');
  const target = heading || screen;
  if (heading && !heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  target.focus({ preventScroll: true });
}

function render(s) {
  const hadFocus = screen.contains(document.activeElement);
  const name = screenOf(s);
  if (name !== current.name) {
    if (current.view && current.view.unmount) current.view.unmount();
    screen.replaceChildren();
    screen.className = `screen screen-${name}`;
    current = { name, view: VIEWS[name].mount(screen, ctx, name) };
    window.scrollTo(0, 0);
  }
  current.view.update(s);
  document.body.dataset.screen = name;
  document.body.classList.toggle('is-offline', s.conn === 'reconnecting' || s.conn === 'connecting');
  topbar.update(s);
  const offline = s.conn === 'reconnecting' || (s.conn === 'connecting' && s.everOnline);
  banner.hidden = !offline;
  if (offline && !banner.dataset.shown) {
    fill(
      banner,
      h('span', { class: 'spinner', 'aria-hidden': 'true' }),
      h('strong', {}, t('conn.reconnecting')),
      ' ',
      h('span', {}, s.tournament ? t('conn.reconnecting_hint') : ''),
    );
    banner.dataset.shown = '1';
  } else if (!offline) {
    delete banner.dataset.shown;
  }
  if (s.toast && s.toast.seq !== lastToast) {
    lastToast = s.toast.seq;
    fill(toastBox, s.toast.text);
    toastBox.classList.add('show');
    clearTimeout(toastTimer);
    toastTimer = setTimeout(() => toastBox.classList.remove('show'), 5000);
  }
  keepFocus(hadFocus);
  attention.follow(s);
}

subscribe(render);

// A new interface language: the chrome and the current screen are drawn again in it.
i18n.onChange(() => {
  if (current.view && current.view.unmount) current.view.unmount();
  current = { name: null, view: null };
  drawChrome();
  emit();
});

// --- countdowns: every element with data-deadline (a performance.now() time) ---------------------

setInterval(() => {
  const at = now();
  for (const el of document.querySelectorAll('[data-deadline]')) {
    const rest = Math.max(0, Number(el.dataset.deadline) - at);
    const secs = Math.ceil(rest / 1000);
    el.dataset.remaining = String(Math.round(rest));
    if (el.dataset.format) {
      const text = t(el.dataset.format, { s: secs });
      if (el.textContent !== text) el.textContent = text;
    }
    const secsEl = el.querySelector('.secs');
    const shown = i18n.num(secs);
    if (secsEl && secsEl.textContent !== shown) secsEl.textContent = shown;
    const fillEl = el.querySelector('.fill');
    if (fillEl) {
      const total = Number(el.dataset.total) || 30000;
      fillEl.style.width = `${Math.min(100, (100 * rest) / total).toFixed(1)}%`;
    }
    el.classList.toggle('urgent', rest > 0 && rest <= 5000 && rest < Number(el.dataset.total || 0) / 2);
    if (el.dataset.done && rest === 0) {
      const text = t(el.dataset.done);
      if (el.textContent !== text) el.textContent = text;
    }
    // screen readers hear the last seconds of your own turn (10, 5, 3), not every second
    const total = Number(el.dataset.total || 0);
    if (el.dataset.announce && [10, 5, 3].includes(secs) && secs * 1000 < total
        && el.dataset.announced !== String(secs)) {
      el.dataset.announced = String(secs);
      announce(t('duel.seconds_left', { n: secs }));
    }
  }
}, 100);

// --- boot ----------------------------------------------------------------------------------

function pickWordLanguage() {
  let saved = null;
  try {
    saved = localStorage.getItem('wt.language');
  } catch {
    saved = null;
  }
  const codes = state.languages.map((l) => l.code);
  if (saved && codes.includes(saved)) return saved;
  for (const wanted of navigator.languages || [navigator.language || 'en']) {
    const code = wanted.slice(0, 2).toLowerCase();
    if (codes.includes(code)) return code;
  }
  return codes.includes('en') ? 'en' : codes[0];
}

async function joinFromInvite() {
  const match = location.pathname.match(/^\/join\/([^/?#]+)/);
  if (!match) return;
  try {
    state.party = await api.joinParty(decodeURIComponent(match[1]));
    toast(t('party.joined'));
  } catch (err) {
    state.notice = [{ key: 'party.join_failed', params: { detail: apiErrorText(err) } }];
  }
  history.replaceState(null, '', '/');
}

async function boot() {
  i18n.applyContrast(i18n.initialContrast());
  // The catalog first (use() draws the chrome through onChange); a network that fails here
  // is tried again, as signing in is below.
  const code = i18n.initialLanguage();
  for (let attempt = 0; ; attempt += 1) {
    try {
      await i18n.use(attempt % 2 ? 'en' : code);
      break;
    } catch {
      await new Promise((r) => setTimeout(r, Math.min(5000, 500 * 2 ** attempt)));
    }
  }
  for (let attempt = 0; ; attempt += 1) {
    try {
      const [languages] = await Promise.all([api.languages(), signIn()]);
      state.languages = languages;
      break;
    } catch (err) {
      state.notice = [{ key: 'conn.signin_failed', params: { detail: apiErrorText(err) } }];
      emit();
      await new Promise((r) => setTimeout(r, Math.min(5000, 500 * 2 ** attempt)));
    }
  }
  state.notice = null;
  state.language = pickWordLanguage();
  await joinFromInvite();
  socket.connect();
  emit();
}

boot();
