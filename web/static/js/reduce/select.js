// What the reducer and the views read off the state: pure functions of it, nothing stored.

import { typingRules } from '../letters.js';

const rulesCache = new Map();

/** A player seen in a lobby, a party or a summary (a placeholder before one was). */
export function player(s, id) {
  return s.players[id] || { id, nickname: `#${id}`, tag: '', rating: null, bot: false };
}

export function languageOf(s, code) {
  return s.languages.find((l) => l.code === code) || null;
}

/** The typing rules of a word language (kept per code: the languages do not change). */
export function rulesFor(s, code) {
  const language = languageOf(s, code);
  if (!language) return typingRules({ alphabet: [] });
  if (!rulesCache.has(code)) rulesCache.set(code, typingRules(language));
  return rulesCache.get(code);
}

export function myId(s) {
  return s.me ? s.me.id : null;
}

/** My duel while it runs (null when there is none or it is over). */
export function myDuelLive(s) {
  const d = s.duel;
  return d && !d.outcome ? d : null;
}

/** Letters go onto my next row: my live duel, no guess on its way, online, and a row left for
 * me. On the opponent's turn too (typed ahead, shown as not sent): only `submit` waits for my
 * turn (`myTurn`), so nothing typed early is ever sent early. */
export function canType(s) {
  const d = myDuelLive(s);
  if (!d || !s.me || d.to_move === null || s.pendingGuess || s.conn !== 'online') return false;
  const next = d.rows.length + (d.to_move === s.me.id ? 0 : 1);
  return next < d.max_turns * 2;
}

/** It is my turn in my live duel: the only time a guess may go out. */
export function myTurn(s) {
  const d = myDuelLive(s);
  return !!d && !!s.me && d.to_move === s.me.id;
}

/** "<duel>:<turn>" while it is my turn in my live duel, else null (the turn cue follows it). */
export function myTurnKey(s) {
  const d = myDuelLive(s);
  return d && s.me && d.to_move === s.me.id ? `${d.id}:${d.turnNo}` : null;
}

/** The duel views on screen: mine and the one I watch. */
export function views(s) {
  return [s.duel, s.watching].filter(Boolean);
}

/** The view of duel `id`, mine or watched. */
export function viewById(s, id) {
  return views(s).find((v) => v.id === id) || null;
}

/** The lives of a player in the tournament (null outside one). */
export function livesOf(s, id) {
  const st = s.tournament && s.tournament.standings[id];
  return st ? st.lives : null;
}

/** The duels of this round still running that I may watch (my own is not among them). */
export function liveDuels(s) {
  return s.tournament.duels.filter((d) => !d.over && !(s.duel && d.id === s.duel.id));
}

/** Which screen the state calls for. */
export function screenOf(s) {
  if (s.conn === 'replaced' || s.conn === 'outdated') return s.conn;
  if (!s.me || (s.conn !== 'online' && !s.lobby && !s.everOnline)) return 'loading';
  if (s.final && (!s.final.holdUntil || !s.tournament)) return 'end';
  if (s.lobby && s.lobby.status === 'waiting') return 'lobby';
  if (s.lobby && s.tournament) return 'game';
  if (s.party) return 'party';
  return 'home';
}
