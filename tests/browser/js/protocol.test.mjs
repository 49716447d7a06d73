// node --test tests/browser/js/ : the client and its documents agree: a handler for every server
// frame of protocol/PROTOCOL.md, and docs/client.md names every local event and every effect.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { onEvent } from '../../../web/static/js/reduce/events.js';
import { onFrame } from '../../../web/static/js/reduce/frames.js';

test('every frame of protocol/PROTOCOL.md is handled; docs/client.md names every event and effect', () => {
  const doc = readFileSync(new URL('../../../docs/client.md', import.meta.url), 'utf8');
  const runner = readFileSync(new URL('../../../web/static/js/effects.js', import.meta.url), 'utf8');
  const effects = [...runner.matchAll(/^ {4}(?:async )?(\w+)\(/gm)].map((m) => m[1]);
  assert.ok(effects.includes('send') && effects.includes('look_up_tournament'), effects);
  const protocol = readFileSync(new URL('../../../protocol/PROTOCOL.md', import.meta.url), 'utf8');
  for (const name of [...Object.keys(onEvent), ...effects]) assert.match(doc, new RegExp(`\`${name}\``), name);
  // every server frame of the protocol has its handler (pong only answers a ping)
  const frames = [...protocol.matchAll(/^`(\w+)` — /gm)].map((m) => m[1]).filter((f) => f !== 'pong');
  assert.deepEqual(Object.keys(onFrame).sort(), frames.sort());
});
