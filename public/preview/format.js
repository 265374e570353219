/**
 * How the preview shows instants and hashes: pure functions (no DOM), also run in Node by the unit tests.
 */

/**
 * An RFC 3339 instant (`2026-11-26T15:13:10.690Z`) as local date and time with the zone's short name
 * (`Nov 26, 2026, 4:13:10 PM GMT+1` in en-US, Europe/Paris): ECMA-402 `Intl.DateTimeFormat` in the
 * browser's locale and time zone unless given. Anything that is not a date comes back as it was.
 * @param {string} iso
 * @param {{ locale?: string, timeZone?: string }} [options] for tests: a fixed locale and zone
 * @returns {string}
 */
export function localTime(iso, options = {}) {
  const date = new Date(iso);
  if (typeof iso !== 'string' || Number.isNaN(date.getTime())) return String(iso);
  const format = new Intl.DateTimeFormat(options.locale, {
    year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', second: '2-digit',
    timeZoneName: 'short', ...(options.timeZone ? { timeZone: options.timeZone } : {}),
  });
  return format.format(date);
}

/** Hex digits shown of a SHA-256: 12 of 64 (48 bits), as `git log --abbrev` shows enough to tell versions apart. */
export const SHORT_HASH_DIGITS = 12;

/**
 * The first 12 hex digits of a hash, or '' for anything that is not a non-empty string.
 * @param {unknown} hash
 */
export function shortHash(hash) {
  return typeof hash === 'string' ? hash.slice(0, SHORT_HASH_DIGITS) : '';
}
