// The shared board of a duel: up to 12 rows (6 turns each), each row marked with whose it is,
// colours (with a shape and a spoken label too, not colour alone), skipped rows, and the row
// being typed: mine, or on the opponent's turn my next one typed ahead (marked as not sent).
// Built once per duel and updated in place from the duel's view, so a shaking row keeps
// shaking. A row scored while the board is on screen flips tile by tile (a winning row then
// jumps); none of it when the device asks for reduced motion.

import { h } from './dom.js';
import { directionOf, t } from './i18n.js';

const MARK_KEY = { g: 'duel.tile_g', y: 'duel.tile_y', x: 'duel.tile_x' };

/** A letter and its colour in words ("c right place"), for screen readers. */
export function markText(mark, letter) {
  return t(MARK_KEY[mark], { letter });
}

/** Motion is welcome (the device does not ask for less). */
export function motionOk() {
  return !(window.matchMedia && window.matchMedia('(prefers-reduced-motion: reduce)').matches);
}

export function createBoard({ length, maxRows, lang }) {
  const rows = [];
  let drawn = false; // the first update draws the board whole: its rows are not news
  const el = h('div', {
    class: 'board', role: 'list', 'aria-label': t('duel.board_aria'),
    style: { '--len': String(length) },
  });
  for (let i = 0; i < maxRows; i += 1) {
    const tiles = [];
    for (let j = 0; j < length; j += 1) {
      tiles.push(h('span', { class: 'tile', 'aria-hidden': 'true', style: { '--i': String(j) } }));
    }
    const who = h('span', { class: 'who', 'aria-hidden': 'true' });
    const note = h('span', { class: 'row-note', 'aria-hidden': 'true' });
    // the letters keep the word language's direction, also in a right-to-left page
    const tileBox = h('span', { class: 'tiles', dir: directionOf(lang), lang }, tiles, note);
    const row = h('div', { class: 'row', role: 'listitem', data: { index: String(i) } }, who, tileBox);
    row.addEventListener('animationend', () => row.classList.remove('shake'));
    rows.push({ row, who, tiles, note, key: null });
    el.append(row);
  }

  /**
   * view: the duel view from the store; sideOf(player) -> 'a' | 'b'; nameOf(player) -> text;
   * typed: letters typed for my next row (null when none types); me: my id, whose row is typed
   * ahead, on the row after the current one, when the current one is the opponent's.
   */
  function update(view, { sideOf, nameOf, typed, me = null }) {
    const live = !view.outcome;
    const current = view.rows.length;
    const ahead = typed && me !== null && view.to_move !== me;
    const flip = drawn && motionOk();
    drawn = true;
    rows.forEach((r, i) => {
      const data = view.rows[i];
      let key;
      if (data) key = `row|${data.player}|${data.skipped}|${data.letters}|${data.marks}`;
      else if (live && i === current && view.to_move !== null) {
        key = `cur|${view.to_move}|${typed && !ahead ? typed.join(',') : '-'}`;
      } else if (live && ahead && i === current + 1) key = `ahead|${typed.join(',')}`;
      else key = 'empty';
      if (r.key === key) return;
      const scored = flip && data && !data.skipped && r.key !== null && !r.key.startsWith('row');
      r.key = key;
      const shaking = r.row.classList.contains('shake');
      r.row.className = 'row';
      if (shaking) r.row.classList.add('shake');
      r.note.textContent = '';
      r.who.textContent = '';
      r.tiles.forEach((tile) => {
        tile.className = 'tile';
        tile.textContent = '';
      });
      const n = i + 1;
      if (data) {
        r.row.classList.add(`side-${sideOf(data.player)}`, 'played');
        r.who.textContent = nameOf(data.player);
        r.row.setAttribute('aria-label', rowLabel(data, n, nameOf));
        if (data.skipped) {
          r.row.classList.add('skipped');
          r.note.textContent = t('duel.skipped');
          r.tiles.forEach((tile) => tile.classList.add('skip'));
        } else {
          const marks = [...data.marks];
          data.letters.forEach((letter, j) => {
            const tile = r.tiles[j];
            if (!tile) return;
            tile.textContent = letter;
            tile.classList.add(`mark-${marks[j]}`);
            if (scored) tile.classList.add('flip');
          });
          if (scored && marks.every((m) => m === 'g')) r.row.classList.add('win');
        }
      } else if (key.startsWith('ahead')) {
        // my next word, typed while they play: not sent until my turn and my Enter
        r.row.classList.add(`side-${sideOf(me)}`, 'queued');
        r.who.textContent = nameOf(me);
        typed.forEach((letter, j) => {
          if (!r.tiles[j]) return;
          r.tiles[j].textContent = letter;
          r.tiles[j].classList.add('typed');
        });
        r.row.setAttribute('aria-label', t('duel.row_aria', {
          n, name: nameOf(me), content: t('duel.row_typing', { word: typed.join('') }),
        }));
      } else if (key.startsWith('cur')) {
        r.row.classList.add(`side-${sideOf(view.to_move)}`, 'current');
        r.who.textContent = nameOf(view.to_move);
        if (typed && !ahead) {
          typed.forEach((letter, j) => {
            if (!r.tiles[j]) return;
            r.tiles[j].textContent = letter;
            r.tiles[j].classList.add('typed');
          });
          r.row.setAttribute('aria-label', t('duel.row_aria', {
            n, name: nameOf(view.to_move), content: t('duel.row_typing', { word: typed.join('') }),
          }));
        } else {
          r.row.classList.add('waiting');
          r.row.setAttribute('aria-label', t('duel.row_aria', {
            n, name: nameOf(view.to_move), content: t('duel.thinking', { name: nameOf(view.to_move) }),
          }));
        }
      } else {
        r.row.classList.add('future');
        r.row.setAttribute('aria-label', t('duel.row_aria', { n, name: '', content: t('duel.row_empty') }));
      }
    });
  }

  return { el, update };
}

/** What a screen reader says of played row `n` (from 1): whose it is, then every letter with
 * its colour in words, or that it was skipped. */
export function rowLabel(data, n, nameOf) {
  const content = data.skipped
    ? t('duel.skipped_aria')
    : data.letters.map((letter, j) => markText(data.marks[j], letter)).join(', ');
  return t('duel.row_aria', { n, name: nameOf(data.player), content });
}

/** Shake a row (the one of a refused guess). */
export function shakeRow(row) {
  row.classList.remove('shake');
  void row.offsetWidth; // restart the animation
  row.classList.add('shake');
}

/** The secret as a row of green tiles. */
export function secretTiles(letters, lang) {
  return h('div', { class: 'secret-word', lang, dir: directionOf(lang), role: 'img', 'aria-label': letters.join('') },
    letters.map((l, i) => h('span', { class: 'tile mark-g', 'aria-hidden': 'true', style: { '--i': String(i) } }, l)));
}
