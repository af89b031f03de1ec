import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { readContactConfig } from '../server/contact/config.ts';
import { ContactStore } from '../server/contact/store.ts';
import { site } from '../src/site.config.ts';

/**
 * `npm run inbox`: the operator's view of the contact store.
 *   npm run inbox                  the latest 50 messages and their delivery state
 *   npm run inbox -- --limit 200   more of them
 *   npm run inbox -- --show 12     one message in full
 *   npm run inbox -- --resend 12   queue an uncertain or failed message again (check the mailbox first)
 *   npm run inbox -- --export messages.csv   every message, for a spreadsheet
 * It reads the same settings as the server (CONTACT_DB or CONTACT_DATA_DIR).
 */
const { values } = parseArgs({
  options: { limit: { type: 'string', default: '50' }, show: { type: 'string' }, resend: { type: 'string' }, export: { type: 'string' } },
});

const config = readContactConfig(process.env, { recipient: site.email });
const store = new ContactStore(config.databasePath);

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
  const messages = store.list(Number.MAX_SAFE_INTEGER).reverse();
  const lines = [columns.join(','), ...messages.map((message) => columns.map((column) => csvField(message[column])).join(','))];
  writeFileSync(values.export, `\uFEFF${lines.join('\r\n')}\r\n`);
  console.log(`${messages.length} messages written to ${values.export} (oldest first; addresses and browsers left out).`);
} else if (values.show) {
  const message = store.get(Number(values.show));
  if (!message) {
    console.error(`No message #${values.show} in ${config.databasePath}.`);
    process.exitCode = 1;
  } else {
    for (const [label, value] of Object.entries(message)) if (label !== 'message') console.log(`${label.padEnd(14)} ${value ?? ''}`);
    console.log(`\n${message.message}`);
  }
} else if (values.resend) {
  const queued = store.requeue(Number(values.resend));
  console.log(queued ? `Message #${values.resend} is queued; the running server mails it on its next pass.` : `Message #${values.resend} is not uncertain or failed; nothing changed.`);
} else {
  const messages = store.list(Number(values.limit));
  const counts = ['pending', 'sent', 'uncertain', 'failed', 'spam'].map((status) => `${store.count(status as never)} ${status}`).join(', ');
  console.log(`${config.databasePath}: ${store.count()} messages (${counts})\n`);
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
store.close();
