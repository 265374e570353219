/** COMPILE_QUEUE_PER_KEY_MAX in the configuration: a quarter of COMPILE_QUEUE_MAX by default, at least 1, never above it. */
import { expect } from 'chai';
import { loadConfig } from '../../src/config.js';

describe('COMPILE_QUEUE_PER_KEY_MAX configuration', () => {
  it('defaults to a quarter of COMPILE_QUEUE_MAX, at least 1 (0 when nothing may wait)', () => {
    expect(loadConfig({}).compileQueuePerKeyMax).to.equal(8);
    expect(loadConfig({ COMPILE_QUEUE_PER_KEY_MAX: '' }).compileQueuePerKeyMax).to.equal(8);
    expect(loadConfig({ COMPILE_QUEUE_MAX: '4' }).compileQueuePerKeyMax).to.equal(1);
    expect(loadConfig({ COMPILE_QUEUE_MAX: '2' }).compileQueuePerKeyMax).to.equal(1);
    expect(loadConfig({ COMPILE_QUEUE_MAX: '0' }).compileQueuePerKeyMax).to.equal(0);
  });

  it('takes a value of its own, COMPILE_QUEUE_MAX when above it', () => {
    expect(loadConfig({ COMPILE_QUEUE_PER_KEY_MAX: '3' }).compileQueuePerKeyMax).to.equal(3);
    expect(loadConfig({ COMPILE_QUEUE_MAX: '10', COMPILE_QUEUE_PER_KEY_MAX: '50' }).compileQueuePerKeyMax).to.equal(10);
  });

  it('refuses a value that is not a whole number from 1, naming the variable', () => {
    expect(() => loadConfig({ COMPILE_QUEUE_PER_KEY_MAX: '0' })).to.throw(/COMPILE_QUEUE_PER_KEY_MAX/);
    expect(() => loadConfig({ COMPILE_QUEUE_PER_KEY_MAX: '2.5' })).to.throw(/COMPILE_QUEUE_PER_KEY_MAX/);
    expect(() => loadConfig({ COMPILE_QUEUE_PER_KEY_MAX: 'many' })).to.throw(/COMPILE_QUEUE_PER_KEY_MAX/);
  });
});
