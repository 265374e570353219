/** REQUIRE_IF_MATCH in the configuration: off unless set to exactly `true`; anything but `true`/`false` stops the start. */
import { expect } from 'chai';
import { loadConfig } from '../../src/config.js';

describe('REQUIRE_IF_MATCH configuration', () => {
  it('is false by default and when "false", true when "true"', () => {
    expect(loadConfig({}).requireIfMatch).to.equal(false);
    expect(loadConfig({ REQUIRE_IF_MATCH: '' }).requireIfMatch).to.equal(false);
    expect(loadConfig({ REQUIRE_IF_MATCH: 'false' }).requireIfMatch).to.equal(false);
    expect(loadConfig({ REQUIRE_IF_MATCH: 'true' }).requireIfMatch).to.equal(true);
  });

  it('refuses another value, naming the variable', () => {
    expect(() => loadConfig({ REQUIRE_IF_MATCH: 'yes' })).to.throw(/REQUIRE_IF_MATCH/);
    expect(() => loadConfig({ REQUIRE_IF_MATCH: '1' })).to.throw(/REQUIRE_IF_MATCH/);
  });
});
