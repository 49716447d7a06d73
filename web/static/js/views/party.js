// The party screen: members and their status (live), the invite link with a copy button, and
// the leader's controls (start, remove, hand over, new link, language).

import { copyText, h } from '../dom.js';
import { languageOf } from '../reduce/select.js';
import { ORIGIN, num, t } from '../i18n.js';
import { botBadge, keyed, nick, renderNotice, tag } from './common.js';

export function mount(root, ctx) {
  const { actions } = ctx;
  const notice = h('div', { class: 'notice-slot', 'aria-live': 'polite' });
  const body = h('div', {});
  root.append(h('div', { class: 'party-screen' }, notice,
    h('section', { class: 'card party', id: 'party', 'aria-labelledby': 'party-h' }, body)));

  function render(s) {
    const p = s.party;
    const me = s.me.id;
    const leader = p.leader === me;
    const link = `${ORIGIN}${p.invite_path}`;
    const language = languageOf(s, p.language);
    const leaderName = (p.members.find((m) => m.leader) || {}).nickname || '';
    const linkInput = h('input', {
      id: 'invite-link', class: 'invite-link', readonly: true, value: link, dir: 'ltr',
      'aria-label': t('party.invite'), onfocus: (e) => e.target.select(),
    });
    const anyoneBusy = p.members.some((m) => m.in_tournament);
    const members = p.members.map((m) => h('li', {
      class: `member${m.id === me ? ' is-me' : ''}${m.online ? ' online' : ' offline'}`,
      data: { player: String(m.id) },
    },
    h('span', { class: `dot ${m.in_tournament ? 'busy' : m.online ? 'on' : 'off'}`, 'aria-hidden': 'true' }),
    h('span', { class: 'pname' },
      nick(m.nickname), tag(m.tag),
      m.bot ? botBadge() : null,
      m.id === me ? h('span', { class: 'you' }, t('common.you_marker')) : null),
    h('span', { class: 'member-rating' }, m.rating == null ? '' : num(m.rating)),
    m.leader ? h('span', { class: 'badge leader' }, t('party.leader')) : null,
    h('span', { class: 'member-status' },
      m.in_tournament ? t('party.in_tournament') : m.online ? t('party.online') : t('party.offline')),
    leader && m.id !== me
      ? h('span', { class: 'member-actions' },
        h('button', {
          class: 'btn small', type: 'button', data: { action: 'hand-over' },
          onclick: () => actions.handOver(m.id),
        }, t('party.make_leader')),
        h('button', {
          class: 'btn small danger', type: 'button', data: { action: 'remove' },
          onclick: () => actions.removeMember(m.id),
        }, t('party.remove')))
      : null));

    return [
      h('h1', { id: 'party-h' }, t('party.heading')),
      h('div', { class: 'field' },
        h('label', { for: 'party-language' }, t('party.language')),
        leader
          ? h('select', {
            id: 'party-language', onchange: (e) => actions.setPartyLanguage(e.target.value),
          }, s.languages.map((l) => h('option', { value: l.code, selected: l.code === p.language, lang: l.code }, l.name)))
          : h('p', { id: 'party-language', lang: p.language }, language ? language.name : p.language)),
      h('h2', {}, t('party.members', { n: p.members.length, max: p.max })),
      h('ul', { class: 'members', id: 'members' }, members),
      h('h2', {}, t('party.invite')),
      h('p', { class: 'hint' }, t('party.invite_hint')),
      h('div', { class: 'row-inline invite' },
        linkInput,
        h('button', {
          class: 'btn', type: 'button', id: 'copy-link',
          onclick: async () => actions.toast(t(await copyText(link) ? 'party.copied' : 'party.copy_failed')),
        }, t('party.copy')),
        leader
          ? h('button', {
            class: 'btn', type: 'button', id: 'new-link', title: t('party.new_link_hint'),
            onclick: () => actions.renewInvite(),
          }, t('party.new_link'))
          : null),
      h('div', { class: 'actions start' },
        leader
          ? h('button', {
            class: 'btn primary big', type: 'button', id: 'start-party', disabled: !p.can_start || s.conn !== 'online',
            onclick: () => actions.startParty(),
          }, t(s.partyPlayed ? 'party.start_again' : 'party.start'))
          : h('p', { class: 'lead', id: 'wait-leader' }, t('party.wait_leader', { name: leaderName })),
        leader ? h('p', { class: 'hint' }, anyoneBusy ? t('party.wait_members') : t('party.start_hint')) : null),
      h('div', { class: 'actions' },
        h('button', { class: 'btn', type: 'button', id: 'leave-party', onclick: () => actions.leaveParty() },
          t('party.leave')),
        h('a', { class: 'btn link', href: '/rules', target: '_blank' }, t('app.rules'))),
    ];
  }

  return {
    update(s) {
      if (!s.party) return;
      renderNotice(notice, s, actions);
      keyed(body, JSON.stringify([s.party, s.conn, s.languages.length, !!s.partyPlayed]), () => render(s));
    },
  };
}
