import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

/**
 * `npm run inbox`: the enquiries the contact form has stored, and whether each has been mailed.
 *   npm run inbox                  the latest 50, from the local store of npm start (data/)
 *   npm run inbox -- --show 12     one in full
 *   npm run inbox -- --remote      from the production D1 (wrangler login, or CLOUDFLARE_API_TOKEN)
 *   npm run inbox -- --state DIR   from the local store in DIR
 */
const { values } = parseArgs({ options: { show: { type: 'string' }, remote: { type: 'boolean', default: false }, state: { type: 'string', default: 'data' }, limit: { type: 'string', default: '50' } } });
const projectRoot = resolve(import.meta.dirname, '..');

/** The rows a query returns, through wrangler, from the local or the production D1. */
function query<Row>(sql: string): Row[] {
  const where = values.remote ? ['--remote'] : ['--local', '--persist-to', resolve(values.state)];
  const run = spawnSync(process.execPath, [join(projectRoot, 'node_modules/wrangler/bin/wrangler.js'), 'd1', 'execute', 'DB', ...where, '--json', '--command', sql], { cwd: projectRoot, encoding: 'utf8' });
  if (run.status !== 0) {
    console.error(`Could not read the ${values.remote ? 'production' : 'local'} store:\n${run.stdout}${run.stderr}`);
    process.exit(1);
  }
  return (JSON.parse(run.stdout) as { results: Row[] }[])[0]!.results;
}

const id = Number(values.show);
if (values.show !== undefined) {
  if (!Number.isInteger(id)) throw new Error(`--show takes a message's number; "${values.show}" is not one.`);
  const [message] = query<Record<string, string | number | null>>(`SELECT * FROM messages WHERE id = ${id}`);
  if (!message) {
    console.error(`There is no message #${id}.`);
    process.exit(1);
  }
  for (const [field, value] of Object.entries(message)) if (field !== 'message') console.log(`${field.padEnd(16)} ${value ?? ''}`);
  console.log(`\n${message.message}`);
} else {
  const counts = query<{ status: string; n: number }>('SELECT status, COUNT(*) AS n FROM messages GROUP BY status');
  console.log(`${counts.reduce((sum, { n }) => sum + n, 0)} messages (${counts.map(({ status, n }) => `${n} ${status}`).join(', ') || 'none yet'})\n`);
  type Row = { id: number; received_at: string; status: string; attempts: number; name: string; email: string; subject: string; last_error: string | null };
  console.log(['#'.padStart(5), 'received (UTC)'.padEnd(19), 'status'.padEnd(8), 'tries', 'from (address, name)'.padEnd(32), 'subject'].join('  '));
  for (const row of query<Row>(`SELECT id, received_at, status, attempts, name, email, subject, last_error FROM messages ORDER BY id DESC LIMIT ${Math.max(1, Number(values.limit) || 50)}`)) {
    // The address whole and first, so that no name, however it is shaped, can stand in its place; the name fills what the column has left.
    const from = `${row.email} ${row.name}`.slice(0, Math.max(32, row.email.length));
    console.log([String(row.id).padStart(5), row.received_at.slice(0, 19).replace('T', ' '), row.status.padEnd(8), String(row.attempts).padStart(5), from.padEnd(32), row.subject.slice(0, 50)].join('  '));
    if (row.status === 'pending' && row.last_error) console.log(`${' '.repeat(37)}not mailed yet: ${row.last_error}`);
  }
}
