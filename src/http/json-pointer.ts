/**
 * RFC 6901 JSON Pointers for problem `errors[].pointer`: every pointer the HTTP layer emits is built
 * here, so a key holding `/` or `~` still names exactly one location.
 */

/** One reference token, escaped per RFC 6901 §3: `~` → `~0`, then `/` → `~1` (that order, or `~1` would be mangled). */
export function escapeToken(token: string | number): string {
  return String(token).replace(/~/g, '~0').replace(/\//g, '~1');
}

/** The pointer of `path` (`['variables', 'a/b', 0]` → `/variables/a~1b/0`); `[]` is the whole document, `""`. */
export function pointerOf(path: ReadonlyArray<string | number | symbol>): string {
  return path.map((token) => `/${escapeToken(typeof token === 'symbol' ? String(token.description) : token)}`).join('');
}
