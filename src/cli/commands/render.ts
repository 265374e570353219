/**
 * `letterpress render <id> [--vars file.json] [--revision N] [--text]`: the rendered HTML (or its plain-text
 * part) on stdout, exactly as POST /templates/:id/render returns it, for piping into a file or a browser.
 */
import { seg, type LetterpressClient } from '../client.js';
import { EXIT } from '../errors.js';
import { readJsonObject } from './inputs.js';

export interface RenderOptions {
  vars?: string;
  /** A revision number or `latest`; omitted: the published revision. */
  revision?: number | 'latest';
  text?: boolean;
}

export async function render(client: LetterpressClient, id: string, options: RenderOptions): Promise<number> {
  const variables = options.vars !== undefined ? readJsonObject(options.vars, '--vars') : {};
  const body = { variables, ...(options.revision !== undefined ? { revision: options.revision } : {}) };
  const result = (await client.post(`/templates/${seg(id)}/render`, body)).body as {
    html: string;
    text: string | null;
    warnings: Array<{ message: string }>;
  };
  const output = options.text ? (result.text ?? '') : result.html;
  // The exact bytes when piped (the tests compare them with the API's); a final newline on a terminal.
  process.stdout.write(process.stdout.isTTY && !output.endsWith('\n') ? `${output}\n` : output);
  for (const w of result.warnings ?? []) process.stderr.write(`warning: ${w.message}\n`);
  return EXIT.ok;
}
