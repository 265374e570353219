/**
 * "Did you mean …?" for a name a client got wrong (a request field, a query parameter): the known
 * name it is most likely a typo of, by Levenshtein distance (fastest-levenshtein).
 */
import { distance } from 'fastest-levenshtein';

/** Names of at most this many characters allow one edit, longer names two. */
const SHORT_NAME = 4;

/**
 * The name of `known` that `name` most likely meant, or null when none is close:
 * 1. the same name in another case (`Variables` → `variables`), or once `_` and `-` are ignored
 *    (`validation_mode` → `validationMode`);
 * 2. its singular or plural (`variable` → `variables`, `category` → `categories`, `includes` → `include`);
 * 3. the name at the smallest edit distance, compared case-insensitively: at most 2 edits, or 1 when
 *    either name has 4 characters or fewer (`mjlm` → `mjml`, but `id` is not a typo of `ast`).
 * Ties go to the name listed first in `known`. A name that is in `known` is its own answer.
 */
export function nearestName(name: string, known: readonly string[]): string | null {
  if (name === '' || known.length === 0) return null;
  if (known.includes(name)) return name;
  const lower = name.toLowerCase();
  const loose = looseForm(name);
  const byCase = known.find((k) => k.toLowerCase() === lower) ?? known.find((k) => looseForm(k) === loose && loose !== '');
  if (byCase !== undefined) return byCase;
  const numbers = grammaticalNumbers(lower);
  const byNumber = known.find((k) => numbers.has(k.toLowerCase()));
  if (byNumber !== undefined) return byNumber;

  let best: string | null = null;
  let bestDistance = Infinity;
  for (const candidate of known) {
    const d = distance(lower, candidate.toLowerCase());
    const allowed = Math.min(name.length, candidate.length) <= SHORT_NAME ? 1 : 2;
    if (d <= allowed && d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  return best;
}

function looseForm(name: string): string {
  return name.toLowerCase().replace(/[_-]/g, '');
}

/** The singular and plural spellings `word` (lower case) may stand for, itself excluded. */
function grammaticalNumbers(word: string): Set<string> {
  const forms = new Set([`${word}s`, `${word}es`]);
  if (word.endsWith('y')) forms.add(`${word.slice(0, -1)}ies`);
  if (word.endsWith('ies')) forms.add(`${word.slice(0, -3)}y`);
  if (word.endsWith('es')) forms.add(word.slice(0, -2));
  if (word.endsWith('s')) forms.add(word.slice(0, -1));
  forms.delete(word);
  forms.delete('');
  return forms;
}
