// The interface language: its catalog (web/static/i18n/<code>.json, ICU-style messages, the same
// files the server pages use), t() to fill a message in, numbers the locale's way, and the
// player's choice: remembered in localStorage and in a cookie that server pages read; on a first
// visit, the browser's languages. It is independent of the word language of a lobby.

import { Formatter, formatParts, parse } from './icu.js';

const COOKIE = 'wt_lang';
const STORE = 'wt.ui_language';
const CONTRAST_COOKIE = 'wt_contrast';
const CONTRAST_STORE = 'wt.contrast';
const YEAR = 365 * 24 * 3600;
const RTL = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/;
const RTL_LANGUAGES = new Set(['ar', 'fa', 'he', 'ps', 'ur', 'yi', 'ckb', 'sd', 'ug', 'dv']);

const boot = (() => {
  const el = typeof document !== 'undefined' && document.getElementById('boot');
  return el ? JSON.parse(el.textContent) : { languages: [{ code: 'en', name: 'English', dir: 'ltr' }] };
})();

/** The interface languages: [{code, name (its own), dir}]. */
export const LANGUAGES = boot.languages;

/** The rules' numbers that the home screen states ({seats, lives}), from the page. */
export const RULES = boot.rules ?? { seats: 8, lives: 3 };

const current = { code: 'en', dir: 'ltr', messages: {}, fallback: {}, formatter: new Formatter('en') };
const parsed = new Map();
const listeners = new Set();

/** A language's writing direction, for the page and for a board of a word language. */
export function directionOf(code) {
  const known = LANGUAGES.find((l) => l.code === code);
  if (known) return known.dir;
  return RTL_LANGUAGES.has(String(code).split('-')[0]) ? 'rtl' : 'ltr';
}

export function language() {
  return current.code;
}

async function fetchCatalog(code) {
  // beside this module's folder, so a versioned copy of the client reads its own catalogs
  const response = await fetch(new URL(`../i18n/${code}.json`, import.meta.url), { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`catalog ${code}: ${response.status}`);
  return response.json();
}

const catalogs = new Map();

/** A language's messages (fetched once). */
function catalog(code) {
  if (!catalogs.has(code)) {
    const loading = fetchCatalog(code);
    catalogs.set(code, loading);
    loading.catch(() => catalogs.delete(code));
  }
  return catalogs.get(code);
}

/** Make `code` the interface language: its catalog, the page's lang and dir. */
export async function use(code) {
  const [messages, fallback] = await Promise.all([catalog(code), code === 'en' ? null : catalog('en')]);
  current.code = code;
  current.dir = directionOf(code);
  current.messages = messages;
  current.fallback = fallback || messages;
  current.formatter = new Formatter(code, { rtl: current.dir === 'rtl' });
  parsed.clear();
  const root = document.documentElement;
  root.lang = code;
  root.dir = current.dir;
  for (const fn of listeners) fn(code);
}

/** Call `fn(code)` after every change of the interface language. */
export function onChange(fn) {
  listeners.add(fn);
}

/** Wrap text in a bidi isolate where direction matters: in a right-to-left page, or for text
 * with right-to-left letters (a Persian nickname in an English sentence). */
function isolate(text) {
  return current.dir === 'rtl' || RTL.test(text) ? `\u2068${text}\u2069` : text;
}

/** The message `key`, with `params` filled in (string values bidi-isolated). */
export function t(key, params = {}) {
  let parts = parsed.get(key);
  if (!parts) {
    const message = current.messages[key] ?? current.fallback[key];
    if (message === undefined) return key;
    parts = parse(message);
    parsed.set(key, parts);
  }
  const values = {};
  for (const [name, value] of Object.entries(params)) {
    values[name] = typeof value === 'string' ? isolate(value) : value;
  }
  return formatParts(parts, values, current.formatter);
}

/** The message `key` of another language (the offer to switch is written in its own language). */
export async function tIn(code, key) {
  const messages = await catalog(code);
  return formatParts(parse(messages[key]), {}, new Formatter(code, { rtl: directionOf(code) === 'rtl' }));
}

export function has(key) {
  return key in current.messages || key in current.fallback;
}

/** A number the locale's way (Persian digits in Persian). */
export function num(n) {
  return current.formatter.number(n);
}

/** A rating change with its sign: "+18", "−11", "±0". */
export function signed(n) {
  return current.formatter.number(n, 'signed');
}

/** The text for a server code (error, rejection, reason), else the server's own words. */
export function codeText(code, fallback, params = {}) {
  return has(`code.${code}`) ? t(`code.${code}`, params) : fallback || code;
}

// --- the player's choice ---------------------------------------------------------------------

function readCookie(name) {
  const found = document.cookie.split('; ').find((c) => c.startsWith(`${name}=`));
  return found ? decodeURIComponent(found.slice(name.length + 1)) : null;
}

function writeCookie(name, value) {
  document.cookie = `${name}=${encodeURIComponent(value)}; path=/; max-age=${YEAR}; samesite=lax`;
}

function stored(key) {
  try {
    return localStorage.getItem(key);
  } catch {
    return null; // storage blocked
  }
}

function store(key, value) {
  try {
    localStorage.setItem(key, value);
  } catch {
    /* storage blocked: the cookie still remembers */
  }
}

/** The first interface language among language tags in order of preference ("de-AT", "fa"):
 * the whole tag, then ever shorter prefixes ("pt-PT" European, "pt-BR" and "pt" Brazilian). */
function negotiate(tags) {
  const codes = new Map(LANGUAGES.map((l) => [l.code.toLowerCase(), l.code]));
  for (const tag of tags) {
    const parts = String(tag).toLowerCase().replaceAll('_', '-').split('-');
    for (let n = parts.length; n > 0; n -= 1) {
      const code = codes.get(parts.slice(0, n).join('-'));
      if (code) return code;
    }
  }
  return null;
}

/** The language to start in: the player's saved choice, else the browser's languages. */
export function initialLanguage() {
  const codes = LANGUAGES.map((l) => l.code);
  for (const saved of [readCookie(COOKIE), stored(STORE)]) {
    if (saved && codes.includes(saved)) return saved;
  }
  return negotiate(navigator.languages || [navigator.language || 'en']) || 'en';
}

/** Remember the player's choice (for the game and for the server's pages). */
export function remember(code) {
  store(STORE, code);
  writeCookie(COOKIE, code);
}

// --- high-contrast colours -----------------------------------------------------------------

export function contrast() {
  return document.documentElement.dataset.contrast === 'more';
}

export function applyContrast(on) {
  document.documentElement.dataset.contrast = on ? 'more' : 'normal';
}

/** The player's choice of colours (remembered, for the server's pages too). */
export function setContrast(on) {
  applyContrast(on);
  store(CONTRAST_STORE, on ? 'more' : 'normal');
  writeCookie(CONTRAST_COOKIE, on ? 'more' : 'normal');
}

/** High contrast when the player chose it, or, until they choose, when the system asks for it. */
export function initialContrast() {
  const saved = readCookie(CONTRAST_COOKIE) || stored(CONTRAST_STORE);
  if (saved) return saved === 'more';
  return typeof matchMedia === 'function' && matchMedia('(prefers-contrast: more)').matches;
}

// --- the one-time offer of the word language's interface language ----------------------------

const OFFERED = 'wt.offered';

/** True once per language: choosing that word language may offer its interface language. */
export function takeOffer(code) {
  // a page already in that language, or in a variant of it (pt-PT for Portuguese words): nothing to offer
  if (code === current.code.split('-')[0] || !LANGUAGES.some((l) => l.code === code)) return false;
  const offered = (stored(OFFERED) || '').split(',').filter(Boolean);
  if (offered.includes(code)) return false;
  store(OFFERED, [...offered, code].join(','));
  return true;
}
