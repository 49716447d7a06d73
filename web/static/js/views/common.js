// Small pieces shared by the screens: a player's name with the bot marker, lives as hearts,
// how a duel was settled in one sentence, the lasting notice, and re-rendering a part only when
// what it shows has changed. Each takes the state it draws.

import { h, fill } from '../dom.js';
import { has, t } from '../i18n.js';
import { player } from '../reduce/select.js';

/** Re-render `el` with `render()` only when `key` differs from last time. */
export function keyed(el, key, render) {
  if (el._key === key) return el;
  el._key = key;
  return fill(el, render());
}

export function botBadge() {
  return h('span', { class: 'bot-badge', title: t('common.bot_long') }, t('common.bot'));
}

/** A nickname, isolated from the text around it whichever direction either is written in (the
 * whole name in a tooltip, where a narrow column cuts it short). */
export function nick(nickname) {
  return h('bdi', { class: 'nick', title: nickname }, nickname);
}

/** The 4-character tag beside a nickname, with what it is for. */
export function tag(text) {
  return text ? h('span', { class: 'tag', title: t('common.tag_hint') }, text) : null;
}

/** A player's nickname with tag, bot marker and "(you)". */
export function playerName(s, id, { tag: withTag = false, you = true } = {}) {
  const p = player(s, id);
  const mine = s.me && id === s.me.id;
  return h(
    'span',
    { class: `pname${mine ? ' is-me' : ''}${p.bot ? ' is-bot' : ''}`, data: { player: String(id) } },
    nick(p.nickname),
    withTag ? tag(p.tag) : null,
    p.bot ? botBadge() : null,
    mine && you ? h('span', { class: 'you' }, t('common.you_marker')) : null,
  );
}

export function nameText(s, id) {
  return s.me && id === s.me.id ? t('home.you') : player(s, id).nickname;
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

/** How a duel was settled, in one sentence ("Ada beat Bo with CRANE in 4 rows."): a recap entry
 * of the round intro ({players, outcome, winner, secret, rows}); `me` reads as "you". */
export function recapText(s, r, me, lang) {
  const word = r.secret ? r.secret.toLocaleUpperCase(lang) : '';
  const [a, b] = r.players;
  const name = (id) => player(s, id).nickname;
  const other = a === me ? b : a;
  const loser = r.winner === a ? b : a;
  switch (r.outcome) {
    case 'win':
      if (r.winner === me) return t('recap.you_beat', { loser: name(loser), word, rows: r.rows });
      if (loser === me) return t('recap.beat_you', { winner: name(r.winner), word, rows: r.rows });
      return t('recap.win', { winner: name(r.winner), loser: name(loser), word, rows: r.rows });
    case 'draw':
      if (a === me || b === me) return t('recap.you_drew', { name: name(other), word });
      return t('recap.draw', { a: name(a), b: name(b), word });
    case 'forfeit':
      if (r.winner === me) return t('recap.forfeit_you', { loser: name(loser) });
      return t('recap.forfeit', { winner: name(r.winner), loser: name(loser) });
    default:
      return t('recap.void', { a: name(a), b: name(b) });
  }
}

/** The text of a notice: its messages in the current language (the server's words where the
 * client has no translation of a code). */
export function noticeText(notice) {
  return notice
    .map((item) => (has(item.key) ? t(item.key, item.params) : item.fallback || item.key))
    .join(' ');
}

/** The lasting notice of the home and party screens, with a button to dismiss it. */
export function renderNotice(el, s, actions) {
  keyed(el, JSON.stringify(s.notice), () =>
    s.notice
      ? h('div', { class: 'notice', role: 'alert' },
        h('p', {}, noticeText(s.notice)),
        h('button', {
          class: 'btn small', type: 'button',
          onclick: () => actions.dismissNotice(),
        }, t('home.dismiss')))
      : null);
}
