/**
 * Where things are in a template and how they are quoted: `Positions` turns an index of the source
 * into the 1-based line and column a sentence names (and back), `show` and `firstLine` shorten the
 * template text a sentence quotes.
 */

export class Positions {
  private readonly starts: number[] = [0];
  constructor(readonly source: string) {
    for (let i = source.indexOf('\n'); i !== -1; i = source.indexOf('\n', i + 1)) this.starts.push(i + 1);
  }

  /** 1-based line and column of `index`. */
  of(index: number): { line: number; column: number } {
    let low = 0;
    let high = this.starts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (this.starts[mid]! <= index) low = mid;
      else high = mid - 1;
    }
    return { line: low + 1, column: index - this.starts[low]! + 1 };
  }

  index(line: number, column: number): number {
    return (this.starts[line - 1] ?? 0) + column - 1;
  }
}

const SHOW_MAX = 60;

/** A tag as quoted in a sentence: whitespace runs as one space, at most 60 characters. */
export function show(text: string): string {
  const flat = text.replace(/\s+/g, ' ');
  return flat.length <= SHOW_MAX ? flat : `${flat.slice(0, SHOW_MAX - 1)}…`;
}

/** An unclosed `{{…` as quoted: to the end of its line, at most 40 characters. */
export function firstLine(text: string): string {
  const line = text.split('\n')[0]!.trimEnd();
  return line.length <= 40 ? line : `${line.slice(0, 39)}…`;
}
