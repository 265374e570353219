/**
 * A KurrentDB wire-level test double: a `@grpc/grpc-js` server on a loopback port, speaking the client
 * package's own generated v1 protocol (`protocol.ts`), over h2c (`?tls=false`). It implements what the
 * adapter and the client use — ServerFeatures, Streams.BatchAppend, Streams.Read (reads, also those the
 * client's Rust bridge sends, and `$all` subscriptions) — and nothing else (other calls answer
 * UNIMPLEMENTED, as a server without the feature would). A fixture for tests, never a store.
 *
 *   const double = await startKurrentDouble();          // double.url: kurrentdb://127.0.0.1:<port>?tls=false
 *   double.faults.noCaughtUp = true;                    // see faults.ts
 *   double.dropSubscriptions();                         // UNAVAILABLE to every open subscription
 *   await double.stop();
 */
import * as grpc from '@grpc/grpc-js';
import { batchAppendHandler } from './batch-append.js';
import { EventLog } from './event-log.js';
import { healthy, type KurrentFaults } from './faults.js';
import { featuresGrpc, featuresPb, streamsGrpc } from './protocol.js';
import { readHandler, type OpenSubscriptions } from './read.js';

export type { KurrentFaults } from './faults.js';

/** The server version ServerFeatures reports: the current LTS, or 22.10 for a server without `CaughtUp`. */
const VERSION = { current: '24.10.0', beforeCaughtUp: '22.10.3' };

export interface KurrentDouble {
  /** `kurrentdb://127.0.0.1:<port>?tls=false`. */
  readonly url: string;
  readonly port: number;
  /** Switches read at each request: change them in a test (on a double of its own). */
  readonly faults: KurrentFaults;
  /** What is stored (to assert on it, or to see what a held append wrote). */
  readonly log: EventLog;
  /** End every open subscription with gRPC UNAVAILABLE (a server restart or a leader change); how many ended. */
  dropSubscriptions(): number;
  /** Close every call and the port. */
  stop(): Promise<void>;
}

/**
 * `ServerFeatures.GetSupportedMethods` (KurrentDB `Services/Transport/Grpc/ServerFeatures.cs`): the methods
 * the double implements. The client appends through BatchAppend only when it is listed (`appendToStream/index.js`).
 */
function supportedMethods(faults: KurrentFaults) {
  const methods = [
    ['event_store.client.streams.Streams', 'read'],
    ['event_store.client.streams.Streams', 'batchappend'],
    ['event_store.client.server_features.ServerFeatures', 'getsupportedmethods'],
  ].map(([service, method]) => {
    const entry = new featuresPb.SupportedMethod();
    entry.setServiceName(service!.toLowerCase());
    entry.setMethodName(method);
    return entry;
  });
  const supported = new featuresPb.SupportedMethods();
  supported.setMethodsList(methods);
  supported.setEventStoreServerVersion(faults.noCaughtUp ? VERSION.beforeCaughtUp : VERSION.current);
  return supported;
}

/** Start a double on `127.0.0.1` (`port` 0: any free port), with `faults` over a healthy server. */
export async function startKurrentDouble(options: { port?: number; faults?: Partial<KurrentFaults> } = {}): Promise<KurrentDouble> {
  const faults: KurrentFaults = { ...healthy(), ...options.faults };
  const log = new EventLog();
  const open: OpenSubscriptions = new Set();
  const timers = new Set<NodeJS.Timeout>();
  // A real server writes system events of its own from the start ($-prefixed stream and type): the
  // adapter's filters must leave them out.
  log.append('$stats-127.0.0.1:2113', 'any', [
    {
      id: '00000000-0000-4000-8000-000000000001',
      type: '$statsCollected',
      contentType: 'application/json',
      data: Buffer.from('{}'),
      metadata: new Uint8Array(),
    },
  ]);

  const server = new grpc.Server();
  const unimplemented = (_call: unknown, callback?: (error: grpc.ServiceError) => void) =>
    callback?.(
      Object.assign(new Error('not implemented by the double'), {
        code: grpc.status.UNIMPLEMENTED,
        details: 'not implemented by the double',
        metadata: new grpc.Metadata(),
      }),
    );
  server.addService(featuresGrpc.ServerFeaturesService, {
    getSupportedMethods: (_call: unknown, callback: grpc.sendUnaryData<unknown>) => callback(null, supportedMethods(faults)),
  });
  server.addService(streamsGrpc.StreamsService, {
    read: readHandler(log, faults, open),
    batchAppend: batchAppendHandler(log, faults, timers),
    append: unimplemented,
    delete: unimplemented,
    tombstone: unimplemented,
  });
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync(`127.0.0.1:${options.port ?? 0}`, grpc.ServerCredentials.createInsecure(), (error, bound) =>
      error ? reject(error) : resolve(bound),
    ),
  );

  const drop = (): number => {
    const calls = [...open];
    open.clear();
    for (const call of calls)
      call.emit('error', Object.assign(new Error('the double dropped the subscription'), { code: grpc.status.UNAVAILABLE }));
    return calls.length;
  };
  return {
    url: `kurrentdb://127.0.0.1:${port}?tls=false`,
    port,
    faults,
    log,
    dropSubscriptions: drop,
    async stop() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      drop();
      // Clients keep their BatchAppend streams open, which would hold a graceful shutdown: force it.
      server.forceShutdown();
    },
  };
}
