/**
 * The preview page's pure helpers (browser modules with no DOM use at import, run here as they are): the
 * revision's local time and short hash (public/preview/format.js) and the frames' email width and scale
 * (public/preview/frames.js).
 */
import { expect } from 'chai';

type LocalTime = (iso: string, options?: { locale?: string; timeZone?: string }) => string;
type FrameFit = (available: number, nominal: number | null) => { width: number; scale: number };

describe('Preview formatting and frame sizes', () => {
  let localTime: LocalTime;
  let shortHash: (hash: unknown) => string;
  let frameFit: FrameFit;
  before(async () => {
    ({ localTime, shortHash } = (await import(new URL('../../public/preview/format.js', import.meta.url).href)) as {
      localTime: LocalTime;
      shortHash: (hash: unknown) => string;
    });
    ({ frameFit } = (await import(new URL('../../public/preview/frames.js', import.meta.url).href)) as { frameFit: FrameFit });
  });

  const spaces = (s: string) => s.replace(/\s/g, ' '); // ICU versions differ in which space precedes AM/PM

  it('shows an instant in the given zone and locale, with the zone named (was the raw RFC 3339 string)', () => {
    expect(spaces(localTime('2026-11-26T15:13:10.690Z', { locale: 'en-US', timeZone: 'Asia/Kolkata' }))).to.equal(
      'Nov 26, 2026, 8:43:10 PM GMT+5:30',
    );
    expect(spaces(localTime('2026-07-01T08:00:00Z', { locale: 'en-GB', timeZone: 'Europe/London' }))).to.equal('1 Jul 2026, 9:00:00 BST');
  });

  it('leaves what is not an instant as it was', () => {
    expect(localTime('yesterday')).to.equal('yesterday');
  });

  it('shortens a SHA-256 to its first 12 hex digits', () => {
    expect(shortHash('a7adffb3fe9d0c1b2e3f4a5b6c7d8e9f00112233445566778899aabbccddeeff')).to.equal('a7adffb3fe9d');
    expect(shortHash(null)).to.equal('');
  });

  it('fits a frame: mobile 375 px scaled below that, desktop as wide as its box but 600 px at least, scaled below', () => {
    expect(frameFit(797, null)).to.deep.equal({ width: 797, scale: 1 });
    expect(frameFit(600, null)).to.deep.equal({ width: 600, scale: 1 });
    expect(frameFit(376, null)).to.deep.equal({ width: 600, scale: 376 / 600 });
    expect(frameFit(376, 375)).to.deep.equal({ width: 375, scale: 1 });
    expect(frameFit(360, 375)).to.deep.equal({ width: 375, scale: 360 / 375 });
  });
});
