/**
 * Short durations as people type them for key lifetimes and rotation overlaps: a whole number and one
 * unit, `10s`, `15m`, `12h`, `30d` (the forms `npm run keys` and `POST /api-keys` accept).
 */

const UNIT_MS = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;
const DURATION = /^(\d{1,9})([smhd])$/;

/** What `parseDuration` accepts, for messages. */
export const DURATION_FORMS = 'a whole number and a unit: s, m, h or d (e.g. "10s", "12h", "30d")';

/**
 * `text` as milliseconds, or `null` when it is not `<digits><s|m|h|d>` (the bare `0` is also accepted: no
 * time at all). The result is at most 999,999,999 days; callers bound it further.
 */
export function parseDuration(text: string): number | null {
  if (text === '0') return 0;
  const match = DURATION.exec(text);
  if (!match) return null;
  return Number(match[1]) * UNIT_MS[match[2] as keyof typeof UNIT_MS];
}
