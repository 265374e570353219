/**
 * Connection caps (issue 19, item 5): at most `maxConnections` open connections in all (Node's
 * `server.maxConnections`: one more is closed at once) and at most `maxConnectionsPerClient` from one
 * remote address. Idle and slow connections cost memory and file descriptors before any request reaches
 * the app (HEADERS_TIMEOUT_MS bounds how long each lasts); without a cap one client could hold them all.
 *
 * A connection over the per-client cap is answered with a 503 problem `too_many_connections`
 * (`Retry-After: 1`, `Connection: close`) written before any request is read, then closed; the client's
 * other connections are left alone. Addresses are compared as the socket reports them, with an
 * IPv4-mapped IPv6 address (`::ffff:a.b.c.d`) read as the IPv4 one. Behind a proxy every client shares the
 * proxy's address (`app.proxy` is false): raise the per-client cap there, or cap at the proxy.
 */
import type { Server } from 'node:http';
import type { Socket } from 'node:net';

/** How many connections, in all and per remote address. */
export interface ConnectionCaps {
  /** Open connections at most (Node `server.maxConnections`; MAX_CONNECTIONS). */
  maxConnections: number;
  /** Open connections from one remote address at most (MAX_CONNECTIONS_PER_CLIENT). */
  maxConnectionsPerClient: number;
}

/** The per-client refusal, as raw HTTP/1.1 bytes (no request was read, so there is no `instance`). */
export type RawRefusal = (status: number, code: string, detail: string, headers: Record<string, string>) => string;

/** Apply `caps` to `server`; `refusal` formats the 503 written to a connection over the per-client cap. */
export function capConnections(server: Server, caps: ConnectionCaps, refusal: RawRefusal): void {
  server.maxConnections = caps.maxConnections;
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = clientAddress(socket);
    const count = (open.get(address) ?? 0) + 1;
    if (count > caps.maxConnectionsPerClient) {
      const detail = `This address already has ${caps.maxConnectionsPerClient} open connections (MAX_CONNECTIONS_PER_CLIENT); reuse one, or close one and retry.`;
      // Written at once into an empty socket buffer, then closed: an idle client reads it, a client that
      // already sent a request may see a reset instead. Either way no request of this connection runs.
      socket.write(refusal(503, 'too_many_connections', detail, { 'Retry-After': '1' }));
      socket.destroy();
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left <= 0) open.delete(address);
      else open.set(address, left);
    });
  });
}

/** The socket's remote address as `clientAddressOf` reads it. */
function clientAddress(socket: Socket): string {
  return clientAddressOf(socket.remoteAddress);
}

/**
 * A remote address as the per-client limits count it (this file's connections, authentication.ts' refused
 * keys): an IPv4-mapped IPv6 address (`::ffff:a.b.c.d`) as the IPv4 one; `unknown` when there is none (a
 * socket already gone).
 */
export function clientAddressOf(address: string | undefined): string {
  if (!address) return 'unknown';
  return address.startsWith('::ffff:') && address.includes('.') ? address.slice(7) : address;
}
