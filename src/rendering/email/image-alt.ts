/**
 * `image_without_alt`, read from a template's MJML source rather than from its compiled HTML: MJML writes
 * `alt=""` on every `<img>` it generates for an `mj-image` without `alt` (mjml-image's default), so in the
 * HTML a forgotten alt text and a deliberately decorative image look the same, and an HTML check never
 * fires for MJML. In the source they differ: no `alt` attribute is a forgotten one; `alt=""` marks a
 * decorative image (WCAG 2.2 technique H67, "Using null alt text … on img elements for images that AT
 * should ignore"; MJML docs, mj-image: `alt` "image description", default empty).
 *
 * What counts as an image: `mj-image` and `mj-carousel-image` (the MJML components whose `<img>` takes its
 * alt from an `alt` attribute) and `<img>` written in HTML content (`mj-raw`, `mj-text`, `mj-button`,
 * `mj-table`, an `html` include, a partial). An image has alt when its own tag has an `alt` attribute (any
 * value, `{{…}}` included), or when the head gives it one: `<mj-attributes>` with `<mj-all alt…>` or
 * `<mj-image alt…>` (`<mj-carousel-image alt…>`), or an `<mj-class name="…" alt…>` the image names in its
 * `mj-class`. Not checked (no warning, never a false one): a tag with Handlebars between its attributes
 * (`{{#if a}}alt="{{a}}"{{/if}}`: whether it has alt depends on the data) and every image of a template
 * that sets `alt` through `<mj-html-attributes>` (a CSS selector decides which images get it).
 * Comments (HTML and Handlebars) are not markup.
 *
 * The scan is htmlparser2's tokenizer over each source file (source-tags.ts: linear, no tree), which gives the line.
 */
import { blankHandlebarsComments, lineAt, lineStarts, scanTags } from './source-tags.js';
import type { EmailWarning } from './warnings.js';
import type { TemplateWarning } from '../template-source.js';

/** A source text and its name in warnings: '' the template itself, an include key, or `partials/<name>`. */
export interface ImageSource {
  file: string;
  text: string;
}

/** One image without alt, where it is written. */
export interface ImageWithoutAlt {
  file: string;
  /** 1-based line in `file`. */
  line: number;
  /** `mj-image`, `mj-carousel-image` or `img`. */
  tag: string;
  /** Its `src` as written (Handlebars left in), '' when it has none. */
  src: string;
  /** The MJML tag whose content holds an `<img>` (`mj-raw`, `mj-text`, …), when there is one. */
  within?: string;
}

const MJML_IMAGES = new Set(['mj-image', 'mj-carousel-image']);
/** Most save warnings of this kind one save gets (the rest are counted in the last one's message). */
export const MAX_IMAGE_WARNINGS = 20;
const MAX_EXAMPLES = 3;
const MAX_EXAMPLE_LENGTH = 80;

/** What `<mj-attributes>` (in any of the files) gives images: alt for all of them, per tag, or per `mj-class`. */
interface HeadDefaults {
  all: boolean;
  tags: Set<string>;
  classes: Set<string>;
  /** `<mj-html-attribute name="alt">`: a selector decides; nothing is checked. */
  bySelector: boolean;
}

function headDefaults(texts: readonly string[]): HeadDefaults {
  const defaults: HeadDefaults = { all: false, tags: new Set(), classes: new Set(), bySelector: false };
  for (const text of texts) {
    let inAttributes = false;
    scanTags(
      text,
      (tag) => {
        if (tag.name === 'mj-html-attribute' && tag.attribs.get('name')?.trim().toLowerCase() === 'alt') defaults.bySelector = true;
        if (tag.name === 'mj-attributes' && !tag.selfClosing) inAttributes = true;
        if (!inAttributes || !tag.attribs.has('alt')) return;
        if (tag.name === 'mj-all') {
          defaults.all = true;
        } else if (tag.name === 'mj-class') {
          for (const name of (tag.attribs.get('name') ?? '').split(/\s+/)) if (name) defaults.classes.add(name);
        } else {
          defaults.tags.add(tag.name);
        }
      },
      (name) => {
        if (name === 'mj-attributes') inAttributes = false;
      },
    );
  }
  return defaults;
}

/**
 * The images of `sources` without alt (see the module comment), in file order then source order.
 * Never throws; linear in the sources' size.
 */
export function findImagesWithoutAlt(sources: readonly ImageSource[]): ImageWithoutAlt[] {
  const texts = sources.map((source) => blankHandlebarsComments(source.text));
  const defaults = headDefaults(texts);
  if (defaults.bySelector || defaults.all) return [];
  const found: ImageWithoutAlt[] = [];
  sources.forEach((source, index) => {
    const text = texts[index]!;
    const starts = lineStarts(text);
    const open: string[] = []; // MJML elements open around the current position
    let inHead = 0;
    scanTags(
      text,
      (tag) => {
        if (tag.name === 'mj-head' && !tag.selfClosing) inHead += 1;
        if (tag.name.startsWith('mj-') && !tag.selfClosing) open.push(tag.name);
        if (inHead > 0 || tag.templated || tag.attribs.has('alt')) return;
        const isMjml = MJML_IMAGES.has(tag.name);
        if (!isMjml && tag.name !== 'img') return;
        if (isMjml && defaults.tags.has(tag.name)) return;
        if (isMjml && (tag.attribs.get('mj-class') ?? '').split(/\s+/).some((name) => defaults.classes.has(name))) return;
        const within = isMjml ? undefined : open[open.length - 1];
        found.push({
          file: source.file,
          line: lineAt(starts, tag.start),
          tag: tag.name,
          src: tag.attribs.get('src') ?? '',
          ...(within ? { within } : {}),
        });
      },
      (name) => {
        if (name === 'mj-head') inHead = Math.max(0, inHead - 1);
        const at = open.lastIndexOf(name);
        if (at !== -1) open.length = at;
      },
    );
  });
  return found;
}

const shorten = (value: string): string => (value.length <= MAX_EXAMPLE_LENGTH ? value : `${value.slice(0, MAX_EXAMPLE_LENGTH - 1)}…`);

const describeImage = (image: ImageWithoutAlt): string =>
  `<${image.tag}${image.src ? ` src="${shorten(image.src)}"` : ''}>${image.within ? ` in <${image.within}>` : ''}`;

/**
 * Save warnings, one per image (at most `MAX_IMAGE_WARNINGS`; the last one counts the rest):
 * `{ code: 'image_without_alt', message, file, line }`, `file` as in `ImageSource`; `withLines` false
 * (a template sent as MJML JSON, whose lines are not the client's) leaves `line` out.
 */
export function imageAltSaveWarnings(images: readonly ImageWithoutAlt[], withLines = true): TemplateWarning[] {
  return images.slice(0, MAX_IMAGE_WARNINGS).map((image, index) => {
    const more =
      index === MAX_IMAGE_WARNINGS - 1 && images.length > MAX_IMAGE_WARNINGS
        ? ` (${images.length - MAX_IMAGE_WARNINGS} more images without alt are not listed)`
        : '';
    const where = withLines ? ` (${image.file ? `${image.file}, ` : ''}line ${image.line})` : image.file ? ` (${image.file})` : '';
    return {
      code: 'image_without_alt',
      message:
        `${describeImage(image)}${where} has no alt attribute${image.tag === 'img' ? '' : ' (MJML then writes alt="", which tells screen readers to skip it)'}: ` +
        `give it alt text that says what the image shows, or alt="" if it is decorative.${more}`,
      file: image.file,
      ...(withLines ? { line: image.line } : {}),
    };
  });
}

/**
 * The render warning (as `emailWarnings` words it): `count` images without alt, `examples` up to three
 * distinct `src` values as written (`<img>` when none); [] when there are none.
 */
export function imageAltRenderWarnings(images: readonly ImageWithoutAlt[]): EmailWarning[] {
  if (images.length === 0) return [];
  const examples: string[] = [];
  for (const image of images) {
    const example = shorten(image.src || `<${image.tag}>`);
    if (examples.length < MAX_EXAMPLES && !examples.includes(example)) examples.push(example);
  }
  const count = images.length;
  return [
    {
      code: 'image_without_alt',
      message: `${count} ${count === 1 ? 'image has' : 'images have'} no alt attribute in the template: give each one alt text, or alt="" if it is decorative.`,
      count,
      examples,
    },
  ];
}
