// node --test tests/browser/js/ : the pure letter helpers of the web client.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  deleteLetter, letterMarks, normalizeKey, splitLetters, typeKey, typingRules,
} from '../../../web/static/js/letters.js';

const en = typingRules({ alphabet: [...'abcdefghijklmnopqrstuvwxyz'], fold: { ß: 'ss', œ: 'oe' } });
const uz = typingRules({
  alphabet: [...'abdefghijklmnopqrstuvxyz', 'oʻ', 'gʻ', 'sh', 'ch'],
});
const uk = typingRules({
  alphabet: [...'абвгґдеєжзиіїйклмнопрстуфхцчшщьюя', 'ʼ'],
  fold: { i: 'і', ï: 'ї' },
  apostrophes: ["'", '`', 'ʼ', '’'],
  apostrophe: 'ʼ',
});
const ru = typingRules({ alphabet: [...'абвгдежзийклмнопрстуфхцчшщъыьэюя'], fold: { ё: 'е' } });

test('keys are lower-cased and accents folded into the alphabet', () => {
  assert.equal(normalizeKey('A', en), 'a');
  assert.equal(normalizeKey('é', en), 'e');
  assert.equal(normalizeKey('ß', en), 'ss');
  assert.equal(normalizeKey('œ', en), 'oe');
  assert.equal(normalizeKey('1', en), '');
  assert.equal(normalizeKey('Enter', en), '');
  assert.equal(normalizeKey('ё', ru), 'е');
  assert.equal(normalizeKey('i', uk), 'і');
  assert.equal(normalizeKey("'", uk), 'ʼ');
});

test('multi-character letters are one letter, split like the server', () => {
  let text = '';
  for (const key of ['s', 'h', 'o', "'", 'r']) text = typeKey(text, key, uz, 5);
  assert.equal(text, 'shoʻr');
  assert.deepEqual(splitLetters(text, uz), ['sh', 'oʻ', 'r']);
  assert.equal(deleteLetter(text, uz), 'shoʻ');
  assert.equal(deleteLetter('shoʻ', uz), 'sh');
});

test('typing stops at the word length', () => {
  let text = '';
  for (const key of 'crane') text = typeKey(text, key, en, 4);
  assert.equal(text, 'cran');
});

test('keyboard colours keep the best mark of each letter', () => {
  const marks = letterMarks([
    { letters: [...'eerie'], marks: 'xgxxy', skipped: false },
    { index: 1, skipped: true, letters: null, marks: null },
    { letters: [...'crane'], marks: 'xxxxg', skipped: false },
  ]);
  assert.deepEqual(marks, { e: 'g', r: 'x', i: 'x', c: 'x', a: 'x', n: 'x' });
});
