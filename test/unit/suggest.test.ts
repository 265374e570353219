import { expect } from 'chai';
import { nearestName } from '../../src/http/suggest.js';

const FIELDS = ['id', 'mjml', 'ast', 'includes', 'validation', 'variables', 'locale', 'format'] as const;

describe('nearestName', () => {
  it('finds the plural or singular of a known name', () => {
    expect(nearestName('variable', FIELDS)).to.equal('variables');
    expect(nearestName('include', FIELDS)).to.equal('includes');
    expect(nearestName('formats', FIELDS)).to.equal('format');
    expect(nearestName('category', ['categories'])).to.equal('categories');
    expect(nearestName('categories', ['category'])).to.equal('category');
    expect(nearestName('match', ['matches'])).to.equal('matches');
  });

  it('finds a known name written in another case or with _ and - moved', () => {
    expect(nearestName('Variables', FIELDS)).to.equal('variables');
    expect(nearestName('MJML', FIELDS)).to.equal('mjml');
    expect(nearestName('validation_mode', ['validationMode'])).to.equal('validationMode');
    expect(nearestName('Variable', FIELDS)).to.equal('variables');
  });

  it('finds a name within two edits, or one for names of four characters or fewer', () => {
    expect(nearestName('varaibles', FIELDS)).to.equal('variables'); // two edits (a transposition)
    expect(nearestName('validaton', FIELDS)).to.equal('validation');
    expect(nearestName('locael', FIELDS)).to.equal('locale');
    expect(nearestName('mjlm', FIELDS)).to.equal(null); // a transposition is two edits: too many for 4 characters
    expect(nearestName('mjm', FIELDS)).to.equal('mjml');
    expect(nearestName('at', FIELDS)).to.equal('ast');
    expect(nearestName('ats', FIELDS)).to.equal(null); // a transposition is two edits
    expect(nearestName('idd', FIELDS)).to.equal('id');
  });

  it('returns null when nothing is close', () => {
    expect(nearestName('template', FIELDS)).to.equal(null);
    expect(nearestName('xy', FIELDS)).to.equal(null);
    expect(nearestName('valid', FIELDS)).to.equal(null);
    expect(nearestName('', FIELDS)).to.equal(null);
    expect(nearestName('variables', [])).to.equal(null);
  });

  it('prefers the nearest name, then the one listed first', () => {
    expect(nearestName('formt', ['form', 'format'])).to.equal('form'); // 1 edit each: the first listed wins
    expect(nearestName('formatt', ['form', 'format'])).to.equal('format');
    expect(nearestName('abcdef', ['abcdxy', 'abcdex'])).to.equal('abcdex');
  });

  it('answers a known name with itself', () => {
    expect(nearestName('variables', FIELDS)).to.equal('variables');
  });
});
