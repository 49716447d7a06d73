// Reporting another player's nickname: the control beside a name opens the menu of reasons
// (report_open), one reason sends it (report_send → the `report` effect, POST /api/reports), and
// the server's answer comes back as report_answer (filed, or already open) or report_refused
// (its refusal code). Nobody reports a bot or themselves: the menu does not open for them.

import { player } from './select.js';

export const REPORT_REASONS = ['offensive_name', 'hateful_name', 'impersonation', 'other'];
export const REPORT_PLACES = ['standings', 'end', 'profile', 'replay'];

/** The id of the control beside a player's name, where the focus goes back after the menu. */
export function reportButtonId(where, id) {
  return `report-${where}-${id}`;
}

/** A player another one may report: a person (not a bot) who is not me. */
export function reportable(s, id) {
  return !!s.me && id !== s.me.id && !player(s, id).bot;
}

function waiting(s, m) {
  return !!s.report && s.report.player === m.player && s.report.phase === 'sending';
}

export const onReport = {
  /** The menu of reasons for one player, seen in `where` (and `tournament`). */
  report_open(s, m, c) {
    if (!reportable(s, m.player) || !REPORT_PLACES.includes(m.where)) return;
    if (s.report && s.report.phase === 'sending') return; // one report on its way at a time
    s.report = {
      player: m.player, where: m.where, tournament: m.tournament ?? null,
      phase: 'choosing', reason: null, created: null, code: null, message: null,
    };
    c.fx({ type: 'focus', id: 'report-first' });
  },

  /** Closed (Cancel, OK, Escape): the focus goes back to the control it came from. */
  report_close(s, m, c) {
    if (!s.report || s.report.phase === 'sending') return;
    const { where, player: id } = s.report;
    s.report = null;
    c.fx({ type: 'focus', id: reportButtonId(where, id) });
  },

  /** One reason chosen: the report goes to the server. */
  report_send(s, m, c) {
    if (!s.report || s.report.phase !== 'choosing' || !REPORT_REASONS.includes(m.reason)) return;
    const { player: id, where, tournament } = s.report;
    s.report = { ...s.report, phase: 'sending', reason: m.reason };
    c.fx({ type: 'report', player: id, reason: m.reason, where, tournament });
  },

  /** The server took it: `created` false when my report on this player was already open. */
  report_answer(s, m, c) {
    if (!waiting(s, m)) return;
    s.report = { ...s.report, phase: 'sent', created: !!m.created };
    c.fx({ type: 'focus', id: 'report-close' });
  },

  /** The server refused it: `code` (report_limited, report_self, …) or none, and its text. */
  report_refused(s, m, c) {
    if (!waiting(s, m)) return;
    s.report = { ...s.report, phase: 'refused', code: m.code ?? null, message: m.message ?? '' };
    c.fx({ type: 'focus', id: 'report-close' });
  },
};
