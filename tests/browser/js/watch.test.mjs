// node --test tests/browser/js/ : while I wait, something to watch (reduce/watch.js): each
// running duel's progress, the closest one, and the remembered automatic watch.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { AUTO_WATCH_HOLD_MS, byCloseness, closestDuel, rowInPlay } from '../../../web/static/js/reduce/watch.js';
import { ME, inDuel, inTournament } from './game.mjs';

const started = (duel, players, starter, length = 5) => ({
  type: 'duel_started', duel, round: 1, players, length, starter, max_turns: 6, turn_ms: 30000,
  deadline: 0, remaining_ms: 30000,
});
const progress = (duel, rows, greens, to_move) => ({ type: 'duel_progress', duel, rows, greens, to_move });
const ended = (duel, winner, loser, secret) => ({
  type: 'duel_ended', duel, outcome: 'win', winner, loser, secret, secret_letters: [...secret],
});
const view = (id, players) => ({
  id, round: 1, players, length: 5, starter: players[0], rows: [], to_move: players[0], deadline: 0,
  remaining_ms: 20000, max_turns: 6, turn_ms: 30000, outcome: null, winner: null, secret: null,
  secret_letters: null,
});
const summary = (g, id) => g.state.tournament.duels.find((d) => d.id === id);

/** My duel 17 and three others (18, 19, 20) running; `auto`: watch automatically. */
function fourDuels(auto = false) {
  const g = inDuel(44);
  if (auto) g.send({ type: 'auto_watch', on: true });
  g.frame(started(18, [40, 46], 40));
  g.frame(started(19, [41, 45], 41));
  g.frame(started(20, [42, 43], 42));
  return g;
}

test('progress: from duel_progress, from the rows of a duel I see, and in the snapshot', () => {
  const g = fourDuels();
  assert.deepEqual(
    [summary(g, 18).rows, summary(g, 18).greens, summary(g, 18).to_move, summary(g, 18).max_turns],
    [0, 0, 40, 6],
  );
  g.frame(progress(18, 4, 2, 40));
  assert.deepEqual([summary(g, 18).rows, summary(g, 18).greens, summary(g, 18).to_move], [4, 2, 40]);
  assert.equal(rowInPlay(summary(g, 18)), 5);
  // my own duel's rows count as its progress (its players get no duel_progress)
  g.frame({
    type: 'guess_scored', duel: 17, index: 0, player: 44, letters: [...'crane'], marks: 'gxgyx', skipped: false,
    next: { player: ME, turn: 1, turn_ms: 30000, deadline: 0, remaining_ms: 30000 },
  });
  assert.deepEqual([summary(g, 17).rows, summary(g, 17).greens, summary(g, 17).to_move], [1, 2, ME]);
  g.frame({ type: 'turn_skipped', duel: 17, index: 1, player: ME, next: { player: 44, turn: 2, turn_ms: 30000, deadline: 0, remaining_ms: 30000 } });
  assert.deepEqual([summary(g, 17).rows, summary(g, 17).greens, summary(g, 17).to_move], [2, 2, 44]);
  // a reconnect: the snapshot's duels carry it
  const t = g.state.tournament;
  g.frame({
    type: 'snapshot', you: ME, lobby: g.state.lobby,
    tournament: {
      id: 7, round: 1, phase: 'playing', intro_ends_at: null, intro_remaining_ms: null,
      pairs: t.pairs, bye: null, standings: Object.values(t.standings), recap: [],
      duels: [{ id: 19, players: [41, 45], length: 5, over: false, outcome: null, winner: null, rows: 7, greens: 3, to_move: 45, max_turns: 6 }],
    },
    duel: null, watching: null,
  });
  assert.deepEqual([summary(g, 19).rows, summary(g, 19).greens, summary(g, 19).to_move], [7, 3, 45]);
});

test('the closest duel: fewest letters left in its best row, then most rows, then the lower id', () => {
  const g = fourDuels();
  assert.deepEqual(byCloseness(g.state).map((d) => d.id), [18, 19, 20]); // my own is not offered
  g.frame(progress(20, 2, 1, 42));
  assert.equal(closestDuel(g.state).id, 20);
  g.frame(progress(19, 6, 1, 41)); // as many greens, more rows
  assert.equal(closestDuel(g.state).id, 19);
  g.frame(progress(18, 3, 3, 46)); // more greens beats more rows
  assert.deepEqual(byCloseness(g.state).map((d) => d.id), [18, 19, 20]);
  g.frame(ended(18, 40, 46, 'lamps'));
  assert.equal(closestDuel(g.state).id, 19); // an ended duel is not offered
});

test('watch automatically: my result is read first, then the closest; the next when it ends', () => {
  const g = fourDuels(true);
  assert.deepEqual(g.all.filter((e) => e.type === 'remember'), [{ type: 'remember', key: 'wt.watch', value: 'on' }]);
  g.frame(progress(19, 5, 3, 45));
  assert.deepEqual(g.sent(), []); // my duel runs: nothing to watch yet
  g.frame(ended(17, ME, 44, 'grape'));
  assert.deepEqual(g.sent(), []); // my result stays on screen a while
  g.wait(AUTO_WATCH_HOLD_MS - 100).send({ type: 'tick' });
  assert.deepEqual(g.sent(), []);
  g.wait(100).send({ type: 'tick' });
  assert.deepEqual(g.sent(), [{ type: 'spectate', duel: 19 }]);
  g.wait(100).send({ type: 'tick' });
  g.frame(progress(20, 1, 0, 43));
  assert.deepEqual(g.sent(), []); // asked once: its answer is on its way
  g.frame({ type: 'duel_view', duel: view(19, [41, 45]) });
  assert.equal(g.state.watching.id, 19);
  g.frame(progress(20, 2, 4, 42)); // the others go on; I watch: no move
  assert.deepEqual(g.sent(), []);
  g.frame(ended(19, 41, 45, 'pearl'));
  g.wait(AUTO_WATCH_HOLD_MS).send({ type: 'tick' });
  assert.deepEqual(g.sent(), [{ type: 'spectate', duel: 20 }]); // now the closest of those left
});

test('a bye with watch automatically on: the first duel at once, no result to read', () => {
  const g = inTournament();
  g.send({ type: 'auto_watch', on: true });
  g.frame({
    type: 'round_intro', round: 2, pairs: [[40, 46], [41, 45], [42, 43]], bye: ME,
    lives: { 12: 3 }, ends_at: 0, remaining_ms: 6000, recap: [],
  });
  assert.deepEqual(g.sent(), []); // the intro: nothing runs
  g.frame(started(21, [40, 46], 40));
  assert.deepEqual(g.sent(), [{ type: 'spectate', duel: 21 }]);
});

test('off, nothing is watched; turned on while I wait, at once; stopped by hand, not again this round', () => {
  const g = fourDuels();
  g.frame(ended(17, ME, 44, 'grape'));
  g.wait(AUTO_WATCH_HOLD_MS * 2).send({ type: 'tick' });
  assert.deepEqual(g.all.filter((e) => e.type === 'send' && e.message.type === 'spectate'), []);
  g.frame(progress(20, 2, 2, 42));
  g.send({ type: 'auto_watch', on: true });
  assert.deepEqual(g.sent(), [{ type: 'spectate', duel: 20 }]);
  g.frame({ type: 'duel_view', duel: view(20, [42, 43]) });
  g.send({ type: 'stop_spectating' });
  assert.deepEqual(g.sent(), [{ type: 'stop_spectating' }]);
  g.wait(AUTO_WATCH_HOLD_MS * 2).send({ type: 'tick' });
  g.frame(progress(18, 2, 1, 40));
  assert.deepEqual(g.sent(), []);
  g.send({ type: 'spectate', duel: 18 }); // a tap still watches
  assert.deepEqual(g.sent(), [{ type: 'spectate', duel: 18 }]);
});

test('a refused spectate is tried again after a pause, not at once', () => {
  const g = fourDuels(true);
  g.frame(ended(17, ME, 44, 'grape'));
  g.wait(AUTO_WATCH_HOLD_MS).send({ type: 'tick' });
  assert.deepEqual(g.sent(), [{ type: 'spectate', duel: 18 }]);
  g.frame({ type: 'error', code: 'no_such_duel', message: 'No such duel.' });
  assert.deepEqual(g.sent(), []);
  g.wait(AUTO_WATCH_HOLD_MS).send({ type: 'tick' });
  assert.deepEqual(g.sent(), [{ type: 'spectate', duel: 18 }]);
});

test('the remembered choice comes with boot', () => {
  const g = inDuel(44);
  assert.equal(g.state.autoWatch, false);
  g.send({ type: 'booted', languages: g.state.languages, language: 'en', autoWatch: true });
  assert.equal(g.state.autoWatch, true);
});

test('a wait that begins with duels to watch brings the offer into view, once', () => {
  const g = fourDuels();
  g.frame(ended(17, ME, 44, 'grape'));
  assert.deepEqual(g.of('reveal'), [{ type: 'reveal', id: 'duel-result' }, { type: 'reveal', id: 'watch-offer' }]);
  g.frame(progress(18, 2, 1, 40));
  assert.deepEqual(g.of('reveal'), []);
});

test('the duels of a round start one by one: before mine starts I do not wait', () => {
  const g = inTournament();
  g.send({ type: 'auto_watch', on: true });
  g.frame(started(18, [40, 46], 40)); // round 1: 12 meets 44, whose duel starts after this one
  assert.deepEqual(g.sent(), []);
  assert.equal(g.state.autoWatchAt, null);
  g.frame(started(17, [12, 44], 44));
  g.frame(ended(17, ME, 44, 'grape'));
  g.wait(AUTO_WATCH_HOLD_MS).send({ type: 'tick' });
  assert.deepEqual(g.sent(), [{ type: 'spectate', duel: 18 }]);
});
