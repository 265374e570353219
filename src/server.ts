/**
 * Entry point: load config → wire → listen → graceful shutdown on SIGINT/SIGTERM.
 */
import type { Server } from 'node:http';
import { pathToFileURL } from 'node:url';
import { loadConfig } from './config.js';
import { createHttpServer } from './http/http-server.js';
import { createLogger, type Logger } from './logger.js';
import { describeStartupFailure, urlsFrom } from './startup-failure.js';
import { wireService, type Service } from './wiring.js';

/**
 * Start the service; resolves once it listens and the first API key, if the store had none, is registered
 * (and, when generated, printed: only after the port is taken, so a failed start loses no key). `port` 0
 * picks a free port (tests). `stop(reason)` closes the HTTP server (requests in flight get STOP_GRACE_MS to
 * finish), then the service, logging "stopping" and "stopped" (with `http_ms`, `service_ms` and `total_ms`,
 * ms, and `forced_connections`) with `reason` (the signal's name on SIGINT/SIGTERM); a second call returns
 * the same promise.
 */
export async function startServer(
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ server: Server; service: Service; url: string; stop(reason?: string): Promise<void> }> {
  const config = loadConfig(env);
  const logger = createLogger(config.logLevel);
  const service = await wireService(config, logger);
  const server = createHttpServer(service.app, config.http);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('listening', resolve);
      server.once('error', reject);
      server.listen(config.port, config.host);
    });
  } catch (error) {
    // EADDRINUSE and the like: nothing was registered yet, so the next start still bootstraps.
    await service.close();
    throw error;
  }
  try {
    // Only now: a key printed by a start that then fails to listen would be lost (it is shown once).
    announceBootstrap(await service.bootstrap(), logger);
  } catch (error) {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await service.close();
    throw error;
  }
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`;
  logger.info({ url, data_dir: config.dataDir, store: config.store }, 'letterpress listening');
  let stopping: Promise<void> | undefined;
  const stop = (reason = 'stop') =>
    (stopping ??= (async () => {
      // Two lines an operator can find and time a stop (or a stuck one) by. The HTTP side stops taking
      // connections, closes idle keep-alive ones at once and lets the requests in flight finish, for at most
      // STOP_GRACE_MS: then every connection left is closed (`forced_connections` says how many). Then the
      // projector, compile pool and stores close.
      const started = performance.now();
      logger.info({ reason, grace_ms: config.stopGraceMs }, 'stopping');
      let forced = 0;
      const grace = setTimeout(() => {
        server.getConnections((_error, count) => {
          forced = count;
          server.closeAllConnections();
        });
      }, config.stopGraceMs);
      await new Promise<void>((resolve) => server.close(() => resolve()));
      clearTimeout(grace);
      const httpMs = performance.now() - started;
      await service.close();
      const totalMs = performance.now() - started;
      logger.info(
        { reason, http_ms: round(httpMs), service_ms: round(totalMs - httpMs), total_ms: round(totalMs), forced_connections: forced },
        'stopped',
      );
    })());
  return { server, service, url, stop };
}

/** Print a generated first key once (only its hash is stored), or log that BOOTSTRAP_API_KEY was registered. */
function announceBootstrap(bootstrap: Awaited<ReturnType<Service['bootstrap']>>, logger: Logger): void {
  if (!bootstrap.created) return;
  if (bootstrap.generated) {
    process.stdout.write(
      `\nLetterpress generated an API key (shown only this once; only its SHA-256 is stored):\n\n  ${bootstrap.generated}\n\n` +
        `Use it as "Authorization: Bearer <key>". Set BOOTSTRAP_API_KEY to choose the first key yourself.\n\n`,
    );
  } else {
    logger.info({ key_id: bootstrap.id }, 'registered BOOTSTRAP_API_KEY as the first API key');
  }
}

const round = (ms: number) => Math.round(ms * 10) / 10;

const isMain = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (isMain) {
  process.on('unhandledRejection', (reason) => {
    // mjml's CSS minifier can leave rejections behind (notes §4.3); log them instead of dying mid-request.
    console.error('unhandled rejection', reason);
  });
  startServer()
    .then(({ stop }) => {
      for (const signal of ['SIGINT', 'SIGTERM'] as const) {
        process.once(signal, () => {
          stop(signal).then(
            () => process.exit(0),
            (error) => {
              console.error(error);
              process.exit(1);
            },
          );
        });
      }
    })
    .catch((error: unknown) => {
      console.error(describeStartupFailure(error, urlsFrom(process.env)));
      process.exit(1);
    });
}
