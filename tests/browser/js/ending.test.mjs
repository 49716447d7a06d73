// node --test tests/browser/js/ : the reducer (see reducer.test.mjs) at the end of a tournament,
// watching a duel, and outside the game: errors, a party, the home screen.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { FINAL_HOLD_MS } from '../../../web/static/js/reducer.js';
import { screenOf } from '../../../web/static/js/reduce/select.js';
import { ME, inDuel, online, seat } from './game.mjs';

test('the end of a tournament: placements, the last duel held on screen, then the table', () => {
  const g = inDuel(44);
  g.frame({ type: 'duel_ended', duel: 17, outcome: 'win', winner: ME, loser: 44, secret: 'grape', secret_letters: [...'grape'] });
  g.frame({ type: 'lives', player: 44, lives: 0 });
  g.frame({ type: 'eliminated', player: 44, round: 3, left: false, place: null });
  assert.equal(g.state.tournament.standings[44].out, true);
  g.frame({ type: 'round_ended', round: 3 });
  g.frame({ type: 'placement', player: 44, place: 2, round: 3, left: false, rating_before: 1000, rating_change: -5, rating_after: 995 });
  g.frame({ type: 'placement', player: ME, place: 1, round: 3, left: false, rating_before: 1000, rating_change: 25, rating_after: 1025 });
  assert.equal(g.state.me.rating, 1025);
  assert.equal(g.state.myPlacement.place, 1);
  assert.equal(g.state.tournament.standings[ME].place, 1);
  const places = [{ player: ME, place: 1, rating_change: 25 }, { player: 44, place: 2, rating_change: -5 }];
  g.frame({ type: 'tournament_ended', tournament: 7, winner: ME, places });
  assert.equal(g.state.final.holdUntil, g.at + FINAL_HOLD_MS);
  assert.equal(g.state.final.mine.place, 1);
  assert.equal(screenOf(g.state), 'game'); // the last duel's end stays a while
  assert.deepEqual(g.of('reveal'), [{ type: 'reveal', id: 'final-soon' }]);
  assert.deepEqual(g.of('announce'), [{ type: 'announce', texts: [{ key: 'game.final_in', params: { s: 5 } }] }]);
  g.wait(FINAL_HOLD_MS - 100).send({ type: 'tick' });
  assert.equal(screenOf(g.state), 'game');
  g.wait(100).send({ type: 'tick' });
  assert.equal(screenOf(g.state), 'end');
  assert.equal(g.state.tournament, null);
  assert.deepEqual(g.sent(), [{ type: 'resync' }]); // the lobby is closed: home comes back
  g.frame({ type: 'home', party: null });
  assert.equal(screenOf(g.state), 'end'); // home under the table, no look-up: the end was seen
  assert.deepEqual(g.of('look_up_tournament'), []);
  g.send({ type: 'play_again', language: 'en' });
  assert.equal(g.state.final, null);
  assert.deepEqual(g.sent(), [{ type: 'queue', language: 'en' }]);
});

test('the final table at once, asked for: Show now ends the hold', () => {
  const g = inDuel(44);
  g.frame({ type: 'duel_ended', duel: 17, outcome: 'draw', winner: null, loser: null, secret: 'grape', secret_letters: [...'grape'] });
  g.frame({ type: 'tournament_ended', tournament: 7, winner: null, places: [] });
  g.send({ type: 'show_final' });
  assert.equal(screenOf(g.state), 'end');
  assert.deepEqual(g.sent(), [{ type: 'resync' }]);
  g.wait(FINAL_HOLD_MS).send({ type: 'tick' });
  assert.deepEqual(g.sent(), []); // shown once
});

test('home from a running tournament without its end: its record is looked up', () => {
  const g = inDuel(ME);
  g.frame({ type: 'home', party: null });
  assert.deepEqual(g.of('look_up_tournament'), [{ type: 'look_up_tournament', id: 7 }]);
  g.send({ type: 'gone_summary', summary: null });
  assert.deepEqual(g.state.notice, [{ key: 'code.grace_expired' }]);
  const h = inDuel(ME);
  h.frame({ type: 'home', party: null });
  h.send({
    type: 'gone_summary',
    summary: {
      id: 7, entries: [
        { player: seat(ME), place: 1, rating_change: 20, left: false },
        { player: seat(44), place: 2, rating_change: -20, left: false },
      ],
    },
  });
  assert.equal(screenOf(h.state), 'end');
  assert.equal(h.state.final.winner, ME);
});

test('spectating: watch a live duel after mine, its rows arrive, stop watching', () => {
  const g = inDuel(44);
  g.frame({ type: 'duel_started', duel: 18, round: 1, players: [40, 46], length: 4, starter: 40, max_turns: 6, turn_ms: 30000, deadline: 0, remaining_ms: 30000 });
  assert.equal(g.state.duel.id, 17); // not mine: only the list of live duels
  assert.equal(g.state.tournament.duels.length, 2);
  g.frame({ type: 'duel_ended', duel: 17, outcome: 'win', winner: ME, loser: 44, secret: 'grape', secret_letters: [...'grape'] });
  g.send({ type: 'spectate', duel: 18 });
  assert.deepEqual(g.sent(), [{ type: 'spectate', duel: 18 }]);
  g.frame({
    type: 'duel_view', duel: {
      id: 18, round: 1, players: [40, 46], length: 4, starter: 40,
      rows: [{ index: 0, player: 40, letters: [...'lamp'], marks: 'xyxx', skipped: false }],
      to_move: 46, deadline: 0, remaining_ms: 21000, max_turns: 6, turn_ms: 30000,
      outcome: null, winner: null, secret: null, secret_letters: null,
    },
  });
  const w = g.state.watching;
  assert.equal(w.id, 18);
  assert.equal(w.deadline, g.at + 21000);
  assert.deepEqual(g.of('announce_row'), []); // a board drawn whole is not news
  g.frame({
    type: 'guess_scored', duel: 18, index: 1, player: 46, letters: [...'palm'], marks: 'yyxx', skipped: false,
    next: { player: 40, turn: 2, turn_ms: 30000, deadline: 0, remaining_ms: 30000 },
  });
  assert.equal(g.state.watching.rows[1].player, 46);
  assert.equal(g.state.duel.rows.length, 0); // my board is untouched
  assert.deepEqual(g.of('announce_row'), [{ type: 'announce_row', duel: 18, index: 1 }]);
  g.send({ type: 'type', key: 'a' }); // watching: nothing types
  assert.equal(g.state.typed, '');
  assert.deepEqual(g.all.filter((e) => e.type === 'attention'), []); // never my turn: no cue
  g.frame({ type: 'duel_ended', duel: 18, outcome: 'draw', winner: null, loser: null, secret: 'lamp', secret_letters: [...'lamp'] });
  assert.deepEqual(g.of('reveal'), [{ type: 'reveal', id: 'duel-result' }]); // the watched end in view
  assert.equal(g.state.tournament.duels.find((d) => d.id === 18).over, true);
  g.send({ type: 'stop_spectating' });
  assert.equal(g.state.watching, null);
  assert.deepEqual(g.sent(), [{ type: 'stop_spectating' }]);
});

test('errors: a toast with the code; an outdated client stops; unauthorized signs out', () => {
  const g = online();
  g.frame({ type: 'error', code: 'already_playing', message: 'You are already in a lobby.' });
  assert.deepEqual(g.state.toast, { code: 'already_playing', message: 'You are already in a lobby.', seq: g.state.seq });
  g.frame({ type: 'error', code: 'unauthorized', message: '' });
  assert.deepEqual(g.effects, [{ type: 'signed_out' }]);
  g.frame({ type: 'error', code: 'unsupported_version', message: 'Reload.' });
  assert.deepEqual(g.effects, [{ type: 'stop_socket' }]);
  assert.equal(screenOf(g.state), 'outdated');
  g.send({ type: 'conn', status: 'stopped' });
  assert.equal(g.state.conn, 'outdated');
});

test('replaced, then "use it here" connects again', () => {
  const g = online();
  g.frame({ type: 'replaced', code: 'replaced', message: '' });
  assert.equal(screenOf(g.state), 'replaced');
  g.send({ type: 'reconnect' });
  assert.deepEqual(g.effects, [{ type: 'connect' }]);
  assert.equal(g.state.conn, 'connecting');
});

test('a party: removed by the leader is a notice, leaving it myself is not', () => {
  const party = { id: 4, language: 'en', leader: 40, you: ME, max: 8, members: [seat(40), seat(ME)] };
  const g = online();
  g.frame({ type: 'party', party });
  assert.equal(screenOf(g.state), 'party');
  g.frame({ type: 'party', party: null });
  assert.deepEqual(g.state.notice, [{ key: 'party.removed' }]);
  const h = online();
  h.frame({ type: 'party', party });
  h.send({ type: 'leaving_party' });
  h.frame({ type: 'party', party: null });
  h.send({ type: 'party_left' });
  assert.equal(h.state.notice, null);
  assert.equal(screenOf(h.state), 'home');
});

test('home screen events: the nickname form, the leaderboard, the word language and its offer', () => {
  const g = online();
  g.send({ type: 'edit_nickname' });
  assert.deepEqual(g.effects, [{ type: 'focus', id: 'nickname' }]);
  g.send({ type: 'nickname_refused', text: 'Too short.' });
  assert.deepEqual(g.state.nickname, { editing: true, error: 'Too short.' });
  g.send({ type: 'nickname_saved', me: { id: ME, nickname: 'Ada', rating: 1000 } });
  assert.deepEqual(g.state.nickname, { editing: false, error: '' });
  assert.equal(g.state.me.nickname, 'Ada');
  g.send({ type: 'leaderboard_wanted', bots: true });
  g.send({ type: 'leaderboard', bots: false, board: { rows: [] } }); // late, for the other list
  assert.equal(g.state.leaderboard, null);
  g.send({ type: 'leaderboard', bots: true, board: { rows: [], you: null } });
  assert.deepEqual(g.state.leaderboard, { rows: [], you: null });
  g.send({ type: 'set_language', code: 'de' });
  assert.deepEqual(g.effects, [{ type: 'remember', key: 'wt.language', value: 'de' }]);
  g.send({ type: 'offer', offer: { code: 'fr', text: 'x', yes: 'y', no: 'n' } }); // no longer chosen
  assert.equal(g.state.offer, null);
  g.send({ type: 'offer', offer: { code: 'de', text: 'Auf Deutsch?', yes: 'Ja', no: 'Nein' } });
  assert.equal(g.state.offer.code, 'de');
  g.send({ type: 'dismiss_offer' });
  assert.equal(g.state.offer, null);
});

test('a tournament aborted: a notice, and no look-up when home follows', () => {
  const g = inDuel(ME);
  g.frame({ type: 'tournament_aborted', tournament: 7, code: 'tournament_stopped', message: 'Stopped.' });
  g.frame({ type: 'home', party: null });
  assert.deepEqual(g.state.notice, [{ key: 'code.tournament_stopped', fallback: 'Stopped.' }]);
  assert.deepEqual(g.of('look_up_tournament'), []);
  assert.equal(g.state.leftReason, null);
});
