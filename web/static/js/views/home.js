// Home: your nickname (editable) and rating, the word language (choosing one may offer the page
// in that language, once), Play, Create a party, the rules and the leaderboard (people, or with
// the bots; your own row even when you are not near the top; each name links to its profile).

import { h } from '../dom.js';
import * as i18n from '../i18n.js';
import { num, t } from '../i18n.js';
import { botBadge, keyed, nick, renderNotice, tag } from './common.js';

export function mount(root, ctx, name, s0) {
  const { actions } = ctx;

  const notice = h('div', { class: 'notice-slot', 'aria-live': 'polite' });
  const offer = h('div', { class: 'offer-slot', 'aria-live': 'polite' });
  const profile = h('div', { class: 'profile' });
  const langSelect = h('select', {
    id: 'language',
    name: 'language',
    onchange: (e) => actions.setLanguage(e.target.value),
  });
  const playBtn = h('button', {
    class: 'btn primary big', type: 'button', id: 'play',
    onclick: () => actions.queue(),
  }, t('home.play'));
  const partyBtn = h('button', {
    class: 'btn', type: 'button', id: 'create-party',
    onclick: () => actions.createParty(),
  }, t('home.create_party'));
  const board = h('div', { class: 'leaderboard-body' });
  const withBots = h('input', {
    id: 'leaderboard-bots', type: 'checkbox', checked: s0.leaderboardBots,
    onchange: (e) => actions.loadLeaderboard(e.target.checked),
  });

  root.append(
    h('div', { class: 'home' },
      notice,
      h('section', { class: 'card hero', 'aria-labelledby': 'home-h' },
        h('h1', { id: 'home-h' }, t('home.heading', { others: i18n.RULES.seats - 1 })),
        h('p', { class: 'lead' }, t('home.intro', i18n.RULES), ' ',
          h('a', { href: '/rules', target: '_blank' }, t('app.rules'))),
        profile,
        h('div', { class: 'field' },
          h('label', { for: 'language' }, t('home.language')),
          langSelect),
        offer,
        h('div', { class: 'actions' }, playBtn, partyBtn),
        h('p', { class: 'hint' }, t('home.play_hint', i18n.RULES), ' ', t('home.party_hint'))),
      h('section', { class: 'card leaderboard', 'aria-labelledby': 'lb-h' },
        h('div', { class: 'lb-head' },
          h('h2', { id: 'lb-h' }, t('home.leaderboard')),
          h('label', { class: 'check' }, withBots, ' ', t('home.with_bots'))),
        board)),
  );

  function renderProfile(s) {
    const me = s.me;
    const { editing, error } = s.nickname;
    if (editing) {
      const input = h('input', {
        id: 'nickname', name: 'nickname', value: me.nickname, maxlength: 24, minlength: 2, dir: 'auto',
        autocomplete: 'nickname', required: true, 'aria-describedby': 'nick-error',
      });
      const form = h('form', {
        class: 'nick-form',
        onsubmit: (e) => {
          e.preventDefault();
          actions.saveNickname(input.value);
        },
      },
      h('label', { for: 'nickname' }, t('home.nickname')),
      h('div', { class: 'row-inline' },
        input,
        h('button', { class: 'btn primary', type: 'submit' }, t('home.save')),
        h('button', {
          class: 'btn', type: 'button',
          onclick: () => actions.cancelNickname(),
        }, t('home.cancel'))),
      h('p', { id: 'nick-error', class: 'error', 'aria-live': 'polite' }, error));
      return form; // focused by an effect
    }
    return [h('dl', { class: 'me' },
      h('div', {},
        h('dt', {}, t('home.nickname')),
        h('dd', {},
          h('bdi', { class: 'nick', id: 'my-nickname' }, me.nickname),
          tag(me.tag),
          h('button', {
            class: 'btn small link', type: 'button', id: 'edit-nickname',
            onclick: () => actions.editNickname(),
          }, t('home.edit_nickname')))),
      h('div', {},
        h('dt', {}, t('home.rating')),
        h('dd', { class: 'rating', id: 'my-rating' }, me.rating == null ? '–' : num(me.rating)))),
    me.tag ? h('p', { class: 'hint tag-hint', id: 'tag-hint' }, t('home.tag_hint', { tag: me.tag })) : null,
    h('p', {}, h('a', { href: `/players/${me.id}`, id: 'my-profile' }, t('home.profile')))];
  }

  function boardRow(s, row) {
    const p = row.player;
    const mine = s.me && p.id === s.me.id;
    return h('tr', { class: mine ? 'is-me' : '', data: { player: String(p.id) } },
      h('td', { class: 'num' }, num(row.rank)),
      h('td', {},
        h('span', { class: `pname${p.bot ? ' is-bot' : ''}` },
          h('a', { href: `/players/${p.id}` }, nick(p.nickname)), tag(p.tag), p.bot ? botBadge() : null,
          mine ? h('span', { class: 'you' }, t('common.you_marker')) : null)),
      h('td', { class: 'num' }, num(p.rating)));
  }

  function renderBoard(s) {
    const lb = s.leaderboard;
    if (!lb) return h('p', { class: 'hint' }, t('app.loading'));
    if (lb.failed) return h('p', { class: 'error' }, t('home.leaderboard_failed'));
    if (!lb.rows.length) return h('p', { class: 'hint' }, t('home.leaderboard_empty'));
    const you = lb.you && !lb.rows.some((row) => row.player.id === lb.you.player.id) ? lb.you : null;
    return h('table', { class: 'table leaderboard-table', id: 'leaderboard' },
      h('thead', {}, h('tr', {},
        h('th', { scope: 'col', class: 'num' }, t('home.rank')),
        h('th', { scope: 'col' }, t('home.player')),
        h('th', { scope: 'col', class: 'num' }, t('home.rating')))),
      h('tbody', {}, lb.rows.map((row) => boardRow(s, row))),
      // your own row, below the top ones, when you are further down
      you ? h('tbody', { class: 'your-row' }, boardRow(s, you)) : null);
  }

  return {
    update(s) {
      renderNotice(notice, s, actions);
      keyed(offer, JSON.stringify(s.offer), () => {
        const o = s.offer;
        if (!o) return null;
        return h('div', { class: 'offer', id: 'offer', lang: o.code, dir: i18n.directionOf(o.code) },
          h('p', {}, o.text),
          h('div', { class: 'row-inline' },
            h('button', {
              class: 'btn small primary', type: 'button', id: 'offer-yes',
              onclick: () => ctx.setInterfaceLanguage(o.code),
            }, o.yes),
            h('button', {
              class: 'btn small', type: 'button', id: 'offer-no',
              onclick: () => actions.dismissOffer(),
            }, o.no)));
      });
      if (s.me) {
        keyed(profile, JSON.stringify([s.nickname, s.me.nickname, s.me.rating]), () => renderProfile(s));
      }
      keyed(langSelect, `${s.languages.length}|${s.language}`, () =>
        s.languages.map((l) => h('option', { value: l.code, selected: l.code === s.language, lang: l.code }, l.name)));
      langSelect.value = s.language || '';
      const busy = s.conn !== 'online';
      playBtn.disabled = busy;
      partyBtn.disabled = busy;
      keyed(board, JSON.stringify([s.leaderboard, s.me && s.me.id]), () => renderBoard(s));
    },
  };
}
