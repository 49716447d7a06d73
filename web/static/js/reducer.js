// The page's state and the one function that changes it: reduce(state, message) returns the
// next state and the effects to run, and touches nothing else (no DOM, socket, timer or clock:
// a message brings its time as `at`, performance.now(), and `wall`, Date.now()). Messages are
// server frames, {type: 'frame', frame}, and local events (reduce/events.js). docs/client.md
// lists them, the state's fields and the effects.

import { derivedEffects } from './reduce/derived.js';
import { tickDue, onEvent } from './reduce/events.js';
import { onFrame } from './reduce/frames.js';
import { autoWatch } from './reduce/watch.js';

export { FINAL_HOLD_MS } from './reduce/frames.js';

export function initialState() {
  return {
    conn: 'connecting', // connecting | online | reconnecting | replaced | outdated
    everOnline: false, // the socket was online once (later drops show the banner, not "loading")
    me: null, // {id, nickname, tag, rating, bot}
    serverOffset: 0, // server clock - device clock, ms (for bot_fill_at, gone_at)
    languages: [], // the word languages (GET /api/languages)
    language: null, // the word language chosen on the home screen (code)
    players: {}, // id -> {id, nickname, tag, rating, bot}: everyone seen in lobbies and parties
    party: null, // the party as the server last said (PROTOCOL.md, Parties)
    partyPlayed: false, // this party has played a tournament (Start again)
    leavingParty: false, // I asked to leave: its `party: null` is no removal
    lobby: null, // the lobby frame's lobby, with botFillDeadline (local time)
    tournament: null, // {id, round, phase, introDeadline, pairs, bye, standings, duels, recap}
    duel: null, // my current (or just finished) duel view
    watching: null, // the duel view I watch
    turnTotal: 30000, // length of a turn as last seen, for the countdown bar
    typed: '', // what I have typed for my next guess (canonical letters)
    pendingGuess: false, // a guess is on its way
    rejection: null, // {reason, word, message, seq} or, found here, {reason, key, params, local, seq}
    myPlacement: null, // the placement frame about me, when fixed
    final: null, // the end screen: {tournament, winner, places, party, mine, holdUntil}
    notice: null, // a lasting message on the home screen: [{key, params, fallback}]
    offer: null, // {code, text, yes, no}: show the page in the word language just chosen?
    toast: null, // a short message: {text, seq} or {code, message, seq}
    leftReason: null, // why the server said `left`, until the `home` after it
    lastTournament: null, // id of the tournament I was last in
    leaderboard: null, // GET /api/leaderboard's answer, or {failed: true}
    leaderboardBots: false, // the leaderboard lists the bots too
    nickname: { editing: false, error: '' }, // the nickname form on the home screen
    report: null, // the report menu: {player, where, tournament, phase, reason, created, code, message}
    autoWatch: false, // watch the closest duel while I wait, without a tap (remembered)
    autoWatchAt: null, // when the automatic watch is due (local; a result is read first)
    watchAsked: null, // the duel a `spectate` on its way asked for
    watchDeclined: null, // "<tournament>:<round>" where I stopped watching: no automatic watch
    seq: 0, // counts rejections and toasts, so the same one twice is news twice
  };
}

const NO_EFFECTS = Object.freeze([]);

/** A deep copy of plain data (the state holds nothing else); an array keeps its holes. */
function clone(x) {
  if (Array.isArray(x)) return x.map(clone);
  if (x === null || typeof x !== 'object') return x;
  const out = {};
  for (const key of Object.keys(x)) out[key] = clone(x[key]);
  return out;
}

/** A copy for the handlers to change: the game's parts that they change in place are copied
 * whole (small: one lobby, one tournament, two boards); every other field they replace, so it
 * is shared with the state before (the word languages, the leaderboard, the party). The tests
 * freeze each state, so a handler that changed a shared part would fail them. */
function draft(s) {
  return {
    ...s,
    players: { ...s.players },
    lobby: clone(s.lobby),
    tournament: clone(s.tournament),
    duel: clone(s.duel),
    watching: clone(s.watching),
    final: clone(s.final),
  };
}

/**
 * The next state and its effects. `state` is never changed: the handler works on a copy, so
 * the state before stays whole (the effects are what changed between the two, and what the
 * handlers asked for). A tick that changes nothing returns the same state.
 */
export function reduce(state, message) {
  const at = message.at ?? 0;
  if (message.type === 'tick' && !tickDue(state, at)) return { state, effects: NO_EFFECTS };
  const handler = message.type === 'frame' ? onFrame[message.frame.type] : onEvent[message.type];
  if (!handler) {
    if (message.type === 'frame') return { state, effects: NO_EFFECTS }; // pong, or newer frames
    throw new Error(`unknown message ${message.type}`);
  }
  const next = draft(state);
  const effects = [];
  const c = { at, wall: message.wall ?? 0, fx: (effect) => effects.push(effect) };
  handler(next, message.type === 'frame' ? message.frame : message, c);
  autoWatch(next, c);
  return { state: next, effects: [...effects, ...derivedEffects(state, next, at)] };
}
