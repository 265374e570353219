/**
 * Just enough of an RFC 9651 (Structured Field Values) List parser to read the IETF RateLimit fields:
 * members that are Strings with Integer (or boolean-true) parameters. Written from the RFC's grammar,
 * not from the code that makes the fields; throws on anything else, so a malformed field fails a test.
 */

export interface SfItem {
  value: string;
  params: Record<string, number | true>;
}

const KEY = /^[a-z*][a-z0-9_.*-]*$/; // RFC 9651 §3.1.2 key
const INTEGER = /^-?\d{1,15}$/; // §3.3.1

export function parseStringItemList(field: string): SfItem[] {
  let i = 0;
  const items: SfItem[] = [];
  const skipSpaces = (ows: boolean) => {
    while (field[i] === ' ' || (ows && field[i] === '\t')) i++;
  };
  skipSpaces(false);
  while (i < field.length) {
    if (field[i] !== '"') throw new SyntaxError(`expected a String at ${i} in ${field}`);
    i++;
    let value = '';
    for (;;) {
      const c = field[i++];
      if (c === undefined) throw new SyntaxError(`unterminated String in ${field}`);
      if (c === '"') break;
      if (c === '\\') {
        const escaped = field[i++];
        if (escaped !== '"' && escaped !== '\\') throw new SyntaxError(`bad escape in ${field}`);
        value += escaped;
      } else {
        if (c < ' ' || c > '~') throw new SyntaxError(`bad character in String in ${field}`);
        value += c;
      }
    }
    const params: Record<string, number | true> = {};
    while (field[i] === ';') {
      i++;
      skipSpaces(false);
      const keyMatch = /^[a-z*][a-z0-9_.*-]*/.exec(field.slice(i));
      if (!keyMatch || !KEY.test(keyMatch[0])) throw new SyntaxError(`bad parameter key at ${i} in ${field}`);
      i += keyMatch[0].length;
      if (field[i] === '=') {
        i++;
        const numMatch = /^-?\d+/.exec(field.slice(i));
        if (!numMatch || !INTEGER.test(numMatch[0])) throw new SyntaxError(`parameter ${keyMatch[0]} is not an Integer in ${field}`);
        i += numMatch[0].length;
        params[keyMatch[0]] = Number(numMatch[0]);
      } else {
        params[keyMatch[0]] = true;
      }
    }
    items.push({ value, params });
    skipSpaces(true);
    if (i >= field.length) break;
    if (field[i] !== ',') throw new SyntaxError(`expected "," at ${i} in ${field}`);
    i++;
    skipSpaces(true);
    if (i >= field.length) throw new SyntaxError(`trailing comma in ${field}`);
  }
  if (items.length === 0) throw new SyntaxError('empty List');
  return items;
}
