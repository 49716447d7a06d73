// node --test tests/browser/js/ : the pure letter helpers of the web client.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  deleteLetter, letterMarks, normalizeKey, splitLetters, typeKey, typingRules,
} from '../../../web/static/js/letters.js';

const en = typingRules({ alphabet: [...'abcdefghijklmnopqrstuvwxyz'], fold: { ß: 'ss', œ: 'oe' } });
// as GET /api/languages gives Uzbek (wordlists/uz/language.json)
const uz = typingRules({
  alphabet: [...'abdefghijklmnopqrstuvxyz', 'oʻ', 'gʻ', 'sh', 'ch', 'ʼ'],
  fold: { 'oʻ': 'oʻ', 'gʻ': 'gʻ', 'ʻ': 'ʼ' },
  apostrophes: ["'", '`', '´', 'ʻ', 'ʼ', '‘', '’', 'ʹ', '′'],
  apostrophe: 'ʻ',
});
const typeAll = (keys, rules, length) => keys.reduce((text, key) => typeKey(text, key, rules, length), '');
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

test('Uzbek: an apostrophe after o or g makes oʻ or gʻ, elsewhere it is the tutuq ʼ', () => {
  assert.equal(typeAll([..."ma'no"], uz, 5), 'maʼno');
  assert.deepEqual(splitLetters('maʼno', uz), ['m', 'a', 'ʼ', 'n', 'o']);
  assert.equal(typeAll([..."o'g'il"], uz, 4), 'oʻgʻil');
  assert.equal(typeAll(['m', 'o', '‘', '’', 'j', 'i', 'z', 'a'], uz, 7), 'moʻʼjiza');
  assert.deepEqual(splitLetters('moʻʼjiza', uz), ['m', 'oʻ', 'ʼ', 'j', 'i', 'z', 'a']);
  // the on-screen keys type the same letters
  assert.equal(typeAll(['s', 'a', 'n', 'ʼ', 'a', 't'], uz, 6), 'sanʼat');
  assert.equal(typeAll(['oʻ', 'z', 'b', 'e', 'k'], uz, 5), 'oʻzbek');
});

test('Uzbek: c then h is the letter ch; a lone c waits as a tile and is dropped if no h follows', () => {
  assert.equal(typeAll([...'choy'], uz, 3), 'choy');
  assert.deepEqual(splitLetters('choy', uz), ['ch', 'o', 'y']);
  assert.equal(typeAll([...'kecha'], uz, 4), 'kecha');
  assert.deepEqual(splitLetters('kec', uz), ['k', 'e', 'c']);
  assert.equal(typeAll([...'kca'], uz, 4), 'ka');
  assert.equal(deleteLetter('kec', uz), 'ke');
  // a waiting c counts towards the length, and completing it keeps the count
  assert.equal(typeAll([...'kechc'], uz, 4), 'kechc');
  assert.equal(typeAll([...'kechch'], uz, 4), 'kechch');
  assert.equal(typeAll([...'kechcha'], uz, 4), 'kechch');
});

test('the fold table leaves canonical text alone', () => {
  const de = typingRules({ alphabet: [...'abcdefghijklmnopqrstuvwxyzäöü'], fold: { ß: 'ss', é: 'e' } });
  assert.equal(typeAll([...'fuß'], de, 4), 'fuss');
  assert.equal(typeAll([...'café'], de, 4), 'cafe');
  assert.equal(typeAll(['oʻ', 'ʼ', 'gʻ'], uz, 3), 'oʻʼgʻ');
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
