/** Markup the layout tests share (test/api/layouts*.test.ts, docs/layouts.md). */

/** A layout whose header says `brand`, around the template's body. */
export const layoutOf = (brand: string) =>
  `<mjml><mj-head><mj-title>Brand</mj-title></mj-head><mj-body><mj-section><mj-column><mj-text>HEADER ${brand}</mj-text></mj-column></mj-section>` +
  `<lp-slot /><mj-section><mj-column><mj-text>FOOTER ${brand}</mj-text></mj-column></mj-section></mj-body></mjml>`;

/** A template's own page: a head style and one section. */
export const pageOf = (word: string) =>
  `<mjml><mj-head><mj-style>.own { color: red; }</mj-style></mj-head><mj-body><mj-section><mj-column>` +
  `<mj-text>${word} {{name}}</mj-text></mj-column></mj-section></mj-body></mjml>`;
