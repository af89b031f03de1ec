/** A reader of security.txt, strict where RFC 9116 says "must", that says what is wrong line by line, so a test failure names the problem. */
export function readSecurityTxt(text: string): { fields: Map<string, string[]>; problems: string[] } {
  const fields = new Map<string, string[]>();
  const problems: string[] = [];
  text.split(/\r?\n/).forEach((line, index) => {
    if (line === '' || line.startsWith('#')) return;
    const match = /^([A-Za-z0-9-]+): (.+)$/.exec(line);
    if (!match) return problems.push(`line ${index + 1} is not "Field: value": ${line}`);
    const name = match[1]!.toLowerCase();
    fields.set(name, [...(fields.get(name) ?? []), match[2]!.trim()]);
  });
  const [contacts = [], expires = [], languages = [], canonicals = []] = ['contact', 'expires', 'preferred-languages', 'canonical'].map((name) => fields.get(name));
  if (contacts.length === 0) problems.push('no Contact field');
  for (const contact of contacts) if (!URL.canParse(contact)) problems.push(`Contact is not a URI: ${contact}`);
  if (expires.length !== 1) problems.push(`Expires appears ${expires.length} times; it must appear once`);
  else if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/.test(expires[0]!) || Number.isNaN(Date.parse(expires[0]!))) problems.push(`Expires is not an RFC 3339 date-time: ${expires[0]}`);
  if (languages.length > 1) problems.push('preferred-languages appears more than once');
  for (const canonical of canonicals) if (!canonical.startsWith('https://')) problems.push(`Canonical is not an https URI: ${canonical}`);
  return { fields, problems };
}
