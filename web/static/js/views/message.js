// The loading screen and the "open in another window" screen.

import { h, fill } from '../dom.js';
import { t } from '../i18n.js';
import { noticeText } from './common.js';

export function mount(root, ctx, name) {
  const box = h('section', { class: 'card message-card' });
  root.append(box);
  return {
    update(s) {
      if (name === 'outdated') {
        if (box._key === 'outdated') return;
        box._key = 'outdated';
        fill(
          box,
          h('h1', {}, t('app.title')),
          h('p', { class: 'lead' }, t('code.unsupported_version')),
          h('button', { class: 'btn primary', type: 'button', onclick: () => location.reload() },
            t('conn.reload')),
        );
        return;
      }
      if (name === 'replaced') {
        if (box._key === 'replaced') return;
        box._key = 'replaced';
        fill(
          box,
          h('h1', {}, t('app.title')),
          h('p', { class: 'lead' }, t('conn.replaced')),
          h('button', { class: 'btn primary', type: 'button', onclick: () => ctx.reconnect() },
            t('conn.use_here')),
        );
        return;
      }
      const text = s.notice ? noticeText(s.notice) : t('conn.connecting');
      if (box._key === text) return;
      box._key = text;
      fill(box, h('p', { class: 'lead loading' }, h('span', { class: 'spinner' }), ' ', text));
    },
  };
}
