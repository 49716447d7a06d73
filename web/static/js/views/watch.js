// While I wait, something to watch (the state's side: reduce/watch.js): a running duel's
// progress as the live duels and the offer draw it ("Row 5 of 12", a bar, the greens of its
// best row), and the offer itself: how many duels run, the closest one with a button that
// watches it, and the remembered "watch automatically" box, with the seconds before it does.
// Rows come often: what they change is changed in place, never a button or the box.

import { h } from '../dom.js';
import { t } from '../i18n.js';
import { closestDuel, rowInPlay, totalRows, waitingToWatch } from '../reduce/watch.js';
import { liveDuels } from '../reduce/select.js';
import { keyed, playerName } from './common.js';

/** "Row 5 of 12" of a duel summary. */
export function rowText(d) {
  return t('game.progress_row', { row: rowInPlay(d), rows: totalRows(d) });
}

/** A duel's progress: its row in play, a bar of the rows played, the greens of its best row
 * (one square per letter, the green ones filled). */
function progressBlock(d) {
  const greens = d.greens || 0;
  const label = t('game.progress_greens', { n: greens, length: d.length });
  const squares = [];
  for (let i = 0; i < d.length; i += 1) squares.push(h('span', { class: i < greens ? 'sq g' : 'sq' }));
  const share = Math.min(100, (100 * (d.rows || 0)) / totalRows(d));
  return h('span', { class: 'duel-progress', data: { rows: String(d.rows || 0), greens: String(greens), length: String(d.length) } },
    h('span', { class: 'prog-row' }, rowText(d)),
    h('span', { class: 'prog-bar', 'aria-hidden': 'true' },
      h('span', { class: 'prog-fill', style: { width: `${share.toFixed(1)}%` } })),
    h('span', { class: 'greens', role: 'img', 'aria-label': label, title: label }, squares));
}

/** A slot for a duel's progress, filled (and refilled as rows come) by `fillProgress`: the
 * list around it is not drawn again on every row, so a focused button stays. */
export function progressSlot(d) {
  return h('span', { class: 'progress-slot', data: { duel: String(d.id) } });
}

export function fillProgress(slot, d) {
  keyed(slot, JSON.stringify([d.id, d.rows || 0, d.greens || 0, d.length]), () => progressBlock(d));
}

/** A text changed only when it differs (the offer is a live region: a change is said). */
function setText(el, text) {
  if (el.textContent !== text) el.textContent = text;
}

/** The offer: drawn once, its parts changed in place (a focused button or box stays). */
export function createOffer(actions) {
  const running = h('p', { id: 'duels-running' });
  const names = h('span', { class: 'closest-players' });
  const progress = h('span', { class: 'progress-slot', 'aria-live': 'off' }); // not said per row
  const closest = h('div', { class: 'closest', id: 'closest' },
    h('span', { class: 'closest-label' }), names, progress);
  const watch = h('button', {
    class: 'btn primary', type: 'button', id: 'watch-one',
    onclick: () => actions.spectate(Number(watch.dataset.duel)),
  });
  const auto = h('input', {
    type: 'checkbox', id: 'auto-watch', onchange: (e) => actions.autoWatch(e.target.checked),
  });
  const autoText = h('span');
  const countdown = h('p', { class: 'countdown auto-watch-in', id: 'auto-watch-in', 'aria-live': 'off', hidden: true });
  const parts = [running, closest,
    h('div', { class: 'row-inline offer-actions' }, watch, h('label', { class: 'check auto-watch' }, auto, ' ', autoText)),
    countdown];
  const el = h('section', { class: 'card watch-offer', id: 'watch-offer', 'aria-live': 'polite', hidden: true });

  function update(s) {
    const show = waitingToWatch(s);
    el.hidden = !show;
    if (!show) { // empty while hidden: no button to find
      if (el.firstChild) el.replaceChildren();
      return;
    }
    if (!el.firstChild) el.append(...parts);
    const live = liveDuels(s);
    const best = closestDuel(s);
    setText(running, t('game.duels_running', { n: live.length }));
    keyed(names, String(best.id), () => [
      playerName(s, best.players[0], { you: false }), ' ', h('span', { class: 'vs' }, t('common.vs')), ' ',
      playerName(s, best.players[1], { you: false })]);
    fillProgress(progress, best);
    closest.dataset.duel = String(best.id);
    setText(closest.firstChild, t('game.closest'));
    watch.dataset.duel = String(best.id);
    setText(watch, t('game.watch_closest'));
    auto.checked = s.autoWatch;
    setText(autoText, t('game.auto_watch'));
    const due = s.autoWatch && s.autoWatchAt !== null ? s.autoWatchAt : null;
    countdown.hidden = due === null;
    if (due === null) delete countdown.dataset.deadline;
    else Object.assign(countdown.dataset, { deadline: String(due), format: 'game.auto_watch_in' });
  }

  return { el, update };
}
