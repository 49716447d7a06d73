// The shared result: my rows' colours as squares, never a letter; node --test.
import assert from 'node:assert/strict';
import test from 'node:test';

import { roundsPlayed, shareGrid } from '../../../web/static/js/share.js';

const row = (player, word, marks) => ({ player, word, letters: [...word], marks, skipped: false });
const skipped = (player) => ({ player, word: null, letters: null, marks: null, skipped: true });

const DUELS = [
  {
    round: 2, players: [7, 9], result: 'win', winner: 9,
    rows: [row(9, 'crane', 'xgyxx'), skipped(7), row(9, 'grape', 'ggggg')],
  },
  {
    round: 1, players: [3, 7], result: 'win', winner: 7,
    rows: [row(3, 'stare', 'xxyxg'), row(7, 'plane', 'xgxyg'), row(3, 'slate', 'xgxxg'),
      row(7, 'glade', 'ggggg')],
  },
  { round: 1, players: [4, 5], result: 'draw', winner: null, rows: [row(4, 'crane', 'xxxxx')] },
];

test('a line per duel of mine, in round order, with my rows only and the outcome', () => {
  assert.equal(shareGrid(DUELS, 7), '1. ⬛🟩⬛🟨🟩 🟩🟩🟩🟩🟩 ✅\n2. ⌛ ❌');
});

test('no letter of any word is in it', () => {
  const text = shareGrid(DUELS, 7);
  for (const d of DUELS) for (const r of d.rows) for (const l of r.letters || []) {
    assert.ok(!text.toLowerCase().includes(l), `${l} leaked`);
  }
});

test('the high-contrast palette shares its own colours; numbers the locale way', () => {
  const persian = (n) => n.toLocaleString('fa');
  assert.equal(shareGrid(DUELS, 9, { contrast: true, num: persian }), '۲. ⬛🟧🟦⬛⬛ 🟧🟧🟧🟧🟧 ✅');
});

test('a draw and the rounds a player played', () => {
  assert.equal(shareGrid(DUELS, 4), '1. ⬛⬛⬛⬛⬛ 🤝');
  const summary = {
    duels: DUELS,
    entries: [{ player: { id: 7 }, elimination_round: 2 }, { player: { id: 9 }, elimination_round: null }],
  };
  assert.equal(roundsPlayed(summary, 7), 2);
  assert.equal(roundsPlayed(summary, 9), 2);
});
