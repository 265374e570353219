/**
 * The policy's findings of locale variants (src/application/policy/locale-findings.ts, docs/policy.md "Locale
 * variants"): a variant's node finding is moved under `/locales/<tag>/mjml` with `locale`; a metadata finding
 * the main markup already has is not told again; the variant's subject and preheader replace the template's.
 */
import { expect } from 'chai';
import { localizedMetadata, unitedFindings } from '../../src/application/policy/locale-findings.js';
import type { PolicyFinding } from '../../src/rendering/index.js';

const alt = (pointer: string): PolicyFinding => ({
  rule: 'alt',
  severity: 'violation',
  pointer,
  message: '<mj-image> has no alt attribute',
});
const unsubscribe: PolicyFinding = {
  rule: 'marketing_unsubscribe',
  severity: 'violation',
  pointer: '/metadata/headers',
  message: 'no List-Unsubscribe',
};

describe('policy findings of locale variants', () => {
  it('moves a variant node finding under /locales/<tag>/mjml, names the locale and keeps the main findings first', () => {
    const united = unitedFindings([unsubscribe], [{ tag: 'de', found: [alt('/ast/children/0/children/1'), unsubscribe] }]);
    expect(united).to.deep.equal([
      unsubscribe,
      {
        rule: 'alt',
        severity: 'violation',
        pointer: '/locales/de/mjml/children/0/children/1',
        locale: 'de',
        message: 'locales.de.mjml: <mj-image> has no alt attribute',
      },
    ]);
  });

  it('tells a metadata finding of a variant the main markup does not have, and the whole-email pointer /ast as the variant markup', () => {
    const united = unitedFindings([], [{ tag: 'pt-BR', found: [unsubscribe, alt('/ast')] }]);
    expect(united.map((f) => [f.pointer, f.locale])).to.deep.equal([
      ['/metadata/headers', 'pt-BR'],
      ['/locales/pt-BR/mjml', 'pt-BR'],
    ]);
  });

  it("takes a variant's subject and preheader over the template's", () => {
    const metadata = { subject: 'Hi', preheader: 'P', headers: { X: '1' } };
    expect(localizedMetadata(metadata, { preheader: 'Vorschau' })).to.deep.equal({
      subject: 'Hi',
      preheader: 'Vorschau',
      headers: { X: '1' },
    });
    expect(localizedMetadata(metadata, undefined)).to.deep.equal(metadata);
  });
});
