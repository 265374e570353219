/** parseDuration: the `30d`/`12h`/`15m`/`10s` forms of key lifetimes and rotation overlaps. */
import { expect } from 'chai';
import { parseDuration } from '../../src/application/keys/index.js';

describe('parseDuration', () => {
  it('reads a whole number and one unit as milliseconds, and the bare 0', () => {
    expect(parseDuration('10s')).to.equal(10 * 1000);
    expect(parseDuration('15m')).to.equal(15 * 60 * 1000);
    expect(parseDuration('12h')).to.equal(12 * 60 * 60 * 1000);
    expect(parseDuration('30d')).to.equal(30 * 24 * 60 * 60 * 1000);
    expect(parseDuration('0s')).to.equal(0);
    expect(parseDuration('0')).to.equal(0);
    expect(parseDuration('999999999d')).to.equal(999_999_999 * 86_400_000);
  });

  it('refuses anything else: no unit, other units, fractions, signs, spaces, case, too many digits', () => {
    for (const text of ['', '10', 's', '1w', '1.5h', '-1s', '+1s', '1 h', ' 1h', '1H', '1hh', '1h30m', '1000000000s', '１h']) {
      expect(parseDuration(text), JSON.stringify(text)).to.equal(null);
    }
  });
});
