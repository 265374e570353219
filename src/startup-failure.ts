/**
 * What a process prints when it cannot start: for a store it cannot reach, one short paragraph naming
 * the URL (without its password) and what to check; otherwise the error's own message. Never a stack trace.
 */
import { DependencyUnavailableError } from './application/ports/index.js';
import type { Config } from './config.js';

type Urls = Partial<Pick<Config, 'databaseUrl' | 'kurrentdbUrl' | 'mongodbUrl' | 'dataDir'>>;

const ADVICE: Record<string, { name: string; variable: string; url: (urls: Urls) => string | undefined; check: string }> = {
  kurrentdb: {
    name: 'KurrentDB',
    variable: 'KURRENTDB_URL',
    url: (urls) => urls.kurrentdbUrl,
    check:
      'Check that the server is running and reachable from here (with docker compose: `docker compose ps kurrentdb`; it listens on 2113), and that the tls setting matches it: an insecure node needs `?tls=false`.',
  },
  mongodb: {
    name: 'MongoDB',
    variable: 'MONGODB_URL',
    url: (urls) => urls.mongodbUrl,
    check: 'Check that the server is running and reachable from here (with docker compose: `docker compose ps mongodb`; it listens on 27017), and the credentials and `authSource` in the URL.',
  },
  postgres: {
    name: 'PostgreSQL',
    variable: 'DATABASE_URL',
    url: (urls) => urls.databaseUrl,
    check: 'Check that the server accepts connections there (`pg_isready -d <url>`), that the database exists, and that the user may connect to it.',
  },
  sqlite: {
    name: 'SQLite',
    variable: 'DATA_DIR',
    url: (urls) => urls.dataDir,
    check: 'Check that the directory exists and is writable by this user, and that no other program holds the file locked.',
  },
};

/** The message for a failed start: `error` as thrown by `loadConfig`, `openStores` or `wireService`. */
export function describeStartupFailure(error: unknown, urls: Urls = {}): string {
  if (error instanceof DependencyUnavailableError && ADVICE[error.dependency]) {
    const advice = ADVICE[error.dependency]!;
    const url = advice.url(urls);
    const where = url ? ` at ${withoutPassword(url)} (${advice.variable})` : ` (${advice.variable} is not set)`;
    return `Letterpress could not start: ${advice.name} cannot be reached${where}. ${advice.check}\n(${error.message})`;
  }
  return `Letterpress could not start: ${error instanceof Error ? error.message : String(error)}`;
}

/** A connection string with its password (and user name) hidden: it is printed to logs. */
export function withoutPassword(url: string): string {
  try {
    const parsed = new URL(url);
    if (!parsed.password && !parsed.username) return url;
    parsed.username = '';
    parsed.password = '';
    return parsed.toString();
  } catch {
    return url.replace(/\/\/[^@/]*@/, '//');
  }
}

/** The store locations in the environment, for the failure message (the configuration may itself be what failed). */
export function urlsFrom(env: NodeJS.ProcessEnv): Urls {
  return { databaseUrl: env['DATABASE_URL'], kurrentdbUrl: env['KURRENTDB_URL'], mongodbUrl: env['MONGODB_URL'], dataDir: env['DATA_DIR'] ?? './data' };
}
