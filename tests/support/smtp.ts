import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server on loopback that keeps every message it accepts, for tests. With `login`, it
 * requires that user name and password, as a mail provider does. While `refuseNext` is above 0,
 * it refuses each message at the end of its data with a temporary error (451), as a busy one does.
 */
export async function startSmtpServer(port = 0, { login }: { login?: { user: string; pass: string } } = {}) {
  const received: { from: string; to: string[]; raw: string }[] = [];
  const refusing = { refuseNext: 0 };
  const server = new SMTPServer({
    authOptional: !login,
    // Plain text on loopback: the test has no certificate for STARTTLS.
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    disableReverseLookup: true,
    logger: false,
    // A client refused at login leaves its connection open: close it soon after the server closes.
    closeTimeout: 500,
    onAuth(auth, _session, callback) {
      if (login && auth.username === login.user && auth.password === login.pass) callback(null, { user: auth.username });
      else callback(new Error('Invalid user name or password'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (refusing.refuseNext > 0) {
          refusing.refuseNext--;
          return callback(Object.assign(new Error('Busy, try again later'), { responseCode: 451 }));
        }
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  // A client that goes away mid-session (a Worker killed by a test) is no failure of the server's.
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return Object.assign(refusing, { port: (server.server.address() as AddressInfo).port, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) });
}

/** Decodes a header of a raw message (unfolded), such as Subject or Reply-To. */
export function headerOf(raw: string, name: string): string | undefined {
  const head = raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  return head.split(/\r?\n/).find((line) => line.toLowerCase().startsWith(`${name.toLowerCase()}:`))?.slice(name.length + 1).trim();
}

/** A header's text as a mail client shows it: RFC 2047 encoded words (base64 or Q, UTF-8) decoded. */
export function decodedHeaderOf(raw: string, name: string): string | undefined {
  const bytes = (word: string, encoding: string) =>
    encoding.toUpperCase() === 'B'
      ? Buffer.from(word, 'base64')
      : Buffer.from(word.replaceAll('_', ' ').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1');
  return headerOf(raw, name)
    ?.replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?UTF-8\?([BQ])\?([^?]*)\?=/gi, (_, encoding: string, word: string) => bytes(word, encoding).toString('utf8'));
}
