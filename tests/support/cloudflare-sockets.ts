import { connect as connectTcp } from 'node:net';
import { Duplex } from 'node:stream';

/**
 * `connect()` of workerd's `cloudflare:sockets`, on Node, as far as worker-mailer uses it: plain
 * TCP, for unit tests that mail through server/contact/outbox.ts to a test mail server on loopback
 * (which offers no TLS). vitest.config.ts points the import here; on workerd the runtime's own
 * serves it, and tests/e2e/api.spec.ts mails through that.
 */
export function connect({ hostname, port }: { hostname: string; port: number }, options: { secureTransport?: string } = {}) {
  const plainOnly = () => new Error('The test sockets speak plain TCP only.');
  if (options.secureTransport === 'on') throw plainOnly();
  const socket = connectTcp({ host: hostname, port });
  const opened = new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.on('error', reject);
  });
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  const { readable, writable } = Duplex.toWeb(socket);
  // As workerd's does, the reader refuses a second read while one is pending. worker-mailer's
  // close() reads beside its own reset after a refused message; a queued read would get the end of
  // the stream, and worker-mailer reads again at once, for ever.
  const getReader = () => {
    const reader = readable.getReader();
    let pending = false;
    return Object.assign(reader, {
      read: async () => {
        if (pending) throw new TypeError('This ReadableStream only supports a single pending read request at a time.');
        pending = true;
        try {
          return await ReadableStreamDefaultReader.prototype.read.call(reader);
        } finally {
          pending = false;
        }
      },
    });
  };
  return {
    opened,
    closed,
    readable: { getReader },
    writable,
    close: () => (socket.end(), closed),
    startTls: () => {
      throw plainOnly();
    },
  };
}
