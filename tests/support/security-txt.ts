/**
 * A reader of security.txt as RFC 9116 defines it, strict where the RFC says "must": lines of
 * `Field: value` (or comments), CRLF or LF; `Contact` (a URI) at least once; `Expires` exactly once,
 * an RFC 3339 date-time; `Preferred-Languages` and `Canonical` at most once; and it says what is
 * wrong, line by line, so a test failure names the problem.
 */
export interface SecurityTxt {
  fields: Map<string, string[]>;
  problems: string[];
}

const onceOnly = ['expires', 'preferred-languages'];
const rfc3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

export function readSecurityTxt(text: string): SecurityTxt {
  const fields = new Map<string, string[]>();
  const problems: string[] = [];
  text.split(/\r?\n/).forEach((line, index) => {
    if (line === '' || line.startsWith('#')) return;
    const match = /^([A-Za-z0-9-]+): (.+)$/.exec(line);
    if (!match) return problems.push(`line ${index + 1} is not "Field: value": ${line}`);
    const name = match[1]!.toLowerCase();
    fields.set(name, [...(fields.get(name) ?? []), match[2]!.trim()]);
  });
  const contacts = fields.get('contact') ?? [];
  if (contacts.length === 0) problems.push('no Contact field');
  for (const contact of contacts) if (!URL.canParse(contact)) problems.push(`Contact is not a URI: ${contact}`);
  const expires = fields.get('expires') ?? [];
  if (expires.length !== 1) problems.push(`Expires appears ${expires.length} times; it must appear once`);
  else if (!rfc3339.test(expires[0]!) || Number.isNaN(Date.parse(expires[0]!))) problems.push(`Expires is not an RFC 3339 date-time: ${expires[0]}`);
  for (const name of onceOnly.slice(1)) if ((fields.get(name)?.length ?? 0) > 1) problems.push(`${name} appears more than once`);
  for (const canonical of fields.get('canonical') ?? []) if (!canonical.startsWith('https://')) problems.push(`Canonical is not an https URI: ${canonical}`);
  return { fields, problems };
}
