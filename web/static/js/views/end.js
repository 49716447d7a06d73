// The end of a tournament: the final placements with rating changes, your own result, its replay,
// a result to share (the colours of your rows, no letters), and the way back (home, or the party).
// Names link to the players' profiles (bots' too); the replay opens in the same tab.

import { h } from '../dom.js';
import { signed, t } from '../i18n.js';
import { keyed, nameText, playerName } from './common.js';
import { reportButton } from './report.js';

export function mount(root, ctx) {
  const { actions } = ctx;
  const body = h('div', {});
  root.append(h('section', { class: 'card end', id: 'end', 'aria-labelledby': 'end-h' }, body));

  async function share(f, me, button) {
    button.disabled = true;
    await actions.shareResult(f.tournament, me);
    button.disabled = false;
  }

  function render(s) {
    const f = s.final;
    const me = s.me.id;
    const places = [...f.places].sort((a, b) => a.place - b.place || a.player - b.player);
    const mine = places.find((p) => p.player === me);
    let headline;
    if (f.winner === me) headline = t('end.you_won');
    else if (f.winner !== null) headline = t('end.winner', { name: nameText(s, f.winner) });
    else headline = t('end.shared');
    const shareBtn = h('button', {
      class: 'btn', type: 'button', id: 'share-result',
      onclick: () => share(f, me, shareBtn),
    }, t('end.share'));
    return [
      h('h1', { id: 'end-h' }, t('end.heading')),
      h('p', { class: 'lead' }, headline),
      mine
        ? h('p', { class: 'my-result', id: 'my-result' },
          t('end.your_result', { place: mine.place, change: mine.rating_change }),
          s.me.rating !== null ? ` ${t('end.new_rating', { rating: s.me.rating })}` : '')
        : null,
      h('table', { class: 'table final-table' },
        h('thead', {}, h('tr', {},
          h('th', { scope: 'col', class: 'num' }, t('end.col_place')),
          h('th', { scope: 'col' }, t('end.col_player')),
          h('th', { scope: 'col', class: 'num' }, t('end.col_change')))),
        h('tbody', {}, places.map((p) => h('tr', {
          class: `${p.player === me ? 'is-me' : ''} place-${p.place}`, data: { player: String(p.player) },
        },
        h('td', { class: 'num' }, t('common.place', { n: p.place })),
        h('td', {}, h('a', { class: 'plink', href: `/players/${p.player}` }, playerName(s, p.player)),
          reportButton(s, p.player, 'end', actions, f.tournament)),
        h('td', { class: `num change ${p.rating_change >= 0 ? 'up' : 'down'}` }, signed(p.rating_change)))))),
      h('div', { class: 'actions' },
        h('a', {
          class: 'btn', id: 'replay-link', href: `/tournaments/${f.tournament}`, // the same tab
        }, t('end.replay')),
        mine ? shareBtn : null),
      h('div', { class: 'actions' },
        s.party
          ? h('button', { class: 'btn primary', type: 'button', id: 'back-party', onclick: () => actions.dismissFinal() },
            t('end.back_party'))
          : [
            h('button', {
              class: 'btn primary', type: 'button', id: 'play-again',
              onclick: () => actions.playAgain(s.language),
            }, t('end.play_again')),
            h('button', { class: 'btn', type: 'button', id: 'back-home', onclick: () => actions.dismissFinal() },
              t('end.back_home')),
          ],
        h('a', { class: 'btn link', href: '/rules', target: '_blank' }, t('app.rules'))),
    ];
  }

  return {
    update(s) {
      if (!s.final) return;
      keyed(body, JSON.stringify([s.final, !!s.party, s.me.rating, s.conn === 'online']), () => render(s));
    },
  };
}
