/**
 * Issue 19, item 4: nothing a variable holds can reach a mail header. The rendered subject and preheader
 * lose their control characters (each run one space) and the subject is cut at 998 UTF-8 bytes, each
 * change a warning.
 */
import { expect } from 'chai';
import { headerText, MAX_PREHEADER_RENDERED, MAX_SUBJECT_BYTES } from '../../src/rendering/email/header-text.js';

describe('headerText (rendered subject and preheader)', () => {
  it('replaces each run of CR, LF and other controls by one space, keeps TAB, and says how many it replaced', () => {
    const { text, warnings } = headerText('Hi Ada\r\nBcc: evil@example.com\u0000\u2028!\tok', 'subject');
    expect(text).to.equal('Hi Ada Bcc: evil@example.com !\tok');
    expect(warnings).to.have.length(1);
    expect(warnings[0]).to.include({ code: 'header_control_characters', field: 'subject', count: 4 });
    expect(headerText('\u0085\u009f\u007f', 'preheader').text).to.equal(' ');
  });

  it('leaves clean text alone, trailing spaces and no-break spaces included', () => {
    expect(headerText('Hello Ada \u00a0', 'subject')).to.deep.equal({ text: 'Hello Ada \u00a0', warnings: [] });
  });

  it('cuts a subject at 998 UTF-8 bytes on a code point boundary, and a preheader at 1000 characters', () => {
    const euro = '€'.repeat(400); // 3 bytes each: 1200 bytes
    const subject = headerText(euro, 'subject');
    expect(Buffer.byteLength(subject.text, 'utf8')).to.equal(996); // 332 × 3: the 333rd would pass 998
    expect(subject.warnings[0]).to.include({ code: 'header_truncated', field: 'subject', count: 1200 });
    const emoji = headerText('a' + '😀'.repeat(600), 'preheader');
    expect(emoji.text.length).to.equal(MAX_PREHEADER_RENDERED - 1); // a surrogate pair is never split
    expect(emoji.warnings[0]).to.include({ code: 'header_truncated', field: 'preheader', count: 1201 });
    expect(headerText('x'.repeat(MAX_SUBJECT_BYTES), 'subject').warnings).to.deep.equal([]);
  });
});
