import { connect as connectTcp } from 'node:net';
import { Duplex } from 'node:stream';

/**
 * workerd's `cloudflare:sockets` on Node, as far as worker-mailer uses it, for unit tests that mail
 * to a test server on loopback: plain TCP, no STARTTLS (vitest.config.ts points the import here).
 * As with workerd's, a reader refuses a second pending read: after a refused message worker-mailer's
 * close() reads beside its own reset, and a queued read would leave it looping on the stream's end.
 * Written here: the one library for this (@arrowood.dev/socket) lacks the `opened` worker-mailer awaits.
 */
export function connect({ hostname, port }: { hostname: string; port: number }) {
  const socket = connectTcp({ host: hostname, port });
  const opened = new Promise<void>((resolve, reject) => socket.once('connect', resolve).on('error', reject));
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  const { readable, writable } = Duplex.toWeb(socket);
  const getReader = () => {
    const reader = readable.getReader();
    const read = reader.read.bind(reader);
    let pending = false;
    const readAlone = async () => {
      if (pending) throw new TypeError('This ReadableStream only supports a single pending read request at a time.');
      pending = true;
      return read().finally(() => (pending = false));
    };
    return Object.assign(reader, { read: readAlone });
  };
  return { opened, closed, readable: { getReader }, writable, close: () => (socket.end(), closed) };
}
