// Pure helpers for letters: typing in a language, splitting a word into letters the way the
// server does (longest letter first), and what the rows of a board say about each letter.
// No DOM here, so `node --test` can check them (tests/browser/js/).

// Used only when a language gives no rules of its own (GET /api/languages gives them).
const APOSTROPHES = ["'", '`', '´', 'ʻ', 'ʼ', '‘', '’', 'ʹ', '′'];

/** What typing needs to know of a language from GET /api/languages: its alphabet and the
 * server's own normalisation (the `fold` table and the apostrophe look-alikes). */
export function typingRules(language) {
  const alphabet = language.alphabet;
  const chars = new Set();
  for (const letter of alphabet) for (const ch of letter) chars.add(ch);
  const apostrophes = language.apostrophes || APOSTROPHES;
  const apostrophe = language.apostrophe || apostrophes.find((a) => chars.has(a)) || '';
  const longestFirst = [...alphabet].sort((a, b) => b.length - a.length);
  const fold = language.fold || {};
  // The fold table applied to the whole typed text, longest key first, as the server does
  // (Uzbek: the mark stays after "o" and "g", making "oʻ" and "gʻ", and is the tutuq "ʼ"
  // anywhere else). Canonical text folds to itself.
  const keys = Object.keys(fold).sort((a, b) => b.length - a.length);
  const escape = (k) => k.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const foldRe = keys.length ? new RegExp(keys.map(escape).join('|'), 'gu') : null;
  // Starts of letters that are not letters themselves (Uzbek "c" of "ch"): kept while typing.
  const pending = new Set();
  for (const letter of alphabet) {
    for (let i = 1; i < letter.length; i++) {
      if (!alphabet.includes(letter.slice(0, i))) pending.add(letter.slice(0, i));
    }
  }
  return {
    alphabet: new Set(alphabet), chars, apostrophes, apostrophe, longestFirst, fold, foldRe, pending,
  };
}

/** One typed character (or an on-screen key's letter) in the language's canonical form, or '' if none. */
export function normalizeKey(key, rules) {
  let text = key.normalize('NFC').toLowerCase();
  if (rules.alphabet.has(text)) return text; // an on-screen key
  if ([...text].length !== 1) return ''; // "Enter", "Shift", …
  if (rules.apostrophe && rules.apostrophes.includes(text)) text = rules.apostrophe;
  if ([...text].every((ch) => rules.chars.has(ch))) return text;
  const candidates = [rules.fold[text], text.normalize('NFD').replace(/\p{M}/gu, '').normalize('NFC')];
  for (const c of candidates) {
    if (c && [...c].every((ch) => rules.chars.has(ch))) return c;
  }
  return '';
}

/**
 * Split canonical text into letters, longest letter first; null if it is not all letters.
 * A start of a letter at the very end (Uzbek "c", waiting for its "h") is kept as the last
 * element, so that it shows as a tile while typing; the server rejects it if sent.
 */
export function splitLetters(text, rules) {
  const out = [];
  let pos = 0;
  while (pos < text.length) {
    const letter = rules.longestFirst.find((l) => text.startsWith(l, pos));
    if (!letter) {
      const rest = text.slice(pos);
      if (rules.pending && rules.pending.has(rest)) {
        out.push(rest);
        return out;
      }
      return null;
    }
    out.push(letter);
    pos += letter.length;
  }
  return out;
}

function foldText(text, rules) {
  return rules.foldRe ? text.replace(rules.foldRe, (m) => rules.fold[m]) : text;
}

/**
 * The typed text after pressing a key: `text + key` if that still splits into at most
 * `length` letters, else the text unchanged. (Uzbek "s" then "h" makes the one letter "sh",
 * and "c" then "h" the letter "ch", as the server reads them; "o" then an apostrophe makes
 * "oʻ", any other apostrophe is the tutuq "ʼ".) A start of a letter that the key does not
 * complete ("c" then "a") is dropped.
 */
export function typeKey(text, key, rules, length) {
  const added = normalizeKey(key, rules);
  if (!added) return text;
  const before = splitLetters(text, rules) || [];
  const last = before[before.length - 1];
  const bases = [text];
  if (last !== undefined && !rules.alphabet.has(last)) bases.push(text.slice(0, text.length - last.length));
  for (const base of bases) {
    const next = foldText(base + added, rules);
    const letters = splitLetters(next, rules);
    if (letters && letters.length <= length) return next;
  }
  return text;
}

/** The typed text less its last letter. */
export function deleteLetter(text, rules) {
  const letters = splitLetters(text, rules) || [];
  letters.pop();
  return letters.join('');
}

const RANK = { x: 1, y: 2, g: 3 };

/** Letter -> best mark seen on the board ('g' beats 'y' beats 'x'). */
export function letterMarks(rows) {
  const best = {};
  for (const row of rows) {
    if (!row || row.skipped || !row.letters || !row.marks) continue;
    row.letters.forEach((letter, i) => {
      const mark = [...row.marks][i];
      if (!best[letter] || RANK[mark] > RANK[best[letter]]) best[letter] = mark;
    });
  }
  return best;
}
