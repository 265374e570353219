/**
 * Entry point: load config → wire → listen → graceful shutdown on SIGINT/SIGTERM.
 */
import type { Server } from 'node:http';
import { pathToFileURL } from 'node:url';
import { loadConfig } from './config.js';
import { createHttpServer } from './http/http-server.js';
import { createLogger } from './logger.js';
import { describeStartupFailure, urlsFrom } from './startup-failure.js';
import { wireService, type Service } from './wiring.js';

/** Start the service; resolves once it listens. `port` 0 picks a free port (tests). */
export async function startServer(env: NodeJS.ProcessEnv = process.env): Promise<{ server: Server; service: Service; url: string; stop(): Promise<void> }> {
  const config = loadConfig(env);
  const logger = createLogger(config.logLevel);
  const service = await wireService(config, logger);
  if (service.bootstrap.created) {
    if (service.bootstrap.generated) {
      // Printed once, on the first start with an empty key store; only its hash is kept.
      process.stdout.write(
        `\nLetterpress generated an API key (shown only this once; only its SHA-256 is stored):\n\n  ${service.bootstrap.generated}\n\n` +
          `Use it as "Authorization: Bearer <key>". Set BOOTSTRAP_API_KEY to choose the first key yourself.\n\n`,
      );
    } else {
      logger.info({ key_id: service.bootstrap.id }, 'registered BOOTSTRAP_API_KEY as the first API key');
    }
  }
  const server = createHttpServer(service.app, config.http).listen(config.port, config.host);
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`;
  logger.info({ url, data_dir: config.dataDir, store: config.store }, 'letterpress listening');
  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await service.close();
    })());
  return { server, service, url, stop };
}

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
          stop().then(
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
