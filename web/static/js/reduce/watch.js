// While I wait (my duel is over, a bye, out of lives), something to watch: the progress of each
// running duel, the closest one to its end, and, when the remembered "watch automatically" is
// on, watching it without a tap. Pure, as the rest of reduce/: `s` is the reducer's copy.
//
// A duel's progress is kept on its entry of `tournament.duels`: `rows` played (of
// 2 × max_turns), `greens` (the most green letters in one of its rows) and `to_move`. It comes
// from `duel_progress` frames (the server sends them to those who wait), from the rows of a
// duel I see (mine, the one I watch: they get no `duel_progress`), and from the snapshot.
//
// The CLOSEST duel is the one nearest its end: fewest letters still to find in its best row
// (length − greens: a row of all greens wins it), then the most rows played (the nearer to a
// draw), then the lower id. docs/client.md says the same.

import { liveDuels } from './select.js';

/** How long the result of the duel just ended stays before the automatic watch moves on. */
export const AUTO_WATCH_HOLD_MS = 3000;

/** Rows a duel can have (both players' turns). */
export function totalRows(d) {
  return 2 * (d.max_turns || 6);
}

/** The row being played now (1-based), as "row 5 of 12" says. */
export function rowInPlay(d) {
  return Math.min((d.rows || 0) + 1, totalRows(d));
}

function lettersLeft(d) {
  return d.length - (d.greens || 0);
}

/** The live duels I may watch, closest to its end first (see above). */
export function byCloseness(s) {
  return liveDuels(s).slice().sort((a, b) => lettersLeft(a) - lettersLeft(b)
    || (b.rows || 0) - (a.rows || 0) || a.id - b.id);
}

export function closestDuel(s) {
  return byCloseness(s)[0] || null;
}

function roundKey(s) {
  return `${s.tournament.id}:${s.tournament.round}`;
}

/** My pair's duel has not started yet (the round's duels start one after the other), and will:
 * my opponent has not left. */
function myDuelToCome(s) {
  const me = s.me ? s.me.id : null;
  const pair = s.tournament.pairs.find((p) => p.includes(me));
  if (!pair || s.duel) return false;
  const other = s.tournament.standings[pair.find((p) => p !== me)];
  return !(other && other.left);
}

/** I wait and could watch: the round is played, my duel is over (or I have none: a bye, out),
 * I watch no running duel, the final table is not due, and a duel I may watch runs. */
export function waitingToWatch(s) {
  const t = s.tournament;
  if (!t || !s.lobby || t.phase !== 'playing' || s.final) return false;
  if ((s.duel && !s.duel.outcome) || myDuelToCome(s)) return false;
  if (s.watching && !s.watching.outcome) return false;
  return liveDuels(s).length > 0;
}

/** A result is on screen (the duel I watched, or mine): it is read before moving on. */
function resultShown(s) {
  return s.watching ? !!s.watching.outcome : !!(s.duel && s.duel.outcome);
}

/** A row of a duel I see: its progress as the server would have sent it. */
export function noteRow(s, m) {
  const d = s.tournament && s.tournament.duels.find((x) => x.id === m.duel);
  if (!d) return;
  const greens = m.marks ? [...m.marks].filter((x) => x === 'g').length : 0;
  d.rows = Math.max(d.rows || 0, m.index + 1);
  d.greens = Math.max(d.greens || 0, greens);
  if (m.next !== undefined) d.to_move = m.next ? m.next.player : null;
}

/** The automatic watch is due at this time (the clock brings it). */
export function autoWatchDue(s, at) {
  return s.autoWatchAt !== null && at >= s.autoWatchAt;
}

/**
 * After every message: with "watch automatically" on, a wait that begins (or a watched duel
 * that ends while others run) starts watching the closest duel, at once or, when a result is
 * on screen, after AUTO_WATCH_HOLD_MS. Not while a spectate is on its way, nor in a round
 * where I stopped watching myself.
 */
export function autoWatch(s, c) {
  const declined = s.tournament && s.watchDeclined === roundKey(s);
  if (!s.autoWatch || declined || !waitingToWatch(s)) {
    s.autoWatchAt = null;
    return;
  }
  if (s.watchAsked !== null && liveDuels(s).some((d) => d.id === s.watchAsked)) return;
  if (s.autoWatchAt === null) s.autoWatchAt = c.at + (resultShown(s) ? AUTO_WATCH_HOLD_MS : 0);
  if (c.at < s.autoWatchAt) return;
  const d = closestDuel(s);
  s.autoWatchAt = null;
  s.watchAsked = d.id;
  c.fx({ type: 'send', message: { type: 'spectate', duel: d.id } });
}

export const onWatchFrame = {
  duel_progress(s, m) {
    const d = s.tournament && s.tournament.duels.find((x) => x.id === m.duel);
    if (d && !d.over) Object.assign(d, { rows: m.rows, greens: m.greens, to_move: m.to_move });
  },
};

export const onWatchEvent = {
  /** The "watch automatically" box (remembered in this browser); turned on, at once. */
  auto_watch(s, m, c) {
    s.autoWatch = !!m.on;
    s.autoWatchAt = m.on ? c.at : null;
    if (m.on) s.watchDeclined = null;
    c.fx({ type: 'remember', key: 'wt.watch', value: m.on ? 'on' : 'off' });
  },

  spectate(s, m, c) {
    s.watchAsked = m.duel;
    s.watchDeclined = null;
    c.fx({ type: 'send', message: { type: 'spectate', duel: m.duel } });
  },

  /** Stopped by hand: no automatic watch again this round. */
  stop_spectating(s, m, c) {
    s.watching = null;
    s.watchAsked = null;
    if (s.tournament) s.watchDeclined = roundKey(s);
    c.fx({ type: 'send', message: { type: 'stop_spectating' } });
  },
};

/** A spectate was refused (the duel ended meanwhile): try again after a pause, not at once. */
export function watchRefused(s, c) {
  if (s.watchAsked === null) return;
  s.watchAsked = null;
  if (s.autoWatch) s.autoWatchAt = c.at + AUTO_WATCH_HOLD_MS;
}
