// What the player can do. Each action is a message to the reducer (which asks for what goes to
// the server as an effect), or a REST call whose answer comes back as a message. Views call
// these; they never change the state or talk to the server themselves.

import { api } from './api.js';
import { copyText } from './dom.js';
import * as i18n from './i18n.js';
import { contrast, has, num, t } from './i18n.js';
import { roundsPlayed, shareGrid } from './share.js';

/** The text of a refused REST call, in the player's words. */
export function apiErrorText(err) {
  if (err.code === 'network' || err.status === 0) return t('error.network');
  if (err.code === 'nickname_refused') {
    const reason = err.fields && err.fields.reason ? err.fields.reason[0] : '';
    if (has(`nickname_reason.${reason}`)) return t(`nickname_reason.${reason}`);
  }
  if (err.code && has(`party_code.${err.code}`)) return t(`party_code.${err.code}`);
  return err.message;
}

/** The text to share: place, rounds, a grid of colours, and the replay's address. */
async function resultText(tournament, me) {
  const summary = await api.tournament(tournament);
  const mine = summary.entries.find((e) => e.player.id === me);
  const headline = t('share.text', {
    id: tournament,
    place: mine && mine.place ? mine.place : summary.entries.length,
    players: summary.entries.length,
    rounds: roundsPlayed(summary, me),
  });
  const grid = shareGrid(summary.duels, me, { contrast: contrast(), num });
  return `${headline}\n${grid}\n${i18n.ORIGIN}/tournaments/${tournament}`;
}

export function createActions(store) {
  const dispatch = (message) => store.dispatch(message);
  const toast = (text) => dispatch({ type: 'toast', text });
  let offerTimer = null;

  /** A party call: its answer is the party now; a refusal is a toast. */
  async function party(call) {
    try {
      const view = await call();
      dispatch({ type: 'party_view', party: view });
      return view;
    } catch (err) {
      toast(apiErrorText(err));
      return null;
    }
  }

  /** Choosing a word language that is also an interface language offers it, once, in its
   * words. Only a choice that stays is offered: arrowing through the list passes many. */
  async function offerLanguage(code) {
    if (!i18n.takeOffer(code)) return;
    try {
      const [text, yes, no] = await Promise.all(
        ['offer.switch', 'offer.yes', 'offer.no'].map((key) => i18n.tIn(code, key)),
      );
      dispatch({ type: 'offer', offer: { code, text, yes, no } });
    } catch {
      dispatch({ type: 'dismiss_offer' }); // no catalog: no offer
    }
  }

  return {
    toast,
    /** Play: queue in a word language (the one chosen on the home screen). */
    queue: (language = store.state.language) => dispatch({ type: 'queue', language }),
    leave: () => dispatch({ type: 'leave' }),
    /** Leave the tournament: asked first while I am still in it (it costs the rest). */
    leaveTournament() {
      const s = store.state;
      const mine = s.tournament && s.me ? s.tournament.standings[s.me.id] : null;
      if ((mine && mine.out) || window.confirm(t('game.leave_confirm'))) dispatch({ type: 'leave' });
    },
    spectate: (duel) => dispatch({ type: 'spectate', duel }),
    stopSpectating: () => dispatch({ type: 'stop_spectating' }),
    autoWatch: (on) => dispatch({ type: 'auto_watch', on }),
    /** A key for my guess: true when it typed something (the key's default is then prevented). */
    type(key) {
      const before = store.state.typed;
      return dispatch({ type: 'type', key }).typed !== before;
    },
    backspace: () => dispatch({ type: 'backspace' }),
    submit: () => dispatch({ type: 'submit' }),
    showFinal: () => dispatch({ type: 'show_final' }),
    dismissFinal: () => dispatch({ type: 'dismiss_final' }),
    playAgain: (language) => dispatch({ type: 'play_again', language }),
    dismissNotice: () => dispatch({ type: 'dismiss_notice' }),
    dismissOffer: () => dispatch({ type: 'dismiss_offer' }),
    editNickname: () => dispatch({ type: 'edit_nickname' }),
    cancelNickname: () => dispatch({ type: 'cancel_nickname' }),
    /** Report a nickname: the menu of reasons, one reason sent, the menu closed. */
    openReport: (player, where, tournament = null) => dispatch({ type: 'report_open', player, where, tournament }),
    sendReport: (reason) => dispatch({ type: 'report_send', reason }),
    closeReport: () => dispatch({ type: 'report_close' }),

    async saveNickname(nickname) {
      try {
        // the server shows the new name in the lobby and the party itself
        dispatch({ type: 'nickname_saved', me: await api.setNickname(nickname) });
      } catch (err) {
        dispatch({ type: 'nickname_refused', text: t('home.nickname_refused', { detail: apiErrorText(err) }) });
      }
    },

    async refreshMe() {
      try {
        dispatch({ type: 'me', me: await api.me() });
      } catch {
        /* the welcome message has it too */
      }
    },

    /** The leaderboard of people, or of everyone with the bots. */
    async loadLeaderboard(bots = false) {
      dispatch({ type: 'leaderboard_wanted', bots });
      let board;
      try {
        board = await api.leaderboard(20, bots);
      } catch {
        board = { failed: true };
      }
      dispatch({ type: 'leaderboard', bots, board });
    },

    setLanguage(code) {
      dispatch({ type: 'set_language', code });
      clearTimeout(offerTimer);
      offerTimer = setTimeout(() => offerLanguage(code), 500);
    },

    /** Copy the result to share; a toast says whether it worked. */
    async shareResult(tournament, me) {
      try {
        toast(t(await copyText(await resultText(tournament, me)) ? 'end.share_copied' : 'end.share_failed'));
      } catch {
        toast(t('end.share_failed'));
      }
    },

    createParty: (language = store.state.language) => party(() => api.createParty(language)),
    startParty: () => party(() => api.startParty()),
    removeMember: (id) => party(() => api.removeMember(id)),
    handOver: (id) => party(() => api.handOver(id)),
    renewInvite: () => party(() => api.renewInvite()),
    setPartyLanguage: (code) => party(() => api.setPartyLanguage(code)),
    async leaveParty() {
      dispatch({ type: 'leaving_party' });
      try {
        await api.leaveParty();
        dispatch({ type: 'party_left' });
      } catch (err) {
        toast(apiErrorText(err));
      }
    },
  };
}
