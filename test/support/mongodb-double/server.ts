/**
 * A MongoDB server double for tests: a TCP server on a loopback port that the real `mongodb` driver talks
 * to over the wire protocol, presenting itself as a standalone MongoDB 7.0 (wire version 21). It keeps its
 * data in memory (`storage.ts`) and runs the commands our adapters send (`commands.ts`, `writes.ts`).
 * A fixture, never a store: it has no durability, no replication, no concurrency of its own.
 *
 * Fault switches (`faults`), each for the next writes a test names, let tests meet what a replica set does
 * under trouble; see `faults.ts`.
 */
import { createServer, type Server, type Socket } from 'node:net';
import type { Document } from 'bson';
import {
  aggregateCommand,
  createCommand,
  createIndexesCommand,
  Cursors,
  dropIndexesCommand,
  findCommand,
  listCollectionsCommand,
  listIndexesCommand,
  type ReadContext,
} from './commands.js';
import { MongoDoubleFaults, WRITE_COMMANDS } from './faults.js';
import { CommandError, Storage } from './storage.js';
import { encodeReply, readMessages, type WireRequest } from './wire.js';
import { deleteCommand, insertCommand, updateCommand, type WriteContext } from './writes.js';

/** One command as the double received it, for tests that count round trips. */
export interface ReceivedCommand {
  name: string;
  db: string;
  collection: unknown;
}

export interface MongoDouble {
  /** `mongodb://127.0.0.1:<port>`. */
  url: string;
  storage: Storage;
  faults: MongoDoubleFaults;
  /** Every command received, oldest first (handshakes and heartbeats included). */
  received: ReceivedCommand[];
  /** Close every client connection now, as a crashed or restarted server does. */
  dropConnections(): void;
  /** Stop listening and close every connection. */
  stop(): Promise<void>;
}

type Handler = (context: ReadContext & WriteContext) => Document;

/**
 * What the handshake answers (manual, "hello" command, Output): a writable primary of no replica set.
 * `helloOk` makes the driver use `hello` rather than the legacy `isMaster` for monitoring after the handshake.
 */
function helloReply(connectionId: number): Document {
  return {
    helloOk: true,
    ismaster: true,
    isWritablePrimary: true,
    maxBsonObjectSize: 16 * 1024 * 1024,
    maxMessageSizeBytes: 48_000_000,
    maxWriteBatchSize: 100_000,
    localTime: new Date(),
    logicalSessionTimeoutMinutes: 30,
    connectionId,
    minWireVersion: 0,
    maxWireVersion: 21,
    readOnly: false,
    ok: 1,
  };
}

const HANDLERS: Record<string, Handler> = {
  hello: () => ({}),
  ping: () => ({ ok: 1 }),
  buildInfo: () => ({ version: '7.0.0', versionArray: [7, 0, 0, 0], ok: 1 }),
  endSessions: () => ({ ok: 1 }),
  find: findCommand,
  getMore: ({ command, cursors }) => cursors.more(Number(command['getMore']), command['batchSize']),
  killCursors: ({ command, cursors }) => cursors.kill((command['cursors'] as unknown[]).map(Number)),
  aggregate: aggregateCommand,
  listCollections: listCollectionsCommand,
  create: createCommand,
  createIndexes: createIndexesCommand,
  listIndexes: listIndexesCommand,
  dropIndexes: dropIndexesCommand,
  drop: ({ storage, db, command }) => {
    if (!storage.drop(db, command['drop'])) throw new CommandError(26, 'NamespaceNotFound', 'ns not found');
    return { ok: 1 };
  },
  dropDatabase: ({ storage, db }) => (storage.drop(db), { ok: 1 }),
  insert: insertCommand,
  update: updateCommand,
  delete: deleteCommand,
};

/** Start a double on a free loopback port. It never keeps the process alive by itself (server and sockets are unref'd). */
export async function startMongoDouble(): Promise<MongoDouble> {
  const storage = new Storage();
  const cursors = new Cursors();
  const faults = new MongoDoubleFaults(storage);
  const received: ReceivedCommand[] = [];
  const sockets = new Set<Socket>();
  let connections = 0;
  let replies = 0;

  const answer = (socket: Socket, request: WireRequest, connectionId: number): void => {
    const { command } = request;
    const name = Object.keys(command)[0]!;
    const db = (command['$db'] as string | undefined) ?? 'admin';
    received.push({ name, db, collection: command[name] });
    const send = (body: Document) => {
      if (!request.moreToCome && !socket.destroyed) socket.write(encodeReply(request, ++replies, body));
    };
    if (faults.dropsBefore(name)) return void socket.destroy();
    if (name === 'ismaster' || name === 'isMaster' || name === 'hello') return send(helloReply(connectionId));
    const refusal = WRITE_COMMANDS.has(name) ? faults.refusal(command[name]) : null;
    if (refusal) return send(refusal);
    const handler = HANDLERS[name];
    let body: Document;
    try {
      if (!handler) throw new CommandError(59, 'CommandNotFound', `no such command: '${name}'`);
      body = handler({ storage, db, command, cursors, race: faults.race });
    } catch (error) {
      if (!(error instanceof CommandError)) throw error;
      body = error.reply();
    }
    if (WRITE_COMMANDS.has(name)) faults.acknowledge(command, body, send);
    else send(body);
  };

  const server: Server = createServer((socket) => {
    const connectionId = ++connections;
    sockets.add(socket);
    socket.unref();
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    let pending: Buffer = Buffer.alloc(0);
    socket.on('data', (chunk: Buffer) => {
      const { requests, rest } = readMessages(Buffer.concat([pending, chunk]));
      pending = rest;
      for (const request of requests) {
        const run = () => answer(socket, request, connectionId);
        if (!faults.park(run)) run();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  server.unref();
  const port = (server.address() as { port: number }).port;
  const dropConnections = () => {
    for (const socket of sockets) socket.destroy();
  };
  return {
    url: `mongodb://127.0.0.1:${port}`,
    storage,
    faults,
    received,
    dropConnections,
    stop: async () => {
      faults.reset();
      dropConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
