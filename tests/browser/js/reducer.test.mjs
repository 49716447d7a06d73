// node --test tests/browser/js/ : the page's state changed by one pure reducer, message after
// message, as a player lives it: a lobby filling, a round's intro, a duel with guesses both
// ways, a refused word, a reconnect, the last seconds of a turn (ending.test.mjs: the end of a
// tournament, watching a duel, and more).
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { test } from 'node:test';
import { initialState, reduce } from '../../../web/static/js/reducer.js';
import { canType, screenOf } from '../../../web/static/js/reduce/select.js';
import {
  EIGHT, ME, deepFreeze, inDuel, inTournament, lobby, online, seat, typeWord,
} from './game.mjs';

test('the reducer reads no clock and touches no page, socket, timer or storage', () => {
  const js = new URL('../../../web/static/js/', import.meta.url);
  const files = ['reducer.js', ...readdirSync(new URL('reduce/', js)).map((f) => `reduce/${f}`)];
  const forbidden = /\b(document|window|Date\.now|performance|setTimeout|setInterval|localStorage|WebSocket|fetch|queueMicrotask|Math\.random)\b/;
  for (const file of files) {
    const code = readFileSync(new URL(file, js), 'utf8').replace(/\/\/.*$|\/\*[\s\S]*?\*\//gm, '');
    assert.doesNotMatch(code, forbidden, file);
    for (const [, from] of code.matchAll(/from '([^']+)'/g)) {
      const target = new URL(from, new URL(file, js)).href.slice(js.href.length);
      // only its own modules, and the pure letter helpers (tested in letters.test.mjs)
      assert.ok(target.startsWith('reduce/') || target === 'letters.js', `${file} imports ${from}`);
    }
  }
  assert.ok(files.length >= 5, files);
});

test('the state before a message stays whole, and the one after is new', () => {
  const before = deepFreeze(initialState());
  const { state } = reduce(before, { type: 'conn', status: 'online', at: 0, wall: 0 });
  assert.notEqual(state, before);
  assert.equal(before.conn, 'connecting');
  assert.equal(state.conn, 'online');
});

test('an unknown frame changes nothing; an unknown local event is a mistake', () => {
  const g = online();
  const before = g.state;
  g.frame({ type: 'pong', t: 1, server_time: 2 });
  assert.equal(g.state, before);
  assert.deepEqual(g.effects, []);
  assert.throws(() => g.send({ type: 'no_such_event' }), /unknown message no_such_event/);
});

test('welcome, home: signed in, on the home screen, the server clock known', () => {
  const g = online();
  assert.equal(g.state.me.id, ME);
  assert.equal(g.state.serverOffset, 2000);
  assert.equal(screenOf(g.state), 'home');
});

test('a lobby filling: Play sends queue, each lobby frame shows its seats, then the start', () => {
  const g = online();
  g.send({ type: 'notice', notice: [{ key: 'code.grace_expired' }] });
  g.send({ type: 'queue', language: 'en' });
  assert.deepEqual(g.sent(), [{ type: 'queue', language: 'en' }]);
  assert.equal(g.state.notice, null); // playing again clears the old notice
  // bots fill the rest at a server time: a local deadline, whatever the device clock says
  g.frame({ type: 'lobby', lobby: lobby([ME], { bot_fill_at: g.wall + 2000 + 15000 }) });
  assert.equal(screenOf(g.state), 'lobby');
  assert.equal(g.state.lobby.botFillDeadline, g.at + 15000);
  for (let n = 2; n <= 7; n += 1) g.frame({ type: 'lobby', lobby: lobby(EIGHT.slice(0, n)) });
  assert.equal(g.state.lobby.seats.length, 7);
  assert.equal(g.state.players[46], undefined);
  g.frame({ type: 'player_status', player: 40, connected: false, gone_at: null });
  assert.equal(g.state.lobby.seats.find((x) => x.id === 40).connected, false);
  const lives = Object.fromEntries(EIGHT.map((id) => [id, 3]));
  g.frame({ type: 'tournament_started', tournament: 7, lobby: lobby(EIGHT, { status: 'playing' }), lives });
  assert.equal(g.state.players[46].nickname, 'P46');
  assert.equal(g.state.tournament.id, 7);
  assert.equal(g.state.tournament.standings[46].lives, 3);
  assert.equal(screenOf(g.state), 'game');
  assert.deepEqual(g.of('announce'), []); // round 1's intro is said when it comes
});

test('leaving the lobby sends leave; the server answers left_lobby then home, and no notice', () => {
  const g = online();
  g.frame({ type: 'lobby', lobby: lobby([ME, 40]) });
  g.send({ type: 'leave' });
  assert.deepEqual(g.sent(), [{ type: 'leave' }]);
  g.frame({ type: 'left', reason: 'left_lobby', message: 'You left.' });
  g.frame({ type: 'home', party: null });
  assert.equal(g.state.lobby, null);
  assert.equal(g.state.notice, null);
  assert.deepEqual(g.of('look_up_tournament'), []);
  assert.equal(screenOf(g.state), 'home');
});

test('a round intro: pairs, bye, lives, a local countdown, announced once with my opponent', () => {
  const g = inTournament();
  const t = g.state.tournament;
  assert.equal(t.phase, 'intro');
  assert.equal(t.round, 1);
  assert.equal(t.introDeadline, g.at + 6000);
  assert.deepEqual(t.pairs[0], [12, 44]);
  assert.deepEqual(g.of('announce'), [{
    type: 'announce',
    texts: [{ key: 'intro.heading', params: { round: 1 } }, { key: 'intro.your_opponent', params: { name: 'P44' } }],
  }]);
  assert.deepEqual(g.of('scroll_top'), [{ type: 'scroll_top' }]);
  // the same intro again (a snapshot) is no news; round 2 with my bye is
  g.frame({ type: 'lives', player: 44, lives: 2 });
  assert.deepEqual(g.of('announce'), []);
  g.frame({ type: 'round_ended', round: 1 });
  assert.equal(g.state.tournament.phase, 'between');
  g.frame({
    type: 'round_intro', round: 2, pairs: [[40, 44]], bye: ME, lives: { 12: 3, 40: 1, 44: 2 },
    ends_at: 0, remaining_ms: 6000, recap: [{ players: [12, 44], duel: 17, outcome: 'win', winner: 12, secret: 'grape', rows: 4 }],
  });
  assert.equal(g.state.tournament.standings[40].lives, 1);
  assert.equal(g.state.tournament.recap[0].secret, 'grape');
  assert.deepEqual(g.of('announce')[0].texts, [{ key: 'intro.heading', params: { round: 2 } }, { key: 'intro.your_bye' }]);
});

test('a duel with guesses both ways: typing, the guess sent, rows for both, turns handed over', () => {
  const g = inDuel(ME);
  const d = g.state.duel;
  assert.equal(d.id, 17);
  assert.equal(d.to_move, ME);
  assert.equal(d.deadline, g.at + 30000);
  assert.equal(g.state.tournament.phase, 'playing');
  assert.ok(canType(g.state));
  assert.deepEqual(g.all.filter((e) => e.type === 'attention').at(-1), { type: 'attention', turn: '17:1' });
  typeWord(g, 'CRANEX'); // upper case folds; a sixth letter does not fit
  assert.equal(g.state.typed, 'crane');
  g.send({ type: 'backspace' });
  assert.equal(g.state.typed, 'cran');
  g.send({ type: 'submit' }); // four letters: refused here, nothing sent
  assert.deepEqual(g.sent(), []);
  assert.deepEqual(g.state.rejection, { reason: 'wrong_length', key: 'duel.too_short', params: { length: 5 }, local: true, seq: g.state.seq });
  assert.deepEqual(g.of('shake'), [{ type: 'shake' }]);
  g.send({ type: 'type', key: 'e' }).send({ type: 'submit' });
  assert.deepEqual(g.sent(), [{ type: 'guess', word: 'crane' }]);
  assert.equal(g.state.pendingGuess, true);
  assert.equal(g.state.rejection, null);
  assert.equal(canType(g.state), false); // nothing more types while the guess is on its way
  g.send({ type: 'type', key: 'a' });
  assert.equal(g.state.typed, 'crane');
  g.wait(4000).frame({
    type: 'guess_scored', duel: 17, index: 0, player: ME, letters: [...'crane'], marks: 'xgyxx', skipped: false,
    next: { player: 44, turn: 1, turn_ms: 30000, deadline: 0, remaining_ms: 30000 },
  });
  assert.equal(g.state.typed, '');
  assert.equal(g.state.pendingGuess, false);
  assert.equal(g.state.duel.rows[0].marks, 'xgyxx');
  assert.equal(g.state.duel.to_move, 44);
  assert.equal(g.state.duel.deadline, g.at + 30000);
  assert.deepEqual(g.of('announce_row'), [{ type: 'announce_row', duel: 17, index: 0 }]);
  assert.deepEqual(g.of('attention'), [{ type: 'attention', turn: null }]);
  // their turn: letters type ahead, Enter says wait and sends nothing
  g.send({ type: 'type', key: 'b' });
  assert.equal(g.state.typed, 'b');
  g.send({ type: 'submit' });
  assert.equal(g.state.rejection.key, 'duel.wait_turn');
  assert.deepEqual(g.sent(), []);
  g.send({ type: 'backspace' });
  assert.equal(g.state.typed, '');
  g.frame({
    type: 'guess_scored', duel: 17, index: 1, player: 44, letters: [...'grape'], marks: 'ggxxg', skipped: false,
    next: { player: ME, turn: 2, turn_ms: 30000, deadline: 0, remaining_ms: 30000 },
  });
  assert.equal(g.state.rejection, null); // my turn again: the old reason goes
  assert.equal(g.state.duel.turnNo, 2);
  assert.deepEqual(g.of('attention'), [{ type: 'attention', turn: '17:2' }]);
  g.frame({
    type: 'turn_skipped', duel: 17, index: 2, player: ME,
    next: { player: 44, turn: 2, turn_ms: 30000, deadline: 0, remaining_ms: 30000 },
  });
  assert.deepEqual(g.state.duel.rows[2], { index: 2, player: ME, letters: null, marks: null, skipped: true });
  g.frame({ type: 'duel_ended', duel: 17, outcome: 'win', winner: 44, loser: ME, secret: 'grape', secret_letters: [...'grape'] });
  assert.equal(g.state.duel.outcome, 'win');
  assert.equal(g.state.duel.to_move, null);
  assert.equal(g.state.tournament.duels[0].over, true);
  assert.deepEqual(g.of('reveal'), [{ type: 'reveal', id: 'duel-result' }]);
});

test('a refused word: the reason kept with a new seq each time, the row shakes, the turn goes on', () => {
  const g = inDuel(ME);
  typeWord(g, 'crxne').send({ type: 'submit' });
  g.frame({ type: 'guess_rejected', duel: 17, word: 'crxne', reason: 'not_a_word', message: 'Not in the word list.' });
  const first = g.state.rejection;
  assert.equal(first.reason, 'not_a_word');
  assert.equal(g.state.pendingGuess, false);
  assert.equal(g.state.typed, 'crxne'); // still there to fix
  assert.ok(canType(g.state));
  assert.deepEqual(g.of('shake'), [{ type: 'shake' }]);
  g.send({ type: 'submit' });
  g.frame({ type: 'guess_rejected', duel: 17, word: 'crxne', reason: 'not_a_word', message: 'Not in the word list.' });
  assert.ok(g.state.rejection.seq > first.seq);
  assert.deepEqual(g.of('shake'), [{ type: 'shake' }]);
  // a rejection of another duel's guess is not mine
  g.frame({ type: 'guess_rejected', duel: 99, word: 'x', reason: 'duel_over', message: '' });
  assert.equal(g.state.rejection.reason, 'not_a_word');
});

test('a guess that cannot go out (socket closed) is not pending', () => {
  const g = inDuel(ME);
  typeWord(g, 'crane').send({ type: 'submit' });
  assert.equal(g.state.pendingGuess, true);
  g.send({ type: 'send_failed', message: { type: 'guess', word: 'crane' } });
  assert.equal(g.state.pendingGuess, false);
});

test('offline, nothing types; a reconnect snapshot restores the duel with the rows missed', () => {
  const g = inDuel(ME);
  typeWord(g, 'cr');
  g.send({ type: 'conn', status: 'reconnecting' });
  assert.equal(canType(g.state), false);
  assert.equal(screenOf(g.state), 'game'); // the game stays on screen, under the banner
  g.send({ type: 'type', key: 'a' });
  assert.equal(g.state.typed, 'cr');
  g.wait(20000).send({ type: 'conn', status: 'online' });
  g.frame({ type: 'welcome', v: 1, server_time: g.wall, you: seat(ME, { bot: false }) });
  assert.equal(g.state.serverOffset, 0);
  g.frame({
    type: 'snapshot', you: ME,
    lobby: lobby(EIGHT, { status: 'playing' }),
    tournament: {
      id: 7, round: 1, phase: 'playing', intro_ends_at: null, intro_remaining_ms: null,
      pairs: [[12, 44], [40, 46], [41, 45], [42, 43]], bye: null,
      standings: EIGHT.map((id) => ({
        player: id, lives: id === 43 ? 0 : 3, out: id === 43, left: false, place: null, rating_change: null,
        connected: id !== 40, gone_at: id === 40 ? g.wall + 9000 : null,
      })),
      duels: [{ id: 17, players: [12, 44], length: 5, over: false, outcome: null, winner: null }],
      recap: [],
    },
    duel: {
      id: 17, round: 1, players: [12, 44], length: 5, starter: ME, to_move: ME,
      rows: [
        { index: 0, player: ME, letters: null, marks: null, skipped: true },
        { index: 1, player: 44, letters: [...'slate'], marks: 'xxyxg', skipped: false },
      ],
      deadline: 0, remaining_ms: 12000, max_turns: 6, turn_ms: 30000,
      outcome: null, winner: null, secret: null, secret_letters: null,
    },
    watching: null,
  });
  const d = g.state.duel;
  assert.equal(d.rows.length, 2);
  assert.equal(d.turnNo, 2); // my second turn: one row of mine on the board
  assert.equal(d.deadline, g.at + 12000);
  assert.equal(g.state.typed, 'cr'); // the same duel: what I typed stays
  assert.equal(g.state.tournament.standings[43].out, true);
  assert.equal(g.state.tournament.standings[40].awayUntil, g.at + 9000);
  // the rows missed while away are said; my turn is news again for the cue
  assert.deepEqual(g.of('announce_row').map((e) => e.index), [0, 1]);
  assert.ok(canType(g.state));
  assert.equal(screenOf(g.state), 'game');
});

test('the last seconds of my turn are said once each, from the clock in the tick', () => {
  const g = inDuel(ME);
  const said = () => g.of('announce').map((e) => e.texts[0].params.n);
  const before = g.state;
  g.wait(1000).send({ type: 'tick' });
  assert.equal(g.state, before); // nothing due: the same state, no effect
  g.wait(19500).send({ type: 'tick' }); // 9.5 s left: "10"
  assert.deepEqual(said(), [10]);
  g.wait(50).send({ type: 'tick' });
  assert.deepEqual(said(), []);
  g.wait(4500).send({ type: 'tick' }); // 4.95 s
  assert.deepEqual(said(), [5]);
  g.wait(2000).send({ type: 'tick' }); // 2.95 s
  assert.deepEqual(said(), [3]);
});
