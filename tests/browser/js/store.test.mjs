// node --test tests/browser/js/ : the store hands each message, stamped with the time, to the
// reducer, and calls its subscribers once per batch with the new state and all its effects.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { initialState, reduce } from '../../../web/static/js/reducer.js';
import { createStore } from '../../../web/static/js/store.js';

const drawn = () => new Promise((resolve) => queueMicrotask(resolve));

test('messages are stamped with both clocks and reduced at once; subscribers see one batch', async () => {
  const seen = [];
  const store = createStore(initialState(), (state, message) => {
    seen.push(message);
    return reduce(state, message);
  });
  const batches = [];
  store.subscribe((state, effects) => batches.push({ state, effects }));
  const before = Date.now();
  store.dispatch({ type: 'conn', status: 'online' });
  store.dispatch({ type: 'queue', language: 'en' });
  store.dispatch({ type: 'leave' });
  assert.equal(store.state.conn, 'online'); // at once, before any drawing
  assert.equal(batches.length, 0);
  assert.ok(seen.every((m) => typeof m.at === 'number' && m.wall >= before));
  await drawn();
  assert.equal(batches.length, 1);
  assert.equal(batches[0].state, store.state);
  assert.deepEqual(batches[0].effects.map((e) => e.message.type), ['queue', 'leave']);
});

test('a message that changes nothing draws nothing; refresh draws again with no effect', async () => {
  const store = createStore(initialState(), reduce);
  const batches = [];
  store.subscribe((state, effects) => batches.push(effects));
  const before = store.state;
  store.dispatch({ type: 'tick' });
  assert.equal(store.state, before);
  await drawn();
  assert.equal(batches.length, 0);
  store.refresh(); // a new interface language
  await drawn();
  assert.deepEqual(batches, [[]]);
});

test('a message given its own time keeps it', () => {
  let got;
  const store = createStore(initialState(), (state, message) => {
    got = message;
    return { state, effects: [] };
  });
  store.dispatch({ type: 'tick', at: 5, wall: 6 });
  assert.deepEqual(got, { type: 'tick', at: 5, wall: 6 });
});
