/** Reading the JSON files of a pulled directory: a file that is not what it should be is the user's mistake (exit 2). */
import { readFileSync } from 'node:fs';
import { UsageError } from './errors.js';

/**
 * The JSON value in the file at `path`.
 * @throws UsageError naming the path and the reason when it cannot be read or is not JSON.
 */
export function readJsonFile(path: string): unknown {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new UsageError(`${path} is not valid JSON: ${(error as Error).message}`);
  }
}

/**
 * The JSON object in the file at `path`.
 * @throws UsageError when it is not JSON or holds something else than an object (an array, null, a scalar).
 */
export function readJsonObjectFile(path: string): Record<string, unknown> {
  const value = readJsonFile(path);
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new UsageError(`${path} must hold a JSON object.`);
  return value as Record<string, unknown>;
}
