/**
 * Environment → one frozen, validated configuration object (ARCHITECTURE §5; README "Configuration").
 */
import { z } from 'zod';

const integer = (fallback: number, min: number, max: number) => z.coerce.number().int().min(min).max(max).default(fallback);

const schema = z.object({
  PORT: integer(3000, 0, 65535),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  STORE: z.enum(['sqlite']).default('sqlite'),
  BOOTSTRAP_API_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  RATE_LIMIT_PER_MINUTE: integer(600, 1, 1_000_000),
  COMPILE_TIMEOUT_MS: integer(5000, 100, 600_000),
  COMPILE_THREADS: z.coerce.number().int().min(1).max(16).optional(),
  RENDER_CACHE_MB: integer(128, 1, 65536),
  BODY_LIMIT_KB: integer(2048, 16, 65536),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  store: 'sqlite';
  bootstrapApiKey: string | undefined;
  rateLimitPerMinute: number;
  compileTimeoutMs: number;
  compileThreads: number | undefined;
  /** Render cache bound, bytes. */
  renderCacheBytes: number;
  /** Largest accepted request body, bytes. */
  bodyLimitBytes: number;
  logLevel: string;
}

/**
 * Read the configuration.
 * @throws Error naming every invalid variable (the server refuses to start on a bad configuration).
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Readonly<Config> {
  const blankless = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = schema.safeParse(blankless);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  return Object.freeze({
    port: c.PORT,
    host: c.HOST,
    dataDir: c.DATA_DIR,
    store: c.STORE,
    bootstrapApiKey: c.BOOTSTRAP_API_KEY,
    rateLimitPerMinute: c.RATE_LIMIT_PER_MINUTE,
    compileTimeoutMs: c.COMPILE_TIMEOUT_MS,
    compileThreads: c.COMPILE_THREADS,
    renderCacheBytes: c.RENDER_CACHE_MB * 1024 * 1024,
    bodyLimitBytes: c.BODY_LIMIT_KB * 1024,
    logLevel: c.LOG_LEVEL,
  });
}
