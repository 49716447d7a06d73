// node --test tests/browser/js/ : typing ahead. On the opponent's turn I can type and correct my
// next word; nothing of it is ever sent before my turn starts, whatever keys come in whatever
// order, and Enter early arms nothing: the word goes out on an Enter pressed in my turn.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { canType, myTurn } from '../../../web/static/js/reduce/select.js';
import { ME, inDuel, typeWord } from './game.mjs';

const THEM = 44;
/** Every guess the page ever sent in this game (all messages, not just the last). */
const guesses = (g) => g.all.filter((e) => e.type === 'send' && e.message.type === 'guess').map((e) => e.message);
const next = (player, turn) => ({ player, turn, turn_ms: 30000, deadline: 0, remaining_ms: 30000 });

/** A duel where the opponent moves first. */
function theirTurn() {
  const g = inDuel(THEM);
  assert.equal(g.state.duel.to_move, THEM);
  assert.equal(myTurn(g.state), false);
  return g;
}

function theirGuessScored(g, turn = 2) {
  return g.frame({
    type: 'guess_scored', duel: 17, index: g.state.duel.rows.length, player: THEM,
    letters: [...'grape'], marks: 'xxxxg', skipped: false, next: next(ME, turn),
  });
}

test('on their turn I type ahead and correct it; Enter sends nothing and arms nothing', () => {
  const g = theirTurn();
  assert.ok(canType(g.state));
  typeWord(g, 'crx');
  g.send({ type: 'backspace' });
  typeWord(g, 'ne');
  assert.equal(g.state.typed, 'crne');
  g.send({ type: 'backspace' }).send({ type: 'backspace' });
  typeWord(g, 'ane');
  assert.equal(g.state.typed, 'crane');
  g.send({ type: 'submit' });
  assert.equal(g.state.rejection.key, 'duel.wait_turn');
  assert.equal(g.state.pendingGuess, false);
  assert.deepEqual(guesses(g), []);
  // my turn starts: the word is still there, and nothing went out by itself
  theirGuessScored(g, 1);
  assert.equal(myTurn(g.state), true);
  assert.equal(g.state.typed, 'crane');
  assert.equal(g.state.rejection, null);
  assert.deepEqual(guesses(g), []);
  // an Enter in my turn sends it
  g.send({ type: 'submit' });
  assert.deepEqual(guesses(g), [{ type: 'guess', word: 'crane' }]);
});

test('their turn skipped: my turn starts with what I typed ahead, sent on Enter', () => {
  const g = theirTurn();
  typeWord(g, 'slate').send({ type: 'submit' });
  g.frame({ type: 'turn_skipped', duel: 17, index: 0, player: THEM, next: next(ME, 1) });
  assert.equal(g.state.typed, 'slate');
  assert.deepEqual(guesses(g), []);
  g.send({ type: 'submit' });
  assert.deepEqual(guesses(g), [{ type: 'guess', word: 'slate' }]);
});

test('no sequence of keys sends a guess before my turn (random sequences, seeded)', () => {
  let seed = 7;
  const rand = (n) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % n;
  };
  const events = [
    { type: 'type', key: 'c' }, { type: 'type', key: 'r' }, { type: 'type', key: 'a' },
    { type: 'type', key: 'n' }, { type: 'type', key: 'e' }, { type: 'backspace' },
    { type: 'submit' }, { type: 'submit' },
  ];
  for (let run = 0; run < 200; run += 1) {
    const g = theirTurn();
    for (let i = 0, n = 1 + rand(20); i < n; i += 1) {
      g.send(events[rand(events.length)]);
      assert.deepEqual(guesses(g), [], `run ${run}: sent on their turn`);
      if (rand(4) === 0) g.wait(500).send({ type: 'tick' });
    }
    const typed = g.state.typed;
    theirGuessScored(g, 1);
    assert.deepEqual(guesses(g), [], `run ${run}: sent when my turn began`);
    assert.equal(g.state.typed, typed, 'what I typed ahead stays');
  }
});

test('my guess on its way: nothing types ahead until it is scored; then I type for the next', () => {
  const g = inDuel(ME);
  typeWord(g, 'crane').send({ type: 'submit' });
  assert.deepEqual(guesses(g), [{ type: 'guess', word: 'crane' }]);
  g.send({ type: 'type', key: 's' });
  assert.equal(g.state.typed, 'crane');
  g.frame({
    type: 'guess_scored', duel: 17, index: 0, player: ME, letters: [...'crane'], marks: 'xxxxx',
    skipped: false, next: next(THEM, 1),
  });
  assert.equal(g.state.typed, '');
  typeWord(g, 'sloth');
  assert.equal(g.state.typed, 'sloth');
  g.send({ type: 'submit' });
  assert.equal(guesses(g).length, 1); // only the first
});

test('no row left for me after their last one: nothing types ahead', () => {
  const g = inDuel(ME);
  for (let i = 0; i < 11; i += 1) {
    const player = i % 2 === 0 ? ME : THEM;
    g.frame({
      type: 'turn_skipped', duel: 17, index: i, player,
      next: next(player === THEM ? ME : THEM, Math.floor((i + 1) / 2) + 1),
    });
  }
  assert.equal(g.state.duel.rows.length, 11);
  assert.equal(g.state.duel.to_move, THEM);
  assert.equal(canType(g.state), false);
  g.send({ type: 'type', key: 'c' });
  assert.equal(g.state.typed, '');
});
