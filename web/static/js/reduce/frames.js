// How each server frame (protocol/PROTOCOL.md) changes the state. Each handler changes `s`, a copy
// the reducer made, and may ask for effects with c.fx(effect); c.at is the local clock
// (performance.now()) and c.wall the device's (Date.now()) when the frame arrived. Times are
// kept as local deadlines computed from each frame's remaining_ms, so a wrong device clock
// does not matter.

import { myId } from './select.js';
import { noteRow, onWatchFrame, watchRefused } from './watch.js';

// How long the end of a tournament's last duel stays on screen before the final table.
export const FINAL_HOLD_MS = 5000;

function remember(s, people) {
  for (const p of people || []) {
    if (!p || p.id === undefined) continue;
    s.players[p.id] = { ...(s.players[p.id] || {}), ...p };
  }
}

/** A server time (ms since the epoch) as a local deadline. */
function localTime(s, c, serverTime) {
  return c.at + (serverTime - (c.wall + s.serverOffset));
}

function setLobby(s, c, lobby) {
  s.lobby = {
    ...lobby,
    botFillDeadline: lobby.bot_fill_at === null || lobby.bot_fill_at === undefined
      ? null : localTime(s, c, lobby.bot_fill_at),
  };
  remember(s, lobby.seats);
}

function viewOf(s, c, v) {
  if (!v) return null;
  const rows = [];
  for (const r of v.rows) rows[r.index] = r;
  const turnNo = v.to_move === null ? null : rows.filter((r) => r && r.player === v.to_move).length + 1;
  if (v.turn_ms) s.turnTotal = v.turn_ms;
  return {
    id: v.id,
    round: v.round,
    players: v.players,
    length: v.length,
    starter: v.starter,
    rows,
    to_move: v.to_move,
    deadline: v.remaining_ms === null ? null : c.at + v.remaining_ms,
    max_turns: v.max_turns,
    turnNo,
    outcome: v.outcome,
    winner: v.winner,
    loser: v.outcome === 'win' ? v.players.find((p) => p !== v.winner) : null,
    secret: v.secret,
    secret_letters: v.secret_letters,
    announced: null, // the last "n seconds left" said on my turn
  };
}

function standing(s, c, st) {
  return { ...st, awayUntil: st.gone_at ? localTime(s, c, st.gone_at) : null };
}

function freshTournament(id, lives) {
  const standings = {};
  for (const [p, n] of Object.entries(lives)) {
    standings[p] = {
      player: Number(p), lives: n, out: false, left: false, place: null,
      rating_change: null, connected: true, gone_at: null, awayUntil: null,
    };
  }
  return {
    id, round: 0, phase: 'intro', introDeadline: null, pairs: [], bye: null, standings,
    duels: [], recap: [],
  };
}

function clearTyping(s) {
  s.typed = '';
  s.pendingGuess = false;
  s.rejection = null;
}

/** The final table takes over the screen (at once, or when the last duel's end was seen);
 * the lobby is closed now: `resync` asks for `home` (it carries the party). */
export function showFinal(s, c) {
  if (!s.final || (s.final.holdUntil === null && !s.tournament)) return;
  s.final.holdUntil = null;
  s.lobby = null;
  s.tournament = null;
  s.duel = null;
  s.watching = null;
  s.typed = '';
  c.fx({ type: 'send', message: { type: 'resync' } });
}

function addRow(s, m) {
  const row = { index: m.index, player: m.player, letters: m.letters, marks: m.marks, skipped: m.skipped };
  for (const v of [s.duel, s.watching]) if (v && v.id === m.duel) v.rows[m.index] = row;
  noteRow(s, m);
  if (s.duel && s.duel.id === m.duel && m.player === myId(s)) clearTyping(s);
}

export const onFrame = {
  ...onWatchFrame, // duel_progress
  welcome(s, m, c) {
    s.me = m.you;
    remember(s, [m.you]);
    s.serverOffset = m.server_time - c.wall;
  },

  home(s, m, c) {
    const wasIn = s.tournament !== null && s.final === null;
    const tournamentId = s.tournament ? s.tournament.id : null;
    s.lobby = null;
    s.tournament = null;
    s.duel = null;
    s.watching = null;
    s.typed = '';
    s.rejection = null;
    s.party = m.party;
    if (m.party) remember(s, m.party.members);
    // Back home without an end or a `left`: we were away past the grace (the server cannot
    // tell a socket that is gone), or it ended while we were away. Its record says which.
    if (wasIn && s.leftReason === null) c.fx({ type: 'look_up_tournament', id: tournamentId });
    s.leftReason = null;
  },

  error(s, m, c) {
    if (m.code === 'unauthorized') {
      c.fx({ type: 'signed_out' });
      return;
    }
    if (m.code === 'unsupported_version') {
      c.fx({ type: 'stop_socket' }); // the server was updated: only a reload helps
      s.conn = 'outdated';
    }
    if (m.code === 'no_such_duel' || m.code === 'cannot_spectate') watchRefused(s, c);
    s.seq += 1;
    s.toast = { code: m.code, message: m.message, seq: s.seq };
  },

  renamed(s, m) { // an admin replaced the nickname (protocol/PROTOCOL.md `renamed`)
    if (s.me) s.me = { ...s.me, nickname: m.nickname, tag: m.tag };
    remember(s, [{ ...s.me, nickname: m.nickname }]);
    s.notice = [{ key: 'code.renamed', params: { nickname: m.nickname }, fallback: m.message }];
  },

  replaced(s) {
    s.conn = 'replaced';
  },

  lobby(s, m, c) {
    setLobby(s, c, m.lobby);
    s.final = null;
  },

  left(s, m) {
    s.leftReason = m.reason;
    if (m.reason !== 'left_lobby') s.notice = [{ key: `code.${m.reason}`, fallback: m.message }];
  },

  snapshot(s, m, c) {
    s.final = null;
    setLobby(s, c, m.lobby);
    const t = m.tournament;
    if (t) {
      const standings = {};
      for (const st of t.standings) standings[st.player] = standing(s, c, st);
      s.tournament = {
        id: t.id,
        round: t.round,
        phase: t.phase,
        introDeadline: t.intro_remaining_ms === null ? null : c.at + t.intro_remaining_ms,
        pairs: t.pairs,
        bye: t.bye,
        standings,
        duels: t.duels.map((d) => ({ ...d })),
        recap: t.recap,
      };
      s.lastTournament = t.id;
      const mine = t.standings.find((st) => st.player === myId(s));
      if (mine && mine.place !== null && !(s.myPlacement && s.myPlacement.place)) {
        s.myPlacement = { player: mine.player, place: mine.place, rating_change: mine.rating_change };
      }
    } else {
      s.tournament = null;
    }
    const oldDuel = s.duel ? s.duel.id : null;
    s.duel = viewOf(s, c, m.duel);
    s.watching = viewOf(s, c, m.watching);
    s.watchAsked = null; // a spectate lost with the old connection is not awaited
    if (!s.duel || s.duel.id !== oldDuel) s.typed = '';
    s.pendingGuess = false;
  },

  tournament_started(s, m, c) {
    s.final = null;
    setLobby(s, c, m.lobby);
    s.tournament = freshTournament(m.tournament, m.lives);
    if (m.lobby.party) s.partyPlayed = true;
    s.lastTournament = m.tournament;
    s.myPlacement = null;
    s.duel = null;
    s.watching = null;
    s.notice = null;
  },

  round_intro(s, m, c) {
    const t = s.tournament;
    if (!t) return;
    Object.assign(t, {
      round: m.round, phase: 'intro', introDeadline: c.at + m.remaining_ms, pairs: m.pairs,
      bye: m.bye, duels: [], recap: m.recap,
    });
    for (const [p, n] of Object.entries(m.lives)) if (t.standings[p]) t.standings[p].lives = n;
    s.duel = null;
    s.watching = null;
    s.watchAsked = null;
    s.typed = '';
    s.rejection = null;
  },

  duel_started(s, m, c) {
    const t = s.tournament;
    if (!t) return;
    t.phase = 'playing';
    t.introDeadline = null;
    t.duels = t.duels.filter((d) => d.id !== m.duel);
    t.duels.push({
      id: m.duel, players: m.players, length: m.length, over: false, outcome: null, winner: null,
      rows: 0, greens: 0, to_move: m.starter, max_turns: m.max_turns,
    });
    s.turnTotal = m.turn_ms;
    if (m.players.includes(myId(s))) {
      s.duel = viewOf(s, c, {
        id: m.duel, round: m.round, players: m.players, length: m.length, starter: m.starter,
        rows: [], to_move: m.starter, remaining_ms: m.remaining_ms, max_turns: m.max_turns,
        turn_ms: m.turn_ms, outcome: null, winner: null, secret: null, secret_letters: null,
      });
      clearTyping(s);
    }
  },

  turn(s, m, c) {
    s.turnTotal = m.turn_ms;
    for (const v of [s.duel, s.watching]) {
      if (!v || v.id !== m.duel) continue;
      v.to_move = m.player;
      v.deadline = c.at + m.remaining_ms;
      v.turnNo = m.turn;
      v.announced = null;
    }
    if (s.duel && s.duel.id === m.duel) {
      s.rejection = null;
      s.pendingGuess = false;
    }
  },

  guess_scored(s, m, c) {
    addRow(s, m);
    if (m.next) onFrame.turn(s, { duel: m.duel, ...m.next }, c);
  },

  turn_skipped(s, m, c) {
    addRow(s, { ...m, letters: null, marks: null, skipped: true });
    if (m.next) onFrame.turn(s, { duel: m.duel, ...m.next }, c);
  },

  guess_rejected(s, m) {
    if (!s.duel || s.duel.id !== m.duel) return;
    s.pendingGuess = false;
    s.seq += 1;
    s.rejection = { reason: m.reason, word: m.word, message: m.message, seq: s.seq };
  },

  duel_ended(s, m) {
    const t = s.tournament;
    const d = t && t.duels.find((x) => x.id === m.duel);
    if (d) Object.assign(d, { over: true, outcome: m.outcome, winner: m.winner });
    for (const v of [s.duel, s.watching]) {
      if (!v || v.id !== m.duel) continue;
      Object.assign(v, {
        outcome: m.outcome, winner: m.winner, loser: m.loser, secret: m.secret,
        secret_letters: m.secret_letters, to_move: null, deadline: null,
      });
    }
    if (s.duel && s.duel.id === m.duel) {
      s.typed = '';
      s.pendingGuess = false;
    }
  },

  lives(s, m) {
    const st = s.tournament && s.tournament.standings[m.player];
    if (st) st.lives = m.lives;
  },

  eliminated(s, m) {
    const st = s.tournament && s.tournament.standings[m.player];
    if (st) Object.assign(st, { out: true, left: m.left, place: null });
  },

  round_ended(s) {
    if (s.tournament) s.tournament.phase = 'between';
  },

  placement(s, m) {
    const st = s.tournament && s.tournament.standings[m.player];
    if (st) Object.assign(st, { out: true, place: m.place, rating_change: m.rating_change });
    if (m.player === myId(s)) {
      s.myPlacement = m;
      s.me = { ...s.me, rating: m.rating_after };
    }
    if (s.players[m.player]) s.players[m.player] = { ...s.players[m.player], rating: m.rating_after };
  },

  tournament_ended(s, m, c) {
    if (s.tournament) s.tournament.phase = 'finished';
    // The last duel's end (its result and word) stays on screen a while before the table.
    const shown = s.watching || s.duel;
    const hold = shown && shown.outcome ? c.at + FINAL_HOLD_MS : null;
    s.final = {
      tournament: m.tournament,
      winner: m.winner,
      places: m.places,
      party: s.lobby ? s.lobby.party : null,
      mine: s.myPlacement,
      holdUntil: hold,
    };
    if (hold === null) showFinal(s, c);
  },

  tournament_aborted(s, m) {
    s.leftReason = 'aborted';
    s.notice = [{ key: `code.${m.code}`, fallback: m.message }];
  },

  player_status(s, m, c) {
    const st = s.tournament && s.tournament.standings[m.player];
    if (st) {
      Object.assign(st, {
        connected: m.connected, gone_at: m.gone_at,
        awayUntil: m.gone_at ? localTime(s, c, m.gone_at) : null,
      });
    }
    const seat = s.lobby && s.lobby.seats.find((x) => x.id === m.player);
    if (seat) seat.connected = m.connected;
  },

  duel_view(s, m, c) {
    s.watching = viewOf(s, c, m.duel);
    s.watchAsked = null;
  },

  party(s, m) {
    const had = s.party;
    s.party = m.party;
    if (m.party) remember(s, m.party.members);
    if (had && !m.party) {
      if (!s.leavingParty) s.notice = [{ key: 'party.removed' }];
      s.leavingParty = false;
    }
  },
};
