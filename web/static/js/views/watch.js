// While I wait, something to watch (the state's side: reduce/watch.js): a running duel's
// progress as the live duels and the offer draw it ("Row 5 of 12", a bar, the greens of its
// best row), and the offer itself: how many duels run, the closest one with a button that
// watches it, and the remembered "watch automatically" box, with the seconds before it does.

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
export function progressBlock(d) {
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

/** What of a duel's progress the offer is keyed by (drawn again when a row is played). */
function progressKey(d) {
  return [d.rows || 0, d.greens || 0];
}

/** The offer, in `box`: shown while I wait (reduce/watch.js `waitingToWatch`). */
export function renderOffer(box, s, actions) {
  const show = waitingToWatch(s);
  const live = show ? liveDuels(s) : [];
  const best = show ? closestDuel(s) : null;
  const due = show && s.autoWatch && s.autoWatchAt !== null ? s.autoWatchAt : null;
  const key = JSON.stringify([show, live.map((d) => [d.id, progressKey(d)]), best && best.id, s.autoWatch, due]);
  keyed(box, key, () => {
    if (!show) return null;
    const auto = h('input', {
      type: 'checkbox', id: 'auto-watch', checked: s.autoWatch,
      onchange: (e) => actions.autoWatch(e.target.checked),
    });
    return [
      h('p', { id: 'duels-running' }, t('game.duels_running', { n: live.length })),
      h('div', { class: 'closest', id: 'closest', data: { duel: String(best.id) } },
        h('span', { class: 'closest-label' }, t('game.closest')),
        h('span', { class: 'closest-players' },
          playerName(s, best.players[0], { you: false }), ' ', h('span', { class: 'vs' }, t('common.vs')), ' ',
          playerName(s, best.players[1], { you: false })),
        progressBlock(best)),
      h('div', { class: 'row-inline offer-actions' },
        h('button', {
          class: 'btn primary', type: 'button', id: 'watch-one', data: { duel: String(best.id) },
          onclick: () => actions.spectate(best.id),
        }, t('game.watch_closest')),
        h('label', { class: 'check auto-watch' }, auto, ' ', t('game.auto_watch'))),
      due !== null
        ? h('p', { class: 'countdown auto-watch-in', id: 'auto-watch-in', data: { deadline: String(due), format: 'game.auto_watch_in' } })
        : null,
    ];
  });
  box.hidden = !show;
}
