// A small subset of ICU MessageFormat, the format of the message catalogs (web/static/i18n/):
//   {name}                         a value (numbers are formatted for the locale)
//   {n, number} {n, number, integer} {n, number, signed} (a rating change: +18, −11, ±0)
//   {n, plural, =0 {…} one {# life} other {# lives}}     '#' is the number, formatted
//   {n, selectordinal, one {#st} two {#nd} few {#rd} other {#th}}
//   {x, select, a {…} other {…}}
//   {t, date, short|medium|long}  {t, time, short|medium}   (t: milliseconds since the epoch)
// Quoting as in ICU: '' is one apostrophe; '{…}' (an apostrophe before a brace, or before # in a
// plural) quotes literally up to the next apostrophe; any other apostrophe is itself.
// web/icu.py is the same formatter in Python (server pages); both pass tests/fixtures/icu_cases.json.
// Pure: no DOM, so node --test checks it too.

function parseError(src, pos, what) {
  return new Error(`bad message at ${pos} (${what}): ${src}`);
}

/** The parts of a message: strings, {arg, type, style, options} and {pound: true}. */
export function parse(src) {
  const [parts, pos] = parseParts(src, 0, false, false);
  if (pos !== src.length) throw parseError(src, pos, 'unmatched }');
  return parts;
}

function parseParts(src, pos, nested, inPlural) {
  const parts = [];
  let text = '';
  const flush = () => {
    if (text) parts.push(text);
    text = '';
  };
  while (pos < src.length) {
    const ch = src[pos];
    if (ch === "'") {
      const next = src[pos + 1];
      if (next === "'") {
        text += "'";
        pos += 2;
      } else if (next === '{' || next === '}' || (inPlural && next === '#')) {
        pos += 1;
        while (pos < src.length) {
          if (src[pos] === "'") {
            if (src[pos + 1] !== "'") break;
            text += "'";
            pos += 2;
          } else {
            text += src[pos];
            pos += 1;
          }
        }
        pos += 1; // the closing apostrophe
      } else {
        text += "'";
        pos += 1;
      }
    } else if (ch === '{') {
      flush();
      const [arg, end] = parseArg(src, pos + 1, inPlural);
      parts.push(arg);
      pos = end;
    } else if (ch === '}') {
      if (!nested) throw parseError(src, pos, 'unmatched }');
      break;
    } else if (ch === '#' && inPlural) {
      flush();
      parts.push({ pound: true });
      pos += 1;
    } else {
      text += ch;
      pos += 1;
    }
  }
  flush();
  return [parts, pos];
}

function skipSpace(src, pos) {
  while (pos < src.length && /\s/.test(src[pos])) pos += 1;
  return pos;
}

function readWord(src, pos) {
  const start = pos;
  while (pos < src.length && !/[\s,{}]/.test(src[pos])) pos += 1;
  return [src.slice(start, pos), pos];
}

function parseArg(src, pos, inPlural) {
  pos = skipSpace(src, pos);
  const [arg, afterName] = readWord(src, pos);
  if (!arg) throw parseError(src, pos, 'argument name');
  pos = skipSpace(src, afterName);
  if (src[pos] === '}') return [{ arg }, pos + 1];
  if (src[pos] !== ',') throw parseError(src, pos, 'expected , or }');
  pos = skipSpace(src, pos + 1);
  const [type, afterType] = readWord(src, pos);
  pos = skipSpace(src, afterType);
  if (!['number', 'date', 'time', 'plural', 'selectordinal', 'select'].includes(type)) {
    throw parseError(src, pos, `unknown type ${type}`);
  }
  if (src[pos] === '}') {
    if (type === 'plural' || type === 'selectordinal' || type === 'select') {
      throw parseError(src, pos, 'no options');
    }
    return [{ arg, type }, pos + 1];
  }
  if (src[pos] !== ',') throw parseError(src, pos, 'expected , or }');
  pos = skipSpace(src, pos + 1);
  if (type === 'number' || type === 'date' || type === 'time') {
    const [style, afterStyle] = readWord(src, pos);
    pos = skipSpace(src, afterStyle);
    if (src[pos] !== '}') throw parseError(src, pos, 'expected }');
    return [{ arg, type, style }, pos + 1];
  }
  const options = {};
  const branchInPlural = inPlural || type !== 'select';
  for (;;) {
    pos = skipSpace(src, pos);
    if (src[pos] === '}') break;
    const [key, afterKey] = readWord(src, pos);
    if (!key) throw parseError(src, pos, 'option name');
    pos = skipSpace(src, afterKey);
    if (src[pos] !== '{') throw parseError(src, pos, 'expected {');
    const [parts, end] = parseParts(src, pos + 1, true, branchInPlural);
    if (src[end] !== '}') throw parseError(src, end, 'unclosed option');
    options[key] = parts;
    pos = end + 1;
  }
  if (!options.other) throw parseError(src, pos, 'no "other" option');
  return [{ arg, type, options }, pos + 1];
}

/** Formatting with the platform's locale data (Intl), cached per locale. */
export class Formatter {
  /** rtl: the locale is written right to left (a signed number then starts with a LRM mark, so
   * that "−11" does not read "11−"). */
  constructor(locale, { rtl = false } = {}) {
    this.locale = locale;
    this.rtl = rtl;
    this.cache = new Map();
  }

  get(kind, options, make) {
    const key = `${kind}|${JSON.stringify(options)}`;
    if (!this.cache.has(key)) this.cache.set(key, make());
    return this.cache.get(key);
  }

  number(n, style) {
    if (style === 'signed') {
      const sign = n > 0 ? '+' : n < 0 ? '\u2212' : '\u00b1';
      return (this.rtl ? '\u200e' : '') + sign + this.number(Math.abs(n));
    }
    // Groups only from five digits on (a rating of 1000 stays "1000", as in CLDR's "min2").
    const options = { useGrouping: Math.abs(n) >= 10000 };
    if (style === 'integer') options.maximumFractionDigits = 0;
    return this.get('n', options, () => new Intl.NumberFormat(this.locale, options)).format(n);
  }

  plural(n, type) {
    return this.get('p', type, () => new Intl.PluralRules(this.locale, { type })).select(n);
  }

  date(t, type, style) {
    const options = type === 'date' ? { dateStyle: style || 'medium' } : { timeStyle: style || 'short' };
    // Persian days in the Solar Hijri calendar, said outright (web/solar_hijri.py on the server).
    if (type === 'date' && /^fa(-IR)?$/i.test(this.locale)) options.calendar = 'persian';
    return this.get('d', options, () => new Intl.DateTimeFormat(this.locale, options)).format(new Date(t));
  }
}

/** The message `parts` (from parse) with `params` filled in. A missing value shows as {name}. */
export function formatParts(parts, params, formatter, pound = null) {
  let out = '';
  for (const part of parts) {
    if (typeof part === 'string') {
      out += part;
    } else if (part.pound) {
      out += formatter.number(pound);
    } else if (!(part.arg in params)) {
      out += `{${part.arg}}`;
    } else {
      out += formatArg(part, params, formatter, pound);
    }
  }
  return out;
}

function formatArg(part, params, formatter, pound) {
  const value = params[part.arg];
  switch (part.type) {
    case undefined:
      return typeof value === 'number' ? formatter.number(value) : String(value);
    case 'number':
      return formatter.number(Number(value), part.style);
    case 'date':
    case 'time':
      return formatter.date(Number(value), part.type, part.style);
    case 'select': {
      const branch = part.options[String(value)] || part.options.other;
      return formatParts(branch, params, formatter, pound);
    }
    default: {
      const n = Number(value);
      const exact = part.options[`=${n}`];
      const type = part.type === 'plural' ? 'cardinal' : 'ordinal';
      const branch = exact || part.options[formatter.plural(n, type)] || part.options.other;
      return formatParts(branch, params, formatter, n);
    }
  }
}
