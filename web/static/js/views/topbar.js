// The top bar of every screen: the game's name, who you are, the rules, and the menu of the
// page's language, colours and sound (a <details>: it opens with Enter or Space and closes with
// Escape).

import { setSound, soundOn } from '../attention.js';
import { h, fill } from '../dom.js';
import * as i18n from '../i18n.js';
import { num, t } from '../i18n.js';

// One listener for the page: a click outside the open menu closes it.
let openMenu = null;
document.addEventListener('click', (e) => {
  if (openMenu && openMenu.open && !openMenu.contains(e.target)) openMenu.open = false;
});

export function createTopbar(ctx) {
  const who = h('span', { class: 'who' });
  const current = i18n.LANGUAGES.find((l) => l.code === i18n.language());
  const summary = h('summary', { id: 'prefs-button' },
    h('span', { class: 'sr-only' }, `${t('prefs.button')}: `),
    h('span', { class: 'prefs-current', lang: current.code }, current.name));
  // Applied with a button, not on change: arrowing through the list must not switch the page.
  const select = h('select', { id: 'ui-language' }, i18n.LANGUAGES.map((l) => h('option', {
    value: l.code, lang: l.code, dir: l.dir, selected: l.code === current.code,
  }, l.name)));
  const apply = h('button', {
    class: 'btn small', type: 'submit', id: 'ui-language-apply',
  }, t('prefs.apply'));
  const contrast = h('input', {
    id: 'contrast', type: 'checkbox', checked: i18n.contrast(),
    onchange: (e) => i18n.setContrast(e.target.checked),
  });
  const sound = h('input', {
    id: 'sound', type: 'checkbox', checked: soundOn(),
    onchange: (e) => setSound(e.target.checked),
  });
  const prefs = h('details', { class: 'prefs', id: 'prefs' },
    summary,
    h('form', {
      class: 'prefs-panel',
      onsubmit: (e) => {
        e.preventDefault();
        if (select.value !== i18n.language()) ctx.setInterfaceLanguage(select.value);
        else prefs.open = false;
      },
    },
    h('label', { for: 'ui-language' }, t('prefs.language')),
    h('div', { class: 'row-inline' }, select, apply),
    h('label', { class: 'check' }, contrast, ' ', t('prefs.contrast')),
    h('label', { class: 'check' }, sound, ' ', t('prefs.sound'))));
  prefs.addEventListener('keydown', (e) => {
    if (e.key === 'Escape' && prefs.open) {
      prefs.open = false;
      summary.focus();
    }
  });
  openMenu = prefs;

  const el = h('header', { class: 'topbar' },
    h('a', { class: 'brand', href: '/' }, t('app.title')),
    who,
    h('a', { class: 'rules-link', href: '/rules', target: '_blank' }, t('app.rules')),
    prefs);

  return {
    el,
    update(s) {
      const key = s.me ? `${s.me.nickname}|${s.me.rating}` : '';
      if (who._key === key) return;
      who._key = key;
      fill(
        who,
        s.me ? h('bdi', { class: 'who-name' }, s.me.nickname) : null,
        s.me && s.me.rating !== null && s.me.rating !== undefined
          ? h('span', { class: 'who-rating', title: t('home.rating') }, num(s.me.rating))
          : null,
      );
    },
  };
}
