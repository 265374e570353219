/** Reading the command line's input files and numbers, with usage errors (exit 2) that name them. */
import { readFileSync } from 'node:fs';
import { UsageError } from '../errors.js';

/** A JSON object from `path` (`-` reads stdin). @throws UsageError naming `flag` when unreadable or not an object. */
export function readJsonObject(path: string, flag: string): Record<string, unknown> {
  let text: string;
  try {
    text = readFileSync(path === '-' ? 0 : path, 'utf8');
  } catch (error) {
    throw new UsageError(
      `${flag} ${path}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message}`,
    );
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`${flag} ${path} is not valid JSON: ${(error as Error).message}`);
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new UsageError(`${flag} ${path} must hold a JSON object.`);
  return value as Record<string, unknown>;
}

/** A revision number (0, 1, …) from the command line. @throws UsageError. */
export function parseRevision(text: string): number {
  if (!/^\d{1,15}$/.test(text)) throw new UsageError(`'${text}' is not a revision (0, 1, 2, …).`);
  return Number(text);
}
