import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { localCloudflareState, localD1File } from '../server/cloudflare/local-d1.ts';
import { readContactConfig } from '../server/contact/config.ts';
import { openContactStore } from '../server/contact/sqlite.ts';
import { site } from '../src/site.config.ts';

/**
 * `npm run inbox`: the operator's view of the contact store.
 *   npm run inbox                  the latest 50 messages and their delivery state
 *   npm run inbox -- --limit 200   more of them
 *   npm run inbox -- --show 12     one message in full
 *   npm run inbox -- --resend 12   queue an uncertain or failed message again (check the mailbox first)
 *   npm run inbox -- --export messages.csv   every message, for a spreadsheet
 *   npm run inbox -- --cloudflare  the same, from the local Worker's D1 (npm run preview:cloudflare)
 * It reads the same settings as the server (CONTACT_DB or CONTACT_DATA_DIR), or CLOUDFLARE_STATE.
 * For the production D1, README, "Cloudflare: nothing to run", gives the wrangler command.
 */
const { values } = parseArgs({
  options: {
    limit: { type: 'string', default: '50' },
    show: { type: 'string' },
    resend: { type: 'string' },
    export: { type: 'string' },
    cloudflare: { type: 'boolean', default: false },
  },
});

const databasePath = values.cloudflare ? localD1File() : resolve(readContactConfig(process.env, { recipient: site.email }).databasePath);
if (!databasePath) {
  console.error(`No local D1 store in ${localCloudflareState()}: run npm run preview:cloudflare first (CLOUDFLARE_STATE names another folder).`);
  process.exit(1);
}
if (values.cloudflare && values.resend) {
  const requeue = `UPDATE messages SET status = 'pending', next_attempt_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = ${Number(values.resend)} AND status IN ('uncertain', 'failed')`;
  console.error(`workerd keeps the local Worker's store open, so it is only read here. Queue the message through wrangler:\n  npx wrangler d1 execute DB --local --persist-to ${localCloudflareState()} --command "${requeue}"`);
  process.exit(1);
}
// workerd keeps the local D1 file open: it is only read here.
const store = openContactStore(databasePath, { readOnly: values.cloudflare });

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, quote or line break. A field that a
 * spreadsheet would run as a formula (=, +, -, @ first) gets a leading apostrophe, since visitors
 * write these texts. Hand-written: a dozen lines, where a CSV library would be a new dependency.
 */
function csvField(value: string | number | null): string {
  let text = value === null ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

if (values.export) {
  const columns = ['id', 'receivedAt', 'status', 'name', 'email', 'phone-number', 'subject', 'message', 'sentAt'] as const;
  const messages = (await store.list(Number.MAX_SAFE_INTEGER)).reverse();
  const lines = [columns.join(','), ...messages.map((message) => columns.map((column) => csvField(message[column])).join(','))];
  writeFileSync(values.export, `\uFEFF${lines.join('\r\n')}\r\n`);
  console.log(`${messages.length} messages written to ${values.export} (oldest first; addresses and browsers left out).`);
} else if (values.show) {
  const message = await store.get(Number(values.show));
  if (!message) {
    console.error(`No message #${values.show} in ${databasePath}.`);
    process.exitCode = 1;
  } else {
    for (const [label, value] of Object.entries(message)) if (label !== 'message') console.log(`${label.padEnd(14)} ${value ?? ''}`);
    console.log(`\n${message.message}`);
  }
} else if (values.resend) {
  const queued = await store.requeue(Number(values.resend));
  console.log(queued ? `Message #${values.resend} is queued; the running server mails it on its next pass.` : `Message #${values.resend} is not uncertain or failed; nothing changed.`);
} else {
  const messages = await store.list(Number(values.limit));
  const counts = (await Promise.all(['pending', 'sent', 'uncertain', 'failed', 'spam'].map(async (status) => `${await store.count(status as never)} ${status}`))).join(', ');
  console.log(`${databasePath}: ${await store.count()} messages (${counts})\n`);
  console.log(['#'.padStart(5), 'received'.padEnd(20), 'status'.padEnd(10), 'tries', 'from'.padEnd(32), 'subject'].join('  '));
  for (const message of messages) {
    console.log(
      [
        String(message.id).padStart(5),
        message.receivedAt.slice(0, 19).replace('T', ' ').padEnd(20),
        message.status.padEnd(10),
        String(message.attempts).padStart(5),
        `${message.name} <${message.email}>`.slice(0, 32).padEnd(32),
        message.subject.slice(0, 50),
      ].join('  '),
    );
    if (message.lastError && message.status !== 'sent') console.log(`${' '.repeat(29)}last error: ${message.lastError}`);
  }
}
await store.close();
