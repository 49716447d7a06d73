// Small pieces shared by the screens: a player's name with the bot marker, lives as hearts,
// the lasting notice, and re-rendering a part only when what it shows has changed.

import { h, fill } from '../dom.js';
import { has, t } from '../i18n.js';
import { emit, player, state } from '../state.js';

/** Re-render `el` with `render()` only when `key` differs from last time. */
export function keyed(el, key, render) {
  if (el._key === key) return el;
  el._key = key;
  return fill(el, render());
}

export function botBadge() {
  return h('span', { class: 'bot-badge', title: t('common.bot_long') }, t('common.bot'));
}

/** A nickname, isolated from the text around it whichever direction either is written in. */
export function nick(nickname) {
  return h('bdi', { class: 'nick' }, nickname);
}

/** A player's nickname with tag, bot marker and "(you)". */
export function playerName(id, { tag = false, you = true } = {}) {
  const p = player(id);
  const mine = state.me && id === state.me.id;
  return h(
    'span',
    { class: `pname${mine ? ' is-me' : ''}${p.bot ? ' is-bot' : ''}`, data: { player: String(id) } },
    nick(p.nickname),
    tag && p.tag ? h('span', { class: 'tag' }, p.tag) : null,
    p.bot ? botBadge() : null,
    mine && you ? h('span', { class: 'you' }, t('common.you_marker')) : null,
  );
}

export function nameText(id) {
  const p = player(id);
  return state.me && id === state.me.id ? t('home.you') : p.nickname;
}

/** Lives as three hearts, with the number for screen readers. */
export function hearts(n, max = 3) {
  const lives = Math.max(0, n ?? 0);
  const shown = '♥'.repeat(Math.min(lives, max)) + '♡'.repeat(Math.max(0, max - lives));
  return h(
    'span',
    { class: `hearts lives-${lives}`, role: 'img', 'aria-label': t('common.lives_aria', { n: lives }) },
    shown,
  );
}

export function livesOf(id) {
  const s = state.tournament && state.tournament.standings[id];
  return s ? s.lives : null;
}

/** The text of a notice: its messages in the current language (the server's words where the
 * client has no translation of a code). */
export function noticeText(notice) {
  return notice
    .map((item) => (has(item.key) ? t(item.key, item.params) : item.fallback || item.key))
    .join(' ');
}

/** The lasting notice of the home and party screens, with a button to dismiss it. */
export function renderNotice(el, s) {
  keyed(el, JSON.stringify(s.notice), () =>
    s.notice
      ? h('div', { class: 'notice', role: 'alert' },
        h('p', {}, noticeText(s.notice)),
        h('button', {
          class: 'btn small', type: 'button',
          onclick: () => { state.notice = null; emit(); },
        }, t('home.dismiss')))
      : null);
}
