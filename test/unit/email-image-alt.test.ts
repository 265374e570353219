/**
 * `image_without_alt` read from the MJML source (email/image-alt.ts): MJML writes `alt=""` for every
 * `mj-image`, so only the source tells a forgotten alt from a decorative image.
 */
import { expect } from 'chai';
import {
  findImagesWithoutAlt,
  imageAltRenderWarnings,
  imageAltSaveWarnings,
  MAX_IMAGE_WARNINGS,
} from '../../src/rendering/email/image-alt.js';

const page = (column: string, head = '') =>
  `<mjml>\n${head ? `<mj-head>${head}</mj-head>\n` : ''}<mj-body>\n<mj-section><mj-column>\n${column}\n</mj-column></mj-section>\n</mj-body>\n</mjml>`;
const find = (text: string, file = '') => findImagesWithoutAlt([{ file, text }]);

describe('image_without_alt from the MJML source', () => {
  it('finds an mj-image without alt, with its line; alt="" (decorative) and alt="{{…}}" are fine', () => {
    const mjml = page(
      '<mj-image src="https://e.test/logo.png" />\n<mj-image src="https://e.test/rule.png" alt="" />\n<mj-image src="a.png" alt="{{caption}}" />',
    );
    expect(find(mjml)).to.deep.equal([{ file: '', line: 4, tag: 'mj-image', src: 'https://e.test/logo.png' }]);
  });

  it('finds <img> without alt in mj-raw and in other ending tags, naming the tag around it', () => {
    const mjml = page(
      '<mj-raw>\n  <img src="https://e.test/pixel.gif">\n</mj-raw>\n<mj-text><p>Hi</p><IMG SRC="b.png"/><img src="c.png" alt></mj-text>',
    );
    expect(find(mjml)).to.deep.equal([
      { file: '', line: 5, tag: 'img', src: 'https://e.test/pixel.gif', within: 'mj-raw' },
      { file: '', line: 7, tag: 'img', src: 'b.png', within: 'mj-text' },
    ]);
  });

  it('counts an alt given by mj-attributes (mj-all, the tag, an mj-class the image names)', () => {
    const column = '<mj-image src="a.png" />\n<mj-image mj-class="hero wide" src="b.png" />';
    expect(find(page(column))).to.have.length(2);
    expect(find(page(column, '<mj-attributes><mj-all alt="" /></mj-attributes>'))).to.deep.equal([]);
    expect(find(page(column, '<mj-attributes><mj-image alt="Picture" /></mj-attributes>'))).to.deep.equal([]);
    expect(find(page(column, '<mj-attributes><mj-class name="hero" alt="" /></mj-attributes>')).map((i) => i.src)).to.deep.equal(['a.png']);
    // mj-attributes written in one file (an include) count for the images of another
    const styles = { file: 'shared/styles.mjml', text: '<mj-attributes><mj-image alt="" /></mj-attributes>' };
    expect(findImagesWithoutAlt([{ file: '', text: page(column) }, styles])).to.deep.equal([]);
  });

  it('leaves out what it cannot know or what is not markup: Handlebars between attributes, comments, alt set by selector', () => {
    const column =
      '<mj-image src="a.png" {{#if caption}}alt="{{caption}}"{{/if}} />\n<!-- <img src="old.png"> -->\n{{!-- <img src="draft.png"> --}}\n{{! <img src="x.png"> }}';
    expect(find(page(column))).to.deep.equal([]);
    const bySelector =
      '<mj-html-attributes><mj-selector path=".x img"><mj-html-attribute name="alt">Logo</mj-html-attribute></mj-selector></mj-html-attributes>';
    expect(find(page('<mj-image src="a.png" />', bySelector))).to.deep.equal([]);
  });

  it('names the file an image is in: an include, a partial; lines stay right after a multi-line comment', () => {
    const partial =
      '{{!--\n  header\n--}}\n<mj-section><mj-column><mj-carousel><mj-carousel-image src="c.png" /></mj-carousel></mj-column></mj-section>';
    expect(find(partial, 'partials/header')).to.deep.equal([{ file: 'partials/header', line: 4, tag: 'mj-carousel-image', src: 'c.png' }]);
  });

  it('save warnings: one per image with file and line, at most 20 (the last counts the rest); render warning: count and examples', () => {
    const images = find(page(Array.from({ length: 25 }, (_, i) => `<mj-image src="i${i}.png" />`).join('\n')));
    const warnings = imageAltSaveWarnings(images);
    expect(warnings).to.have.length(MAX_IMAGE_WARNINGS);
    expect(warnings[0]).to.deep.include({ code: 'image_without_alt', file: '', line: 4 });
    expect(warnings[0]!.message).to.include('<mj-image src="i0.png"> (line 4) has no alt attribute');
    expect(warnings[19]!.message).to.include('5 more images without alt are not listed');
    expect(imageAltSaveWarnings(images.slice(0, 1), false)[0]).not.to.have.property('line');
    expect(imageAltRenderWarnings(images)).to.deep.equal([
      {
        code: 'image_without_alt',
        message: '25 images have no alt attribute in the template: give each one alt text, or alt="" if it is decorative.',
        count: 25,
        examples: ['i0.png', 'i1.png', 'i2.png'],
      },
    ]);
    expect(imageAltRenderWarnings([])).to.deep.equal([]);
  });
});
