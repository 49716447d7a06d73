// What the player can do: each action sends a websocket message or calls a REST route and
// updates the store. Views call these; they never talk to the server themselves.

import { api } from './api.js';
import { deleteLetter, splitLetters, typeKey, typingRules } from './letters.js';
import { emit, languageOf, nextSeq, showFinal, state, toast } from './state.js';
import { has, t } from './i18n.js';

const rulesCache = {};

export function rulesFor(code) {
  if (!rulesCache[code]) {
    const language = languageOf(code);
    rulesCache[code] = typingRules(language || { alphabet: [] });
  }
  return rulesCache[code];
}

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

export function createActions(socket) {
  const send = (message) => socket.send(message);

  function myDuelLive() {
    const d = state.duel;
    return d && !d.outcome ? d : null;
  }

  function canType() {
    const d = myDuelLive();
    return !!d && d.to_move === state.me.id && !state.pendingGuess && state.conn === 'online';
  }

  function localRejection(reason, text) {
    state.rejection = { reason, message: text, local: true, seq: nextSeq() };
    emit();
  }

  async function party(call, after) {
    try {
      const view = await call();
      if (view && view.id !== undefined) state.party = view;
      if (after) after(view);
      emit();
      return view;
    } catch (err) {
      toast(apiErrorText(err));
      return null;
    }
  }

  return {
    canType,

    queue(language) {
      state.notice = null;
      send({ type: 'queue', language });
      emit();
    },

    leave() {
      send({ type: 'leave' });
    },

    spectate(duel) {
      send({ type: 'spectate', duel });
    },

    stopSpectating() {
      send({ type: 'stop_spectating' });
      state.watching = null;
      emit();
    },

    type(key) {
      const d = myDuelLive();
      if (!d || !canType()) return false;
      const rules = rulesFor(state.lobby.language);
      const next = typeKey(state.typed, key, rules, d.length);
      if (next === state.typed) return false;
      state.typed = next;
      emit();
      return true;
    },

    backspace() {
      if (!canType()) return;
      state.typed = deleteLetter(state.typed, rulesFor(state.lobby.language));
      emit();
    },

    submit() {
      const d = myDuelLive();
      if (!d) return;
      if (d.to_move !== state.me.id) {
        localRejection('wait_turn', t('duel.wait_turn'));
        return;
      }
      if (!canType()) return;
      const letters = splitLetters(state.typed, rulesFor(state.lobby.language)) || [];
      if (letters.length !== d.length) {
        localRejection('wrong_length', t('duel.too_short', { length: d.length }));
        return;
      }
      if (send({ type: 'guess', word: letters.join('') })) {
        state.pendingGuess = true;
        state.rejection = null;
        emit();
      }
    },

    showFinal,

    dismissFinal() {
      state.final = null;
      emit();
    },

    playAgain(language) {
      state.final = null;
      this.queue(language);
    },

    async saveNickname(nickname) {
      const me = await api.setNickname(nickname); // throws ApiError, shown by the form
      state.me = { ...state.me, nickname: me.nickname, rating: me.rating };
      state.players[me.id] = { ...(state.players[me.id] || {}), nickname: me.nickname };
      emit(); // the server shows the new name in the lobby and the party itself
      return me;
    },

    async refreshMe() {
      try {
        const me = await api.me();
        state.me = { ...state.me, nickname: me.nickname, tag: me.tag, rating: me.rating };
        emit();
      } catch {
        /* the welcome message has it too */
      }
    },

    /** The leaderboard of people, or of everyone with the bots. */
    async loadLeaderboard(bots = false) {
      state.leaderboardBots = bots;
      try {
        const board = await api.leaderboard(20, bots);
        if (state.leaderboardBots === bots) state.leaderboard = board;
      } catch {
        state.leaderboard = { failed: true };
      }
      emit();
    },

    setLanguage(code) {
      state.language = code;
      try {
        localStorage.setItem('wt.language', code);
      } catch {
        /* private mode */
      }
      emit();
    },

    createParty: (language) => party(() => api.createParty(language)),
    startParty: () => party(() => api.startParty()),
    removeMember: (id) => party(() => api.removeMember(id)),
    handOver: (id) => party(() => api.handOver(id)),
    renewInvite: () => party(() => api.renewInvite()),
    setPartyLanguage: (code) => party(() => api.setPartyLanguage(code)),
    leaveParty: () =>
      party(
        () => {
          state.leavingParty = true;
          return api.leaveParty();
        },
        () => {
          state.party = null;
        },
      ),
  };
}
