// Helpers of the reducer's tests: a state fed message after message through reduce(), each
// state before deep-frozen so that a reducer writing to it fails the test; the frames are the
// shapes protocol/PROTOCOL.md gives.
import { initialState, reduce } from '../../../web/static/js/reducer.js';

export const ME = 12;
export const EN = {
  code: 'en', name: 'English', alphabet: [...'abcdefghijklmnopqrstuvwxyz'], fold: {},
  keyboard: [[...'qwertyuiop'], [...'asdfghjkl'], [...'zxcvbnm']],
};

export function deepFreeze(value) {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

/** A game to feed: `send(message)` reduces one message at local time `clock.at` and keeps its
 * effects in `effects` (those of the last message) and `all` (every one so far). */
export function game(state = initialState()) {
  const g = {
    state: deepFreeze(state),
    at: 1000,
    wall: 1764480000000,
    effects: [],
    all: [],
    send(message) {
      const out = reduce(g.state, { at: g.at, wall: g.wall, ...message });
      g.state = deepFreeze(out.state);
      g.effects = out.effects;
      g.all.push(...out.effects);
      return g;
    },
    frame(frame) {
      return g.send({ type: 'frame', frame });
    },
    /** The clock moves on by `ms` (device and local clocks alike). */
    wait(ms) {
      g.at += ms;
      g.wall += ms;
      return g;
    },
    sent() {
      return g.effects.filter((e) => e.type === 'send').map((e) => e.message);
    },
    of(type) {
      return g.effects.filter((e) => e.type === type);
    },
  };
  return g;
}

export const seat = (id, extra = {}) => ({
  id, nickname: `P${id}`, tag: 'k3f9', rating: 1000, bot: id !== ME, connected: true, ...extra,
});

export function lobby(ids, extra = {}) {
  return {
    id: 3, language: 'en', status: 'waiting', capacity: 8, average: 1000,
    bot_fill_at: null, party: null, seats: ids.map((id) => seat(id)), ...extra,
  };
}

export const EIGHT = [12, 40, 41, 42, 43, 44, 45, 46];

/** Signed in, online, the word languages loaded. */
export function online() {
  const g = game();
  g.send({ type: 'booted', languages: [EN], language: 'en' });
  g.send({ type: 'conn', status: 'online' });
  g.frame({ type: 'welcome', v: 1, server_time: g.wall + 2000, you: seat(ME, { bot: false }) });
  g.frame({ type: 'home', party: null });
  return g;
}

/** Online in a started tournament of eight, at round 1's intro (12 meets 44). */
export function inTournament() {
  const g = online();
  g.send({ type: 'queue', language: 'en' });
  g.frame({ type: 'lobby', lobby: lobby(EIGHT) });
  const lives = Object.fromEntries(EIGHT.map((id) => [id, 3]));
  g.frame({ type: 'tournament_started', tournament: 7, lobby: lobby(EIGHT, { status: 'playing' }), lives });
  g.frame({
    type: 'round_intro', round: 1, pairs: [[12, 44], [40, 46], [41, 45], [42, 43]], bye: null,
    lives, ends_at: 0, remaining_ms: 6000, recap: [],
  });
  return g;
}

/** In my duel 17 against 44, 5 letters, `starter` to move first. */
export function inDuel(starter = ME) {
  const g = inTournament();
  g.frame({
    type: 'duel_started', duel: 17, round: 1, players: [12, 44], length: 5, starter,
    max_turns: 6, turn_ms: 30000, deadline: 0, remaining_ms: 30000,
  });
  g.frame({ type: 'turn', duel: 17, player: starter, turn: 1, turn_ms: 30000, deadline: 0, remaining_ms: 30000 });
  return g;
}

export function typeWord(g, word) {
  for (const key of word) g.send({ type: 'type', key });
  return g;
}
