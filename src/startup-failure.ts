/**
 * What a process prints when it cannot start: for a store it cannot reach, one short paragraph naming
 * the URL (without its password) and what to check; otherwise the error's own message. Never a stack trace.
 */
import { DependencyUnavailableError } from './application/ports/index.js';
import type { Config } from './config.js';

type Urls = Partial<Pick<Config, 'databaseUrl' | 'kurrentdbUrl' | 'mongodbUrl' | 'dataDir'>>;

/** What to say of one dependency that cannot be reached: its name, the variable and setting of its location, what to check. */
interface Advice {
  name: string;
  variable: string;
  setting: keyof Urls;
  /** The location used when the variable is unset (the configuration's default). */
  fallback?: string;
  check: string;
}

/**
 * One entry per dependency an engine's stores report unreachable (`DependencyUnavailableError.dependency`):
 * the engines' names, and both halves of the KurrentDB + MongoDB pair. A new engine adds its line here.
 */
const ADVICE: Record<string, Advice> = {
  kurrentdb: {
    name: 'KurrentDB',
    variable: 'KURRENTDB_URL',
    setting: 'kurrentdbUrl',
    check:
      'Check that the server is running and reachable from here (with docker compose: `docker compose ps kurrentdb`; it listens on 2113), and that the tls setting matches it: an insecure node needs `?tls=false`.',
  },
  mongodb: {
    name: 'MongoDB',
    variable: 'MONGODB_URL',
    setting: 'mongodbUrl',
    check:
      'Check that the server is running and reachable from here (with docker compose: `docker compose ps mongodb`; it listens on 27017), and the credentials and `authSource` in the URL.',
  },
  postgres: {
    name: 'PostgreSQL',
    variable: 'DATABASE_URL',
    setting: 'databaseUrl',
    check:
      'Check that the server accepts connections there (`pg_isready -d <url>`), that the database exists, and that the user may connect to it.',
  },
  sqlite: {
    name: 'SQLite',
    variable: 'DATA_DIR',
    setting: 'dataDir',
    fallback: './data',
    check: 'Check that the directory exists and is writable by this user, and that no other program holds the file locked.',
  },
};

/** The message for a failed start: `error` as thrown by `loadConfig`, `openStores` or `wireService`. */
export function describeStartupFailure(error: unknown, urls: Urls = {}): string {
  if (error instanceof DependencyUnavailableError && ADVICE[error.dependency]) {
    const advice = ADVICE[error.dependency]!;
    const url = urls[advice.setting];
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
  return Object.fromEntries(Object.values(ADVICE).map((advice) => [advice.setting, env[advice.variable] ?? advice.fallback]));
}
