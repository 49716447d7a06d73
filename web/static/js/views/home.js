// Home: your nickname (editable) and rating, the word language (choosing one may offer the page
// in that language, once), Play, Create a party, the rules and the leaderboard (people, or with
// the bots; your own row even when you are not near the top; each name links to its profile).

import { apiErrorText } from '../actions.js';
import { h } from '../dom.js';
import * as i18n from '../i18n.js';
import { num, t } from '../i18n.js';
import { emit, state } from '../state.js';
import { botBadge, keyed, nick, renderNotice, tag } from './common.js';

/** Choosing a word language that is also an interface language offers it, once, in its words.
 * Only a choice that stays is offered: arrowing through the list passes many languages. */
let offerTimer = null;
function offerSoon(code) {
  clearTimeout(offerTimer);
  offerTimer = setTimeout(() => offerLanguage(code), 500);
}

async function offerLanguage(code) {
  if (!i18n.takeOffer(code)) return;
  try {
    const [text, yes, no] = await Promise.all(
      ['offer.switch', 'offer.yes', 'offer.no'].map((key) => i18n.tIn(code, key)),
    );
    if (state.language === code) state.offer = { code, text, yes, no };
  } catch {
    state.offer = null; // no catalog: no offer
  }
  emit();
}

export function mount(root, ctx) {
  const { actions } = ctx;
  let editing = false;
  let nickError = '';

  const notice = h('div', { class: 'notice-slot', 'aria-live': 'polite' });
  const offer = h('div', { class: 'offer-slot', 'aria-live': 'polite' });
  const profile = h('div', { class: 'profile' });
  const langSelect = h('select', {
    id: 'language',
    name: 'language',
    onchange: (e) => {
      actions.setLanguage(e.target.value);
      offerSoon(e.target.value);
    },
  });
  const playBtn = h('button', {
    class: 'btn primary big', type: 'button', id: 'play',
    onclick: () => actions.queue(state.language),
  }, t('home.play'));
  const partyBtn = h('button', {
    class: 'btn', type: 'button', id: 'create-party',
    onclick: () => actions.createParty(state.language),
  }, t('home.create_party'));
  const board = h('div', { class: 'leaderboard-body' });
  const withBots = h('input', {
    id: 'leaderboard-bots', type: 'checkbox', checked: state.leaderboardBots,
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
    if (editing) {
      const input = h('input', {
        id: 'nickname', name: 'nickname', value: me.nickname, maxlength: 24, minlength: 2, dir: 'auto',
        autocomplete: 'nickname', required: true, 'aria-describedby': 'nick-error',
      });
      const form = h('form', {
        class: 'nick-form',
        onsubmit: async (e) => {
          e.preventDefault();
          try {
            await actions.saveNickname(input.value);
            editing = false;
            nickError = '';
          } catch (err) {
            nickError = t('home.nickname_refused', { detail: apiErrorText(err) });
          }
          profile._key = null;
          emit();
        },
      },
      h('label', { for: 'nickname' }, t('home.nickname')),
      h('div', { class: 'row-inline' },
        input,
        h('button', { class: 'btn primary', type: 'submit' }, t('home.save')),
        h('button', {
          class: 'btn', type: 'button',
          onclick: () => { editing = false; nickError = ''; profile._key = null; emit(); },
        }, t('home.cancel'))),
      h('p', { id: 'nick-error', class: 'error', 'aria-live': 'polite' }, nickError));
      setTimeout(() => input.focus(), 0);
      return form;
    }
    return [h('dl', { class: 'me' },
      h('div', {},
        h('dt', {}, t('home.nickname')),
        h('dd', {},
          h('bdi', { class: 'nick', id: 'my-nickname' }, me.nickname),
          tag(me.tag),
          h('button', {
            class: 'btn small link', type: 'button', id: 'edit-nickname',
            onclick: () => { editing = true; profile._key = null; emit(); },
          }, t('home.edit_nickname')))),
      h('div', {},
        h('dt', {}, t('home.rating')),
        h('dd', { class: 'rating', id: 'my-rating' }, me.rating == null ? '–' : num(me.rating)))),
    me.tag ? h('p', { class: 'hint tag-hint', id: 'tag-hint' }, t('home.tag_hint', { tag: me.tag })) : null,
    h('p', {}, h('a', { href: `/players/${me.id}`, id: 'my-profile' }, t('home.profile')))];
  }

  function boardRow(row) {
    const p = row.player;
    const mine = state.me && p.id === state.me.id;
    return h('tr', { class: mine ? 'is-me' : '', data: { player: String(p.id) } },
      h('td', { class: 'num' }, num(row.rank)),
      h('td', {},
        h('span', { class: `pname${p.bot ? ' is-bot' : ''}` },
          h('a', { href: `/players/${p.id}` }, nick(p.nickname)), tag(p.tag), p.bot ? botBadge() : null,
          mine ? h('span', { class: 'you' }, t('common.you_marker')) : null)),
      h('td', { class: 'num' }, num(p.rating)));
  }

  function renderBoard(lb) {
    if (!lb) return h('p', { class: 'hint' }, t('app.loading'));
    if (lb.failed) return h('p', { class: 'error' }, t('home.leaderboard_failed'));
    if (!lb.rows.length) return h('p', { class: 'hint' }, t('home.leaderboard_empty'));
    const you = lb.you && !lb.rows.some((row) => row.player.id === lb.you.player.id) ? lb.you : null;
    return h('table', { class: 'table leaderboard-table', id: 'leaderboard' },
      h('thead', {}, h('tr', {},
        h('th', { scope: 'col', class: 'num' }, t('home.rank')),
        h('th', { scope: 'col' }, t('home.player')),
        h('th', { scope: 'col', class: 'num' }, t('home.rating')))),
      h('tbody', {}, lb.rows.map(boardRow)),
      // your own row, below the top ones, when you are further down
      you ? h('tbody', { class: 'your-row' }, boardRow(you)) : null);
  }

  actions.loadLeaderboard(state.leaderboardBots);
  actions.refreshMe();

  return {
    update(s) {
      renderNotice(notice, s);
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
              onclick: () => { state.offer = null; emit(); },
            }, o.no)));
      });
      if (s.me) keyed(profile, `${editing}|${s.me.nickname}|${s.me.rating}|${nickError}`, () => renderProfile(s));
      keyed(langSelect, `${s.languages.length}|${s.language}`, () =>
        s.languages.map((l) => h('option', { value: l.code, selected: l.code === s.language, lang: l.code }, l.name)));
      langSelect.value = s.language || '';
      const busy = s.conn !== 'online';
      playBtn.disabled = busy;
      partyBtn.disabled = busy;
      keyed(board, s.leaderboard, () => renderBoard(s.leaderboard));
    },
  };
}
