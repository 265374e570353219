/**
 * `letterpress`: the client CLI of a Letterpress server, over its HTTP API only (never its store). Keeps a
 * workspace's templates as files in the user's repository (pull/push with a lock file, after Knock's CLI and
 * postmark-cli), renders and diffs revisions, checks variables in CI, and manages API keys.
 *
 * Flags and environment: `--url` (LETTERPRESS_URL, default http://127.0.0.1:3000) and `--api-key`
 * (LETTERPRESS_API_KEY); a flag wins over the environment. Exit codes: errors.ts `EXIT`.
 */
import { existsSync, readFileSync } from 'node:fs';
import { Command, CommanderError, Option } from 'commander';
import { LetterpressClient } from './client.js';
import { ApiError, EXIT, formatProblem, NetworkError, UsageError } from './errors.js';
import { check } from './commands/check.js';
import { diff, renderedDiff, type RenderedDiffOptions } from './commands/diff.js';
import { parseRevision } from './commands/inputs.js';
import { createKey, listKeys, revokeKey, rotateKey } from './commands/keys.js';
import { serveMcp } from './commands/mcp.js';
import { pull } from './commands/pull.js';
import { publish, publishShared } from './commands/publish.js';
import { push } from './commands/push.js';
import { render } from './commands/render.js';
import { audit, type AuditOptions } from './commands/audit.js';

export const DEFAULT_URL = 'http://127.0.0.1:3000';
const DEFAULT_DIR = 'templates';

const EXIT_CODES = `
Environment:
  LETTERPRESS_URL       server URL (default ${DEFAULT_URL}); --url wins
  LETTERPRESS_API_KEY   API key sent as "Authorization: Bearer …"; --api-key wins

Exit codes:
  0  done
  1  the command ran and failed: a check found missing variables, a push met a conflict or a refused
     template, the server refused the request (400, 404, 409…)
  2  usage error: unknown command or flag, missing argument, unreadable input file
  3  the server could not be reached, refused the key (401, 403), or failed (5xx)`;

/** Parse `argv` (without `node` and the script) and run the command; resolves to the exit code. */
export async function run(argv: string[]): Promise<number> {
  let code: number = EXIT.ok;
  const program = new Command('letterpress')
    .description('Sync, render, diff and check the email templates of a Letterpress server, over its HTTP API.')
    .version(packageVersion(), '-V, --version')
    .addOption(new Option('--url <url>', 'server URL').env('LETTERPRESS_URL').default(DEFAULT_URL))
    .addOption(new Option('--api-key <key>', 'API key (Bearer)').env('LETTERPRESS_API_KEY'))
    .addHelpText('after', EXIT_CODES)
    .configureHelp({ showGlobalOptions: true })
    .showHelpAfterError('(run with --help for usage)')
    .exitOverride();

  /** The client for the global flags of `command`. @throws UsageError without a key. */
  const client = (command: Command): LetterpressClient => {
    const { url, apiKey } = command.optsWithGlobals<{ url: string; apiKey?: string }>();
    if (!apiKey) throw new UsageError('no API key: set LETTERPRESS_API_KEY or pass --api-key.');
    return new LetterpressClient({ url, apiKey }, (line) => process.stderr.write(`${line}\n`));
  };
  const dirOption = () => new Option('--dir <dir>', 'working directory of the project files').default(DEFAULT_DIR);

  program
    .command('pull')
    .description(
      'write every project of the workspace, and the layouts and shared partials they name, as files under --dir, fetching only what changed since the last pull',
    )
    .addOption(dirOption())
    .option('--force', 'overwrite local edits that were never pushed')
    .option('--prune', 'remove the local files of projects, layouts and shared partials deleted on the server')
    .action(async (options, command: Command) => {
      code = await pull(client(command), options);
    });

  program
    .command('push')
    .description(
      'create or save the layouts, shared partials and projects whose files changed (in that order), with If-Match on the pulled revision',
    )
    .argument('[ids...]', 'only these projects (default: every project directory)')
    .addOption(dirOption())
    .option('--dry-run', 'validate on the server only (POST /validate); change nothing')
    .option('--soft', 'send validation "soft": MJML validator findings become warnings')
    .action(async (ids: string[], options, command: Command) => {
      code = await push(client(command), { ...options, ids });
    });

  program
    .command('publish')
    .description(
      'make a revision (default: the latest save) the one renders use: for projects under "publishing": "review", or a layout or shared partial (--layout, --partial), checking every template that follows it',
    )
    .argument('[id]', 'project id (not with --layout or --partial)')
    .option('--layout <id>', 'publish this layout instead of a project')
    .option('--partial <id>', 'publish this shared partial instead of a project')
    .option('--revision <n>', 'publish this revision instead of the latest')
    .option('--force', 'publish even when recent renders would fail under it (the publish gate); recorded in the event')
    .action(
      async (
        id: string | undefined,
        options: { layout?: string; partial?: string; revision?: string; force?: boolean },
        command: Command,
      ) => {
        const asked = {
          ...(options.revision !== undefined ? { revision: parseRevision(options.revision) } : {}),
          ...(options.force ? { force: true } : {}),
        };
        const given = [options.layout !== undefined, options.partial !== undefined, id !== undefined].filter(Boolean).length;
        if (given !== 1)
          throw new UsageError('publish takes one of: a project id (letterpress publish welcome), --layout <id> or --partial <id>.');
        if (options.layout !== undefined) code = await publishShared(client(command), 'layout', options.layout, asked);
        else if (options.partial !== undefined) code = await publishShared(client(command), 'partial', options.partial, asked);
        else code = await publish(client(command), id!, asked);
      },
    );

  program
    .command('render')
    .description('print the rendered HTML (or, with --text, its plain-text part) of a template to stdout')
    .argument('<id>', 'project id')
    .option('--vars <file.json>', 'variables: a JSON object (- reads stdin)')
    .option('--revision <n>', 'render this revision, or "latest" (the newest save: a draft under review); default: the published one')
    .option('--text', 'print the plain-text part instead of the HTML')
    .action(async (id: string, options: { vars?: string; revision?: string; text?: boolean }, command: Command) => {
      const { revision, ...rest } = options;
      const asked = revision === undefined ? {} : { revision: revision === 'latest' ? ('latest' as const) : parseRevision(revision) };
      code = await render(client(command), id, { ...rest, ...asked });
    });

  program
    .command('audit')
    .description(
      'verify a signed render receipt offline; compare it with a sent HTML file; reproduce the exact HTML from the stored revision',
    )
    .requiredOption(
      '--receipt <jws|@file>',
      'the receipt a render answered (`receipt`, or the Letterpress-Receipt header), or @file holding it',
    )
    .option('--html <file>', 'the HTML that was sent: does its SHA-256 match the receipt?')
    .option('--vars <file.json>', "the variables it was rendered with: render the receipt's revision again and compare byte for byte")
    .option('--jwks <file>', 'the public keys (a saved GET /v1/.well-known/jwks.json); default: fetched with the key')
    .option('--out <file>', 'with --vars: write the reproduced HTML there')
    .action(async (options: AuditOptions, command: Command) => {
      code = await audit(() => client(command), options);
    });

  program
    .command('diff')
    .description(
      'unified diff of the MJML template, metadata and published HTML between two revisions; with --rendered, what a recipient would see change',
    )
    .argument('<id>', 'project id')
    .argument('[revA]', 'older revision (not with --rendered)')
    .argument('[revB]', 'newer revision (not with --rendered)')
    .option('--rendered', 'render both revisions and list what a recipient would see change (POST /projects/:id/diff)')
    .option('--from <n|published>', 'with --rendered: the revision compared from (default: published)')
    .option('--to <n|latest>', 'with --rendered: the revision compared to (default: latest)')
    .option('--vars <file.json>', 'with --rendered: variables for both renders (default: sample data)')
    .action(
      async (
        id: string,
        a: string | undefined,
        b: string | undefined,
        options: RenderedDiffOptions & { rendered?: boolean },
        command: Command,
      ) => {
        if (options.rendered) {
          if (a !== undefined) throw new UsageError('diff --rendered takes the revisions as --from and --to, not as arguments.');
          const { rendered: _rendered, ...rest } = options;
          code = await renderedDiff(client(command), id, rest);
          return;
        }
        if (options.from !== undefined || options.to !== undefined || options.vars !== undefined)
          throw new UsageError('--from, --to and --vars go with --rendered: add it, or give two revisions as arguments.');
        if (a === undefined || b === undefined)
          throw new UsageError('diff needs two revisions (letterpress diff <id> 3 4), or --rendered.');
        code = await diff(client(command), id, parseRevision(a), parseRevision(b));
      },
    );

  program
    .command('check')
    .description('exit 1 when a template no longer takes the variables a JSON sample or a list requires (for CI)')
    .argument('[ids...]', 'projects to check (default: every project, on the server or in --dir)')
    .option('--dir <dir>', 'check the local files of this directory (through POST /validate) instead of the saved templates')
    .option('--required <sample.json>', 'a JSON sample of what your code sends: each leaf path is required')
    .option('--required-list <paths>', 'comma-separated required paths (customer.first_name,order.lines[].qty)')
    .action(async (ids: string[], options, command: Command) => {
      code = await check(client(command), ids, options);
    });

  program
    .command('mcp')
    .description(
      "serve the Letterpress MCP server on stdio (for an agent's MCP client): tools that list, read, validate, render, diff, save drafts, publish and restore templates through this server's API with this key (docs/mcp.md)",
    )
    .action(async (_options, command: Command) => {
      code = await serveMcp(client(command));
    });

  const keys = program.command('keys').description("manage the workspace's API keys over HTTP (needs the keys:admin scope)");
  keys
    .command('list')
    .description('list the keys of the workspace (never their tokens)')
    .option('--json', 'print the keys as JSON')
    .action(async (options, command: Command) => {
      code = await listKeys(client(command), options);
    });
  keys
    .command('create')
    .description('issue a key; prints its token alone on stdout, once')
    .option('--name <name>', 'a label', 'unnamed')
    .option(
      '--scopes <a,b>',
      'comma-separated, of: projects:read, projects:write, templates:render, keys:admin (default: templates:render, rendering only)',
    )
    .option('--expires-in <duration>', 'lifetime: 30d, 12h, 10m, 45s')
    .option('--expires-at <time>', 'expiry as an RFC 3339 date-time')
    .option('--rate-limit <n>', 'requests per minute for this key')
    .action(async (options, command: Command) => {
      code = await createKey(client(command), options);
    });
  keys
    .command('revoke')
    .description('revoke a key at once')
    .argument('<id>', 'key id (the 12 characters after lp_)')
    .action(async (id: string, _options, command: Command) => {
      code = await revokeKey(client(command), id);
    });
  keys
    .command('rotate')
    .description('issue a new key like <id>; prints the new token alone on stdout')
    .argument('<id>', 'key id')
    .option('--overlap <duration>', 'how long the old key keeps working (default 1h; 0 revokes it now)')
    .option('--expires-in <duration>', "the new key's lifetime")
    .option('--expires-at <time>', "the new key's expiry (RFC 3339)")
    .action(async (id: string, options, command: Command) => {
      code = await rotateKey(client(command), id, options);
    });

  try {
    await program.parseAsync(argv, { from: 'user' });
    return code;
  } catch (error) {
    return report(error);
  }
}

/** An error as a message on stderr, never a stack trace; its exit code. */
function report(error: unknown): number {
  if (error instanceof CommanderError) return error.exitCode === 0 ? EXIT.ok : EXIT.usage; // commander printed it
  if (error instanceof UsageError) {
    process.stderr.write(`letterpress: ${error.message}\n`);
    return EXIT.usage;
  }
  if (error instanceof NetworkError) {
    process.stderr.write(`letterpress: ${error.message}\n`);
    return EXIT.server;
  }
  if (error instanceof ApiError) {
    process.stderr.write(`letterpress: ${formatProblem(error)}\n`);
    return error.status >= 500 || error.status === 401 || error.status === 403 ? EXIT.server : EXIT.failed;
  }
  process.stderr.write(`letterpress: ${(error as Error).message ?? String(error)}\n`);
  return EXIT.failed;
}

/** The package's version, from src/cli (tsx) or dist/src/cli (built). */
function packageVersion(): string {
  for (const up of ['../../package.json', '../../../package.json']) {
    const url = new URL(up, import.meta.url);
    if (existsSync(url)) return (JSON.parse(readFileSync(url, 'utf8')) as { version: string }).version;
  }
  return 'unknown';
}

// A reader that stops early (`letterpress diff … | head`) closes the pipe: the rest of the output is not
// wanted, so stop quietly, as POSIX tools do on SIGPIPE, instead of dying on an unhandled EPIPE with a stack.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(process.exitCode ?? EXIT.ok);
  throw error;
});
process.exitCode = await run(process.argv.slice(2));
