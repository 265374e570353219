/**
 * `letterpress audit --receipt R [--html FILE] [--vars FILE] [--jwks FILE] [--out FILE]`: check a signed render
 * receipt (docs/receipts.md) where the sender keeps it. The signature is verified here, offline, with `jose` and
 * the workspace's public keys (`--jwks`, a saved GET /.well-known/jwks.json; else fetched once with the key);
 * `--html` is compared with the receipt's `html_sha256`; `--vars` reproduces the exact HTML from the stored
 * revision (a render of the receipt's revision and locale with those variables, unsigned) and compares it too.
 * Exit 0 when everything asked holds, 1 when something does not (named on stderr), 2 for a bad command line.
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { compactVerify, createLocalJWKSet, decodeProtectedHeader, errors as joseErrors, type JSONWebKeySet } from 'jose';
import { seg, type LetterpressClient } from '../client.js';
import { EXIT, UsageError } from '../errors.js';
import { readJsonObject } from './inputs.js';

export interface AuditOptions {
  /** The receipt, or `@file` holding it. */
  receipt: string;
  html?: string;
  vars?: string;
  jwks?: string;
  /** Where the reproduced HTML is written (with `vars`). */
  out?: string;
}

/** The claims a receipt states (docs/receipts.md "Claims"): the ones this command reads. */
interface Claims {
  workspace: string;
  template: string;
  revision: number;
  html_sha256: string;
  locale: string | null;
  layout_revision?: number | null;
  shared_partial_revisions?: Record<string, number>;
  rendered_at: string;
}

const sha256 = (bytes: string | Buffer): string => createHash('sha256').update(bytes).digest('hex');

export async function audit(client: () => LetterpressClient, options: AuditOptions): Promise<number> {
  const receipt = (options.receipt.startsWith('@') ? readText(options.receipt.slice(1), '--receipt') : options.receipt).trim();
  let kid: string | undefined;
  try {
    kid = decodeProtectedHeader(receipt).kid;
  } catch {
    throw new UsageError(
      '--receipt is not a compact JWS: pass the `receipt` a render answered (or its Letterpress-Receipt header), or @file.',
    );
  }
  const jwks = options.jwks !== undefined ? readJwks(options.jwks) : ((await client().get('/.well-known/jwks.json')).body as JSONWebKeySet);
  let claims: Claims;
  try {
    const { payload } = await compactVerify(receipt, createLocalJWKSet(jwks), { algorithms: ['EdDSA'] });
    claims = JSON.parse(Buffer.from(payload).toString('utf8')) as Claims;
  } catch (error) {
    const unknown = error instanceof joseErrors.JWKSNoMatchingKey;
    process.stderr.write(
      unknown
        ? `unknown_key: no key '${kid ?? '?'}' in the key set: the receipt is of another workspace, or the set predates it.\n`
        : `bad_signature: the receipt was changed, or not signed by key '${kid ?? '?'}'.\n`,
    );
    return EXIT.failed;
  }
  const at = claims.layout_revision !== undefined ? `, layout ${claims.layout_revision ?? 'none'}` : '';
  process.stdout.write(
    `signature: valid (key ${kid}); ${claims.workspace}/${claims.template} revision ${claims.revision}${at}, rendered ${claims.rendered_at}\n`,
  );
  let failed = false;
  if (options.html !== undefined) {
    const matches = sha256(readBytes(options.html, '--html')) === claims.html_sha256;
    if (matches) process.stdout.write(`html: ${options.html} is the HTML rendered\n`);
    else process.stderr.write(`html_mismatch: ${options.html} is not the HTML rendered (html_sha256 ${claims.html_sha256})\n`);
    failed ||= !matches;
  }
  if (options.vars !== undefined)
    failed = !(await reproduce(client(), claims, readJsonObject(options.vars, '--vars'), options.out)) || failed;
  return failed ? EXIT.failed : EXIT.ok;
}

/** Render the receipt's revision again with `variables`; true when its HTML is byte for byte the one the receipt states. */
async function reproduce(
  client: LetterpressClient,
  claims: Claims,
  variables: Record<string, unknown>,
  out: string | undefined,
): Promise<boolean> {
  const body = { variables, revision: claims.revision, receipt: false, ...(claims.locale !== null ? { locale: claims.locale } : {}) };
  const rendered = (await client.post(`/templates/${seg(claims.template)}/render`, body)).body as {
    html: string;
    layout_revision?: number | null;
    shared_partial_revisions?: Record<string, number>;
  };
  if (out !== undefined) writeFileSync(out, rendered.html);
  if (sha256(Buffer.from(rendered.html, 'utf8')) === claims.html_sha256) {
    process.stdout.write(`reproduced: the exact HTML from revision ${claims.revision}${out !== undefined ? ` (written to ${out})` : ''}\n`);
    return true;
  }
  const composedElsewhere =
    JSON.stringify([rendered.layout_revision, rendered.shared_partial_revisions]) !==
    JSON.stringify([claims.layout_revision, claims.shared_partial_revisions]);
  process.stderr.write(
    composedElsewhere
      ? `not reproduced: revision ${claims.revision} now renders with other layout or shared partial revisions than at ${claims.rendered_at}; ` +
          `npm run audit -- ${claims.template} --at ${claims.rendered_at} --html --variables FILE composes it as it was then (docs/audit.md).\n`
      : 'not reproduced: these variables render other HTML than the receipt states (other variables, or another locale).\n',
  );
  return false;
}

function readText(path: string, flag: string): string {
  return readBytes(path, flag).toString('utf8');
}

function readBytes(path: string, flag: string): Buffer {
  try {
    return readFileSync(path === '-' ? 0 : path);
  } catch (error) {
    throw new UsageError(
      `${flag} ${path}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message}`,
    );
  }
}

function readJwks(path: string): JSONWebKeySet {
  const value = readJsonObject(path, '--jwks');
  if (!Array.isArray(value['keys']))
    throw new UsageError(`--jwks ${path}: not a JSON Web Key Set (no "keys" array); save GET /v1/.well-known/jwks.json.`);
  return value as unknown as JSONWebKeySet;
}
