/**
 * What this process runs, for the `letterpress_build_info` gauge (the Prometheus convention of a constant
 * 1 whose labels name the build, https://prometheus.io/docs/instrumenting/writing_exporters/#target-labels-not-static-scraped-labels):
 * the package version, Node's version, the MJML version templates compile with, and the store engine.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { packageRoot } from './http/routes/preview.js';
import { MJML_VERSION } from './rendering/index.js';

/** Labels of `letterpress_build_info`: `{ version, node, mjml, store }`, all strings. */
export function buildInfo(store: string): Readonly<Record<'version' | 'node' | 'mjml' | 'store', string>> {
  const manifest = JSON.parse(readFileSync(join(packageRoot(), 'package.json'), 'utf8')) as { version?: string };
  return Object.freeze({ version: manifest.version ?? 'unknown', node: process.version, mjml: MJML_VERSION, store });
}
