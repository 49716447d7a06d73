// The on-screen keyboard of a language (its rows of letters, Enter and Delete), keys coloured
// by what the board says, and the physical keyboard, which types the same letters.

import { markText } from './board.js';
import { h } from './dom.js';
import { directionOf, t } from './i18n.js';

export function createKeyboard(language, { onKey, onEnter, onBack }) {
  const keys = new Map();
  const press = (fn) => (e) => {
    e.preventDefault();
    fn();
  };
  // Buttons must not take the focus from the page (a later Enter would click them again).
  const noFocus = (e) => e.preventDefault();
  const enter = h('button', {
    class: 'key wide', type: 'button', data: { key: 'Enter' },
    onmousedown: noFocus, onclick: press(onEnter),
  }, h('span', { class: 'key-label' }, t('duel.key_enter')));
  const rows = language.keyboard.map((row, i) => {
    const last = i === language.keyboard.length - 1;
    const buttons = row.map((letter) => {
      const b = h('button', {
        // out of the Tab order: the physical keyboard types the same letters
        class: 'key', type: 'button', data: { key: letter }, lang: language.code, tabindex: -1,
        onmousedown: noFocus, onclick: press(() => onKey(letter)),
      }, letter);
      keys.set(letter, b);
      return b;
    });
    if (last) {
      buttons.unshift(enter);
      buttons.push(h('button', {
        class: 'key wide', type: 'button', data: { key: 'Backspace' }, 'aria-label': t('duel.key_back_aria'),
        onmousedown: noFocus, onclick: press(onBack),
      }, '⌫'));
    }
    return h('div', { class: 'key-row' }, buttons);
  });
  // The keys keep their language's order, also in a right-to-left page.
  const el = h('div', {
    class: 'keyboard', role: 'group', 'aria-label': t('duel.keyboard_aria'), dir: directionOf(language.code),
  }, rows);

  function onKeydown(e) {
    if (e.ctrlKey || e.metaKey || e.altKey && !e.getModifierState('AltGraph')) return;
    const target = e.target;
    if (target && (target.tagName === 'INPUT' || target.tagName === 'TEXTAREA' || target.tagName === 'SELECT')) return;
    // Enter on a focused button, link or menu works that control (keyboard-only players leave,
    // watch, open the menu); letters still type wherever the focus is.
    if (e.key === 'Enter' && target && target.closest && target.closest('button, a[href], summary')) return;
    if (e.key === 'Enter') {
      e.preventDefault();
      onEnter();
    } else if (e.key === 'Backspace') {
      e.preventDefault();
      onBack();
    } else if (e.key === 'Dead' && e.code === 'Quote') {
      // the apostrophe key is a dead key on international layouts: it still types the mark
      if (onKey("'")) e.preventDefault();
    } else if (e.key && [...e.key].length === 1 && e.key !== ' ') {
      if (onKey(e.key)) e.preventDefault();
    }
  }
  document.addEventListener('keydown', onKeydown);

  // A long word for Enter on a narrow key (Kazakh, Ukrainian on a phone) gives way to the ⏎
  // sign; its word stays for screen readers.
  const fit = new ResizeObserver(() => {
    enter.classList.remove('compact');
    if (enter.scrollWidth > enter.clientWidth + 1) enter.classList.add('compact');
  });
  fit.observe(enter);

  let lastMarks = '';
  function update(marks, enabled) {
    const key = JSON.stringify(marks);
    if (key !== lastMarks) {
      lastMarks = key;
      for (const [letter, b] of keys) {
        b.classList.remove('mark-g', 'mark-y', 'mark-x');
        if (marks[letter]) {
          b.classList.add(`mark-${marks[letter]}`);
          b.setAttribute('aria-label', markText(marks[letter], letter));
        } else {
          b.removeAttribute('aria-label');
        }
      }
    }
    el.classList.toggle('disabled', !enabled);
    el.setAttribute('aria-disabled', enabled ? 'false' : 'true');
  }

  function destroy() {
    document.removeEventListener('keydown', onKeydown);
    fit.disconnect();
  }

  return { el, update, destroy };
}
