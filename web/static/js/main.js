// Boot and router: the interface language, sign in, load the word languages, join a party from
// an invite link, connect the websocket (its frames and status become messages to the store),
// draw the screen that the state calls for, then run the reducer's effects (docs/client.md).

import { createActions, apiErrorText } from './actions.js';
import { api } from './api.js';
import { h, fill } from './dom.js';
import { createEffects } from './effects.js';
import * as i18n from './i18n.js';
import { codeText, t } from './i18n.js';
import { initialState, reduce } from './reducer.js';
import { screenOf } from './reduce/select.js';
import { Socket } from './socket.js';
import { createStore, now } from './store.js';
import * as endView from './views/end.js';
import * as gameView from './views/game.js';
import * as homeView from './views/home.js';
import * as lobbyView from './views/lobby.js';
import * as messageView from './views/message.js';
import * as partyView from './views/party.js';
import { createReportPanel } from './views/report.js';
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

const store = createStore(initialState(), reduce);
const dispatch = (message) => store.dispatch(message);
const session = { signedIn: false };

async function signIn() {
  const answer = await api.signIn();
  session.signedIn = true;
  dispatch({ type: 'signed_in', player: answer.player });
  return answer;
}

const socket = new Socket({
  onMessage: (frame) => dispatch({ type: 'frame', frame }),
  onStatus: (status) => dispatch({ type: 'conn', status }),
  async beforeConnect() {
    if (!session.signedIn) await signIn();
  },
});

const actions = createActions(store);
const ctx = {
  actions,
  reconnect: () => dispatch({ type: 'reconnect' }),
  /** Switch the interface language (remembered); every screen is drawn again in it. */
  async setInterfaceLanguage(code) {
    const fromMenu = document.activeElement && document.activeElement.closest('#prefs');
    i18n.remember(code);
    dispatch({ type: 'dismiss_offer' });
    await i18n.use(code);
    if (fromMenu) document.getElementById('prefs-button').focus(); // keyboard users stay put
  },
};
const runEffects = createEffects({ store, socket, session, actions });

// --- routing -------------------------------------------------------------------------------

const app = document.getElementById('app');
const screen = h('main', { id: 'screen', class: 'screen', tabindex: '-1' });
const banner = h('div', { id: 'banner', class: 'banner', role: 'status', 'aria-live': 'polite' });
const toastBox = h('div', { id: 'toast', class: 'toast', role: 'alert', 'aria-live': 'assertive' });
const srLive = h('div', { id: 'sr-live', class: 'sr-only', 'aria-live': 'polite' });
let topbar = null;
let reportPanel = null;

let current = { name: null, view: null };
let lastToast = 0;
let toastTimer = null;

/** Draw the chrome (skip link, top bar) in the current interface language. */
function drawChrome() {
  topbar = createTopbar(ctx);
  reportPanel = createReportPanel(ctx);
  const skip = h('a', { class: 'skip-link', href: '#screen' }, t('app.skip'));
  fill(app, skip, topbar.el, banner, toastBox, srLive, screen, reportPanel.el);
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

/** Draw the state: the screen it calls for (mounted anew when it changes), the chrome, the
 * connection banner and the toast. */
function render(s) {
  const hadFocus = screen.contains(document.activeElement);
  const name = screenOf(s);
  if (name !== current.name) {
    if (current.view && current.view.unmount) current.view.unmount();
    screen.replaceChildren();
    screen.className = `screen screen-${name}`;
    current = { name, view: VIEWS[name].mount(screen, ctx, name, s) };
    window.scrollTo(0, 0);
    if (name === 'home') {
      actions.loadLeaderboard(s.leaderboardBots);
      actions.refreshMe();
    }
  }
  current.view.update(s);
  document.body.dataset.screen = name;
  document.body.classList.toggle('is-offline', s.conn === 'reconnecting' || s.conn === 'connecting');
  topbar.update(s);
  reportPanel.update(s);
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
    fill(toastBox, s.toast.text ?? codeText(s.toast.code, s.toast.message));
    toastBox.classList.add('show');
    clearTimeout(toastTimer);
    toastTimer = setTimeout(() => toastBox.classList.remove('show'), 5000);
  }
  drawCountdowns();
  keepFocus(hadFocus);
}

// Each batch of changes: draw, then run the effects (they may look at what was drawn).
store.subscribe((s, effects) => {
  render(s);
  runEffects(s, effects);
});

// A new interface language: the chrome and the current screen are drawn again in it.
i18n.onChange(() => {
  if (current.view && current.view.unmount) current.view.unmount();
  current = { name: null, view: null };
  drawChrome();
  store.refresh();
});

// --- the clock: every countdown drawn (each element with data-deadline, a performance.now()
// time: its seconds, its bar, its text), and a tick to the reducer (the final table after its
// hold, the last seconds of my turn said)

/** Draw the time left of every countdown on the page (views draw the elements, not the time). */
function drawCountdowns() {
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
  }
}

setInterval(() => {
  dispatch({ type: 'tick' });
  drawCountdowns();
}, 100);

// --- boot ----------------------------------------------------------------------------------

/** A choice remembered in this browser (null when storage is blocked). */
function stored(key) {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function pickWordLanguage(languages) {
  const saved = stored('wt.language');
  const codes = languages.map((l) => l.code);
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
    dispatch({ type: 'party_view', party: await api.joinParty(decodeURIComponent(match[1])) });
    actions.toast(t('party.joined'));
  } catch (err) {
    dispatch({ type: 'notice', notice: [{ key: 'party.join_failed', params: { detail: apiErrorText(err) } }] });
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
  let languages;
  for (let attempt = 0; ; attempt += 1) {
    try {
      [languages] = await Promise.all([api.languages(), signIn()]);
      break;
    } catch (err) {
      dispatch({ type: 'notice', notice: [{ key: 'conn.signin_failed', params: { detail: apiErrorText(err) } }] });
      await new Promise((r) => setTimeout(r, Math.min(5000, 500 * 2 ** attempt)));
    }
  }
  dispatch({ type: 'booted', languages, language: pickWordLanguage(languages), autoWatch: stored('wt.watch') === 'on' });
  await joinFromInvite();
  socket.connect();
}

boot();
