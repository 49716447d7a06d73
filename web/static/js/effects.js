// Runs the effects the reducer returns (reducer.js), after the screen is drawn: what goes to
// the server, what screen readers hear, the turn cue, the focus and what scrolls into view, and
// the REST look-ups whose answers come back as messages. The only place they happen.

import { announce } from './announce.js';
import { api } from './api.js';
import * as attention from './attention.js';
import { rowLabel, shakeRow } from './board.js';
import { seeIt } from './dom.js';
import { t } from './i18n.js';
import { viewById } from './reduce/select.js';
import { nameText } from './views/common.js';

/** deps: {store, socket, session: {signedIn}, actions}. */
export function createEffects({ store, socket, session, actions }) {
  const dispatch = (m) => store.dispatch(m);

  const run = {
    send({ message }) {
      if (!socket.send(message)) dispatch({ type: 'send_failed', message });
    },
    connect() {
      socket.connect();
    },
    stop_socket() {
      socket.stop();
    },
    signed_out() {
      session.signedIn = false;
    },
    announce({ texts }) {
      announce(texts.map((x) => t(x.key, x.params)).join('. '));
    },
    announce_row({ duel, index }, s) {
      const v = viewById(s, duel);
      const row = v && v.rows[index];
      if (row) announce(rowLabel(row, index + 1, (p) => nameText(s, p)));
    },
    attention({ turn }) {
      attention.turnChanged(turn);
    },
    shake() {
      // my row: the one typed ahead on their turn, else the current one
      const row = document.querySelector('.duel-panel.mine .row.queued')
        || document.querySelector('.duel-panel.mine .row.current');
      if (row) shakeRow(row);
    },
    reveal({ id }) {
      const el = document.getElementById(id);
      if (el) requestAnimationFrame(() => seeIt(el));
    },
    scroll_top() {
      window.scrollTo(0, 0);
    },
    focus({ id }) {
      const el = document.getElementById(id);
      if (el) el.focus();
    },
    remember({ key, value }) {
      try {
        localStorage.setItem(key, value);
      } catch {
        /* private mode */
      }
    },
    async look_up_tournament({ id }) {
      let summary = null;
      if (id !== null && id !== undefined) {
        try {
          summary = await api.tournament(id);
        } catch {
          summary = null; // 409: still running without us
        }
      }
      dispatch({ type: 'gone_summary', summary });
      actions.refreshMe();
    },
    /** POST /api/reports; the answer, or the refusal's code, comes back as a message. */
    async report({ player, reason, where, tournament }) {
      try {
        const answer = await api.report({ player, reason, where, tournament });
        dispatch({ type: 'report_answer', player, created: !!(answer && answer.created) });
      } catch (err) {
        dispatch({ type: 'report_refused', player, code: err.code, message: err.message });
      }
    },
  };

  /** Run each effect against the state just drawn. */
  return function runAll(state, effects) {
    for (const effect of effects) run[effect.type](effect, state);
  };
}
