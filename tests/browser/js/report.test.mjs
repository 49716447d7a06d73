// node --test tests/browser/js/ : reporting another player's nickname through the reducer: the
// menu opens only for a person who is not me, one reason asks for the `report` effect (POST
// /api/reports), and the answer (filed, already open, refused) is what the panel then shows.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { reportButtonId, reportable } from '../../../web/static/js/reduce/report.js';
import { EIGHT, ME, lobby, online, seat } from './game.mjs';

const PERSON = 40;
const BOT = 46;

/** In round 1 of tournament 7, where 40 and 41 are people and the rest bots. */
function withPeople() {
  const g = online();
  const seats = EIGHT.map((id) => seat(id, { bot: ![ME, 40, 41].includes(id) }));
  g.send({ type: 'queue', language: 'en' });
  g.frame({ type: 'lobby', lobby: lobby(EIGHT, { seats }) });
  const lives = Object.fromEntries(EIGHT.map((id) => [id, 3]));
  g.frame({ type: 'tournament_started', tournament: 7, lobby: lobby(EIGHT, { status: 'playing', seats }), lives });
  return g;
}

const reports = (g) => g.of('report');

test('the menu opens for another person, never for me, a bot, or an unknown place', () => {
  const g = withPeople();
  assert.equal(reportable(g.state, PERSON), true);
  assert.equal(reportable(g.state, ME), false);
  assert.equal(reportable(g.state, BOT), false);
  for (const [player, where] of [[ME, 'standings'], [BOT, 'standings'], [PERSON, 'lobby']]) {
    const before = g.state;
    g.send({ type: 'report_open', player, where, tournament: 7 });
    assert.equal(g.state.report, before.report, `${player} ${where}`);
    assert.deepEqual(g.effects, []);
  }
  g.send({ type: 'report_open', player: PERSON, where: 'standings', tournament: 7 });
  assert.equal(g.state.report.phase, 'choosing');
  assert.equal(g.state.report.player, PERSON);
  assert.deepEqual(g.of('focus'), [{ type: 'focus', id: 'report-first' }]);
});

test('one reason sends the report once; the answer says filed; closing goes back to the flag', () => {
  const g = withPeople();
  g.send({ type: 'report_open', player: PERSON, where: 'standings', tournament: 7 });
  g.send({ type: 'report_send', reason: 'ugly' }); // not a reason: nothing changes
  assert.equal(g.state.report.phase, 'choosing');
  assert.deepEqual(reports(g), []);
  g.send({ type: 'report_send', reason: 'hateful_name' });
  assert.equal(g.state.report.phase, 'sending');
  assert.deepEqual(reports(g), [
    { type: 'report', player: PERSON, reason: 'hateful_name', where: 'standings', tournament: 7 },
  ]);
  g.send({ type: 'report_send', reason: 'other' }); // a second tap while it is on its way
  assert.deepEqual(reports(g), []);
  g.send({ type: 'report_close' }); // not while it is on its way
  assert.equal(g.state.report.phase, 'sending');
  g.send({ type: 'report_answer', player: 41, created: true }); // not the one on its way
  assert.equal(g.state.report.phase, 'sending');
  g.send({ type: 'report_answer', player: PERSON, created: true });
  assert.equal(g.state.report.phase, 'sent');
  assert.equal(g.state.report.created, true);
  assert.deepEqual(g.of('focus'), [{ type: 'focus', id: 'report-close' }]);
  g.send({ type: 'report_close' });
  assert.equal(g.state.report, null);
  assert.deepEqual(g.of('focus'), [{ type: 'focus', id: reportButtonId('standings', PERSON) }]);
  assert.equal(reportButtonId('standings', PERSON), 'report-standings-40');
});

test('a second report on the same player answers "already reported"', () => {
  const g = withPeople();
  for (const created of [true, false]) {
    g.send({ type: 'report_open', player: PERSON, where: 'end', tournament: 7 });
    g.send({ type: 'report_send', reason: 'offensive_name' });
    g.send({ type: 'report_answer', player: PERSON, created });
    assert.equal(g.state.report.phase, 'sent');
    assert.equal(g.state.report.created, created);
    g.send({ type: 'report_close' });
  }
});

test('a refusal keeps its code for the panel to say in words', () => {
  const g = withPeople();
  g.send({ type: 'report_open', player: 41, where: 'end', tournament: null });
  g.send({ type: 'report_send', reason: 'impersonation' });
  assert.deepEqual(reports(g), [
    { type: 'report', player: 41, reason: 'impersonation', where: 'end', tournament: null },
  ]);
  g.send({ type: 'report_refused', player: 41, code: 'report_limited', message: 'Too many reports' });
  assert.equal(g.state.report.phase, 'refused');
  assert.equal(g.state.report.code, 'report_limited');
  // an answer that comes after the refusal changes nothing
  const before = g.state;
  g.send({ type: 'report_answer', player: 41, created: true });
  assert.equal(g.state.report, before.report);
  assert.equal(g.state.report.phase, 'refused');
});
