// Reporting a nickname on the game page: the small control beside another person's name (in the
// standings and on the end screen), and the one panel it opens: the four reasons, then the
// server's answer in words. The panel draws state.report (reduce/report.js); it keeps nothing.

import { h } from '../dom.js';
import { has, t } from '../i18n.js';
import { reportButtonId, reportable } from '../reduce/report.js';
import { player } from '../reduce/select.js';
import { keyed, nick } from './common.js';

const REASON_KEYS = {
  offensive_name: 'report.reason_offensive_name',
  hateful_name: 'report.reason_hateful_name',
  impersonation: 'report.reason_impersonation',
  other: 'report.reason_other',
};

const REFUSAL_KEYS = {
  report_limited: 'report.limited',
  report_self: 'report.self',
  report_bot: 'report.bot',
  unknown_player: 'report.unknown',
  network: 'error.network',
};

/** The answer in the player's words: filed, already open, or why not. */
export function reportResultText(r) {
  if (r.phase === 'sent') return t(r.created ? 'report.sent' : 'report.already');
  const key = REFUSAL_KEYS[r.code];
  if (key && has(key)) return t(key);
  return t('report.failed'); // the server's own words are English: ours say what to do
}

/** The control beside a name: a flag with the name in its label; null for a bot or me. */
export function reportButton(s, id, where, actions, tournament = null) {
  if (!reportable(s, id)) return null;
  const label = t('report.button', { name: player(s, id).nickname });
  return h('button', {
    class: 'report-btn', type: 'button', id: reportButtonId(where, id),
    'aria-label': label, title: label, 'aria-haspopup': 'dialog',
    onclick: () => actions.openReport(id, where, tournament),
  }, h('span', { 'aria-hidden': 'true' }, '⚑'));
}

/** The panel of the page (one, outside the screens): fixed at the bottom, over the screen. */
export function createReportPanel(ctx) {
  const { actions } = ctx;
  const el = h('div', {
    class: 'report-panel', id: 'report-panel', role: 'dialog', 'aria-labelledby': 'report-h', hidden: true,
    onkeydown: (e) => {
      if (e.key === 'Escape') {
        e.preventDefault();
        actions.closeReport();
      }
    },
  });

  function draw(s) {
    const r = s.report;
    const heading = h('p', { class: 'report-h', id: 'report-h' },
      h('span', { class: 'report-flag', 'aria-hidden': 'true' }, '⚑ '),
      nick(player(s, r.player).nickname));
    if (r.phase === 'choosing' || r.phase === 'sending') {
      const busy = r.phase === 'sending';
      return [
        heading,
        h('p', { class: 'report-question', id: 'report-q' }, t('report.question')),
        h('div', { class: 'report-reasons', role: 'group', 'aria-labelledby': 'report-q' },
          Object.entries(REASON_KEYS).map(([reason, key], i) => h('button', {
            class: `btn report-reason${r.reason === reason ? ' chosen' : ''}`, type: 'button',
            id: i === 0 ? 'report-first' : null, data: { reason }, disabled: busy,
            onclick: () => actions.sendReport(reason),
          }, t(key)))),
        h('p', { class: 'report-status', role: 'status' }, busy ? t('report.sending') : ''),
        h('div', { class: 'actions' },
          h('button', {
            class: 'btn link', type: 'button', id: 'report-cancel', disabled: busy,
            onclick: () => actions.closeReport(),
          }, t('home.cancel'))),
      ];
    }
    return [
      heading,
      h('p', { class: `report-status ${r.phase}`, id: 'report-result', role: 'status' }, reportResultText(r)),
      h('div', { class: 'actions' },
        h('button', {
          class: 'btn', type: 'button', id: 'report-close', 'aria-describedby': 'report-result',
          onclick: () => actions.closeReport(),
        }, t('home.dismiss'))),
    ];
  }

  return {
    el,
    update(s) {
      el.hidden = !s.report;
      keyed(el, JSON.stringify([s.report, s.report && player(s, s.report.player).nickname]),
        () => (s.report ? draw(s) : null));
    },
  };
}
