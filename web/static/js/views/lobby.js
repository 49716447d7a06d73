// The waiting lobby: seats filling up, the language, when bots fill the rest, leave.

import { h } from '../dom.js';
import { languageOf, now } from '../state.js';
import { num, t } from '../i18n.js';
import { keyed, playerName } from './common.js';

export function mount(root, ctx) {
  const body = h('div', {});
  root.append(h('section', { class: 'card lobby', 'aria-labelledby': 'lobby-h' }, body));

  function render(s) {
    const lobby = s.lobby;
    const language = languageOf(lobby.language);
    const seats = [];
    for (let i = 0; i < lobby.capacity; i += 1) {
      const seat = lobby.seats[i];
      seats.push(seat
        ? h('li', { class: `seat filled${seat.connected ? '' : ' away'}`, data: { player: String(seat.id) } },
          h('span', { class: 'seat-no', 'aria-hidden': 'true' }, num(i + 1)),
          playerName(seat.id, { tag: true }),
          h('span', { class: 'seat-rating' }, num(seat.rating)),
          seat.connected ? null : h('span', { class: 'muted' }, t('lobby.disconnected')))
        : h('li', { class: 'seat empty' },
          h('span', { class: 'seat-no', 'aria-hidden': 'true' }, num(i + 1)),
          h('span', { class: 'muted' }, t('lobby.empty_seat'))));
    }
    let fillNote;
    if (lobby.bot_fill_at === null) {
      fillNote = h('p', { class: 'hint' }, t('lobby.no_bot_fill', { seats: lobby.capacity }));
    } else {
      const localDeadline = now() + (lobby.bot_fill_at - (Date.now() + s.serverOffset));
      fillNote = h('p', {
        class: 'hint countdown', id: 'bot-fill',
        data: { deadline: String(localDeadline), format: 'lobby.bot_fill', done: 'lobby.bot_fill_now' },
      }, t('lobby.bot_fill', { s: Math.max(0, Math.ceil((localDeadline - now()) / 1000)) }));
    }
    return [
      h('h1', { id: 'lobby-h' }, t(lobby.party ? 'lobby.party_heading' : 'lobby.heading')),
      h('p', { class: 'lead' },
        t('lobby.language', { name: language ? language.name : lobby.language }), ' · ',
        h('span', { id: 'seat-count' }, t('lobby.seats', { n: lobby.seats.length, max: lobby.capacity }))),
      h('ol', { class: 'seats', 'aria-label': t('lobby.seats', { n: lobby.seats.length, max: lobby.capacity }) }, seats),
      fillNote,
      h('p', { class: 'hint', id: 'tag-hint' }, t('common.tag_hint')),
      h('div', { class: 'actions' },
        h('button', { class: 'btn', type: 'button', id: 'leave-lobby', onclick: () => ctx.actions.leave() },
          t('lobby.leave'))),
    ];
  }

  return {
    update(s) {
      keyed(body, JSON.stringify(s.lobby) + s.serverOffset, () => render(s));
    },
  };
}
