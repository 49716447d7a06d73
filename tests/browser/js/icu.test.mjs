// The client's message formatter (web/static/js/icu.js) against the cases the server's formatter
// (web/icu.py) passes too: tests/fixtures/icu_cases.json.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';

import { Formatter, formatParts, parse } from '../../../web/static/js/icu.js';

const fixture = JSON.parse(
  readFileSync(new URL('../../fixtures/icu_cases.json', import.meta.url), 'utf-8'),
);

test('every shared case formats as expected', () => {
  for (const [locale, message, params, expected] of fixture.cases) {
    const got = formatParts(parse(message), params, new Formatter(locale, { rtl: locale === 'fa' }));
    assert.equal(got, expected, `${locale}: ${message}`);
  }
});

test('invalid messages are refused', () => {
  for (const message of fixture.invalid) {
    assert.throws(() => parse(message), /bad message/, message);
  }
});

test('dates and times use the locale', () => {
  const at = Date.UTC(2025, 0, 31, 12, 0);
  const f = new Formatter('de');
  assert.match(formatParts(parse('{t, date, medium}'), { t: at }, f), /31\.01\.2025|31\. Jan/);
  assert.match(formatParts(parse('{t, date, long}'), { t: at }, new Formatter('en')), /January 31, 2025/);
});
