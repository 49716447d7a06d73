// The single store. Server messages update it (handle), the views read it; subscribers are
// called once per batch of changes. Times are kept as local `performance.now()` deadlines,
// computed from each message's remaining_ms, so a wrong device clock does not matter.

export const now = () => performance.now();

// How long the end of a tournament's last duel stays on screen before the final table.
export const FINAL_HOLD_MS = 5000;

export const state = {
  conn: 'connecting', // connecting | online | reconnecting | replaced | outdated
  me: null, // {id, nickname, tag, rating, bot}
  serverOffset: 0, // server clock - device clock, ms (only for bot_fill_at)
  languages: [],
  language: null, // the language chosen on the home screen (code)
  players: {}, // id -> {id, nickname, tag, rating, bot}: everyone seen in lobbies and parties
  party: null,
  lobby: null,
  tournament: null,
  duel: null, // my current (or just finished) duel
  watching: null, // the duel I watch
  turnTotal: 30000, // length of a turn as last seen, for the countdown bar
  typed: '', // what I have typed for my next guess (canonical letters)
  pendingGuess: false,
  rejection: null, // {reason, word, message, seq}
  myPlacement: null, // the placement message about me, when fixed
  final: null, // the end screen: {tournament, winner, places, party, mine, holdUntil}
  notice: null, // a lasting message on the home screen: [{key, params, fallback}], see noticeText
  offer: null, // {code, text, yes, no}: show the page in the word language just chosen?
  toast: null, // {text, seq}: a short message
  leftReason: null,
  lastTournament: null, // id of the tournament I was last in
  leaderboard: null,
  leaderboardBots: false, // the leaderboard lists the bots too
};

const listeners = new Set();
let scheduled = false;
let seq = 0;

export function subscribe(fn) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

export function emit() {
  if (scheduled) return;
  scheduled = true;
  queueMicrotask(() => {
    scheduled = false;
    for (const fn of listeners) fn(state);
  });
}

export function update(fn) {
  fn(state);
  emit();
}

export function nextSeq() {
  seq += 1;
  return seq;
}

export function toast(text) {
  state.toast = { text, seq: nextSeq() };
  emit();
}

export function player(id) {
  return state.players[id] || { id, nickname: `#${id}`, tag: '', rating: null, bot: false };
}

export function languageOf(code) {
  return state.languages.find((l) => l.code === code) || null;
}

function remember(people) {
  for (const p of people || []) {
    if (!p || p.id === undefined) continue;
    state.players[p.id] = { ...(state.players[p.id] || {}), ...p };
  }
}

function rememberParty(party) {
  if (party) remember(party.members);
}

function viewOf(v) {
  if (!v) return null;
  const rows = [];
  for (const r of v.rows) rows[r.index] = r;
  const turnNo = v.to_move === null ? null : rows.filter((r) => r && r.player === v.to_move).length + 1;
  if (v.turn_ms) state.turnTotal = v.turn_ms;
  return {
    id: v.id,
    round: v.round,
    players: v.players,
    length: v.length,
    starter: v.starter,
    rows,
    to_move: v.to_move,
    deadline: v.remaining_ms === null ? null : now() + v.remaining_ms,
    max_turns: v.max_turns,
    turnNo,
    outcome: v.outcome,
    winner: v.winner,
    loser: v.outcome === 'win' ? v.players.find((p) => p !== v.winner) : null,
    secret: v.secret,
    secret_letters: v.secret_letters,
  };
}

function standingsFrom(list) {
  const out = {};
  for (const s of list) out[s.player] = { ...s, gone_at: null };
  return out;
}

function freshTournament(id, lives) {
  const standings = {};
  for (const [p, n] of Object.entries(lives)) {
    standings[p] = {
      player: Number(p), lives: n, out: false, left: false, place: null,
      rating_change: null, connected: true, gone_at: null,
    };
  }
  return {
    id, round: 0, phase: 'intro', introDeadline: null, pairs: [], bye: null, standings,
    duels: [], recap: [],
  };
}

function views() {
  return [state.duel, state.watching].filter(Boolean);
}

function myId() {
  return state.me ? state.me.id : null;
}

// --- server messages --------------------------------------------------------------------------

const on = {
  welcome(m) {
    state.me = m.you;
    remember([m.you]);
    state.serverOffset = m.server_time - Date.now();
  },

  home(m) {
    const wasIn = state.tournament !== null && state.final === null;
    const tournamentId = state.tournament ? state.tournament.id : null;
    state.lobby = null;
    state.tournament = null;
    state.duel = null;
    state.watching = null;
    state.typed = '';
    state.rejection = null;
    state.party = m.party;
    rememberParty(m.party);
    if (wasIn && state.leftReason === null && hooks.onGone) {
      hooks.onGone(tournamentId); // back home without an end or a `left`: see main.js
    }
    state.leftReason = null;
  },

  error(m) {
    if (m.code === 'unauthorized' && hooks.onUnauthorized) hooks.onUnauthorized();
    if (hooks.onError) hooks.onError(m);
  },

  replaced() {
    state.conn = 'replaced';
  },

  renamed(m) { // a moderator replaced the nickname (protocol/PROTOCOL.md `renamed`)
    if (state.me) state.me = { ...state.me, nickname: m.nickname, tag: m.tag };
    state.notice = [{ key: 'code.renamed', params: { nickname: m.nickname }, fallback: m.message }];
  },

  lobby(m) {
    state.lobby = m.lobby;
    remember(m.lobby.seats);
    state.final = null;
  },

  left(m) {
    state.leftReason = m.reason;
    if (m.reason !== 'left_lobby') state.notice = [{ key: `code.${m.reason}`, fallback: m.message }];
  },

  snapshot(m) {
    state.final = null;
    state.lobby = m.lobby;
    remember(m.lobby.seats);
    const t = m.tournament;
    if (t) {
      state.tournament = {
        id: t.id,
        round: t.round,
        phase: t.phase,
        introDeadline: t.intro_remaining_ms === null ? null : now() + t.intro_remaining_ms,
        pairs: t.pairs,
        bye: t.bye,
        standings: standingsFrom(t.standings),
        duels: t.duels.map((d) => ({ ...d })),
        recap: t.recap,
      };
      state.lastTournament = t.id;
      const mine = t.standings.find((s) => s.player === myId());
      if (mine && mine.place !== null && !(state.myPlacement && state.myPlacement.place)) {
        state.myPlacement = { player: mine.player, place: mine.place, rating_change: mine.rating_change };
      }
    } else {
      state.tournament = null;
    }
    const oldDuel = state.duel ? state.duel.id : null;
    state.duel = viewOf(m.duel);
    state.watching = viewOf(m.watching);
    if (!state.duel || state.duel.id !== oldDuel) state.typed = '';
    state.pendingGuess = false;
  },

  tournament_started(m) {
    state.final = null;
    state.lobby = m.lobby;
    remember(m.lobby.seats);
    state.tournament = freshTournament(m.tournament, m.lives);
    if (m.lobby.party) state.partyPlayed = true;
    state.lastTournament = m.tournament;
    state.myPlacement = null;
    state.duel = null;
    state.watching = null;
    state.notice = null;
  },

  round_intro(m) {
    const t = state.tournament;
    if (!t) return;
    t.round = m.round;
    t.phase = 'intro';
    t.introDeadline = now() + m.remaining_ms;
    t.pairs = m.pairs;
    t.bye = m.bye;
    t.duels = [];
    t.recap = m.recap;
    for (const [p, n] of Object.entries(m.lives)) if (t.standings[p]) t.standings[p].lives = n;
    state.duel = null;
    state.watching = null;
    state.typed = '';
    state.rejection = null;
  },

  duel_started(m) {
    const t = state.tournament;
    if (!t) return;
    t.phase = 'playing';
    t.introDeadline = null;
    t.duels = t.duels.filter((d) => d.id !== m.duel);
    t.duels.push({ id: m.duel, players: m.players, length: m.length, over: false, outcome: null, winner: null });
    state.turnTotal = m.turn_ms;
    if (m.players.includes(myId())) {
      state.duel = viewOf({
        id: m.duel, round: m.round, players: m.players, length: m.length, starter: m.starter,
        rows: [], to_move: m.starter, remaining_ms: m.remaining_ms, max_turns: m.max_turns,
        turn_ms: m.turn_ms,
        outcome: null, winner: null, secret: null, secret_letters: null,
      });
      state.typed = '';
      state.rejection = null;
      state.pendingGuess = false;
    }
  },

  turn(m) {
    state.turnTotal = m.turn_ms;
    for (const v of views()) {
      if (v.id !== m.duel) continue;
      v.to_move = m.player;
      v.deadline = now() + m.remaining_ms;
      v.turnNo = m.turn;
    }
    if (state.duel && state.duel.id === m.duel) {
      state.rejection = null;
      state.pendingGuess = false;
    }
  },

  guess_scored(m) {
    addRow(m);
    if (m.next) on.turn({ duel: m.duel, ...m.next });
  },

  turn_skipped(m) {
    addRow({ ...m, letters: null, marks: null, skipped: true });
    if (m.next) on.turn({ duel: m.duel, ...m.next });
  },

  guess_rejected(m) {
    if (!state.duel || state.duel.id !== m.duel) return;
    state.pendingGuess = false;
    state.rejection = { reason: m.reason, word: m.word, message: m.message, seq: nextSeq() };
  },

  duel_ended(m) {
    const t = state.tournament;
    if (t) {
      const d = t.duels.find((x) => x.id === m.duel);
      if (d) Object.assign(d, { over: true, outcome: m.outcome, winner: m.winner });
    }
    for (const v of views()) {
      if (v.id !== m.duel) continue;
      Object.assign(v, {
        outcome: m.outcome, winner: m.winner, loser: m.loser, secret: m.secret,
        secret_letters: m.secret_letters, to_move: null, deadline: null,
      });
    }
    if (state.duel && state.duel.id === m.duel) {
      state.typed = '';
      state.pendingGuess = false;
    }
  },

  lives(m) {
    const s = state.tournament && state.tournament.standings[m.player];
    if (s) s.lives = m.lives;
  },

  eliminated(m) {
    const s = state.tournament && state.tournament.standings[m.player];
    if (s) Object.assign(s, { out: true, left: m.left, place: null });
  },

  round_ended() {
    if (state.tournament) state.tournament.phase = 'between';
  },

  placement(m) {
    const s = state.tournament && state.tournament.standings[m.player];
    if (s) Object.assign(s, { out: true, place: m.place, rating_change: m.rating_change });
    if (m.player === myId()) {
      state.myPlacement = m;
      state.me = { ...state.me, rating: m.rating_after };
    }
    if (state.players[m.player]) state.players[m.player].rating = m.rating_after;
  },

  tournament_ended(m) {
    if (state.tournament) state.tournament.phase = 'finished';
    // The last duel's end (its result and word) stays on screen a while before the table.
    const shown = state.watching || state.duel;
    const hold = shown && shown.outcome ? now() + FINAL_HOLD_MS : null;
    state.final = {
      tournament: m.tournament,
      winner: m.winner,
      places: m.places,
      party: state.lobby ? state.lobby.party : null,
      mine: state.myPlacement,
      holdUntil: hold,
    };
    if (hold === null) showFinal();
    else if (hooks.onHold) hooks.onHold(hold);
  },

  tournament_aborted(m) {
    state.leftReason = 'aborted';
    state.notice = [{ key: `code.${m.code}`, fallback: m.message }];
  },

  player_status(m) {
    const s = state.tournament && state.tournament.standings[m.player];
    if (s) Object.assign(s, { connected: m.connected, gone_at: m.gone_at });
    const seat = state.lobby && state.lobby.seats.find((x) => x.id === m.player);
    if (seat) seat.connected = m.connected;
  },

  duel_view(m) {
    state.watching = viewOf(m.duel);
  },

  party(m) {
    const had = state.party;
    state.party = m.party;
    rememberParty(m.party);
    if (had && !m.party && hooks.onPartyGone) hooks.onPartyGone();
  },
};

/** The final table takes over the screen (at once, or when the last duel's end was seen). */
export function showFinal() {
  if (!state.final || (state.final.holdUntil === null && !state.tournament)) return;
  state.final.holdUntil = null;
  // The lobby is closed now: ask for `home` (it carries the party).
  state.lobby = null;
  state.tournament = null;
  state.duel = null;
  state.watching = null;
  state.typed = '';
  if (hooks.onEnded) hooks.onEnded();
  emit();
}

function addRow(m) {
  const row = { index: m.index, player: m.player, letters: m.letters, marks: m.marks, skipped: m.skipped };
  for (const v of views()) {
    if (v.id !== m.duel) continue;
    v.rows[m.index] = row;
  }
  if (state.duel && state.duel.id === m.duel && m.player === myId()) {
    state.typed = '';
    state.pendingGuess = false;
    state.rejection = null;
  }
}

/** Side effects main.js plugs in (REST look-ups, messages) so this module stays pure. */
export const hooks = {
  onGone: null,
  onEnded: null,
  onHold: null,
  onUnauthorized: null,
  onError: null,
  onPartyGone: null,
};

export function handle(message) {
  const fn = on[message.type];
  if (fn) fn(message);
  emit();
}
