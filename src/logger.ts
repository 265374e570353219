/**
 * The service's logger: pino, JSON lines on stdout.
 */
import { pino, type Logger } from 'pino';

export type { Logger };

/** @param level pino level ('info', 'debug', 'silent', …) */
export function createLogger(level: string): Logger {
  return pino({ level, base: { service: 'letterpress' }, timestamp: pino.stdTimeFunctions.isoTime });
}
