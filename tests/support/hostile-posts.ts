import { randomBytes } from 'node:crypto';
import { validMessage as valid } from './fixtures.ts';

export interface HostilePost {
  label: string;
  init: RequestInit;
}

/**
 * More than five hundred posts a visitor must not be able to get stored or to crash the contact
 * endpoint with: random bytes as every type, wrong types, missing and oversized fields, control and
 * invisible characters, header injection, posts without an Origin or from another site, and other
 * methods. `origin` is the endpoint's own.
 */
export function hostileContactPosts(origin: string): HostilePost[] {
  const cases: HostilePost[] = [];
  const form = (fields: Record<string, string>) => ({
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: origin },
    body: new URLSearchParams(fields).toString(),
  });

  for (let index = 0; index < 200; index++) {
    const bytes = randomBytes(1 + (index * 37) % 4000);
    const type = ['application/json', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/octet-stream'][index % 4]!;
    cases.push({ label: `random bytes as ${type}`, init: { method: 'POST', headers: { 'Content-Type': type, Origin: origin }, body: bytes } });
  }
  for (const type of ['text/xml', 'text/html', 'image/png', 'application/x-www-form-urlencoded-evil', '', 'application/pdf']) {
    for (let index = 0; index < 10; index++) cases.push({ label: `type ${type}`, init: { method: 'POST', headers: { 'Content-Type': type, Origin: origin }, body: JSON.stringify(valid) } });
  }
  for (const field of Object.keys(valid)) {
    for (let index = 0; index < 10; index++) {
      const fields: Record<string, string> = { ...valid };
      delete fields[field];
      cases.push({ label: `missing ${field}`, init: form(fields) });
      cases.push({ label: `oversized ${field}`, init: form({ ...valid, [field]: 'x'.repeat(5001 + index) }) });
    }
  }
  // Control characters, header-injection attempts and characters that draw nothing (a bidi override,
  // a zero-width space, a Hangul filler, C1 controls) inside one-line fields (trim would remove them at the ends).
  const hostile = ['\u0000', '\u0007bell', '\u001b[31m', '\r\nBcc: victim@example.org\r\n', '\nSubject: injected\n', '\u2028', '<script>\r\n</script>', '\u202E', '\u200B', '\u3164', '\u0085', '\u009B'];
  for (const value of hostile) {
    for (const field of ['name', 'email', 'phone-number', 'subject'] as const) {
      const [head, tail] = [valid[field].slice(0, 3), valid[field].slice(3)];
      cases.push({ label: `hostile ${field}`, init: form({ ...valid, [field]: `${head}${value}${tail}` }) });
    }
  }
  // A field with nothing visible in it at all.
  for (const invisible of ['\u200B', '\u3164\u3164', '\u200D\u200C', '\u2060']) {
    for (const field of ['name', 'subject', 'message'] as const) cases.push({ label: `only invisible ${field}`, init: form({ ...valid, [field]: invisible }) });
  }
  for (let index = 0; index < 40; index++) {
    cases.push({ label: 'unicode junk', init: form({ ...valid, email: `😀${index}@@例え.テスト`, 'phone-number': '☎'.repeat(index + 1) }) });
  }
  for (let index = 0; index < 30; index++) cases.push({ label: 'over 32 KB', init: form({ ...valid, message: 'y'.repeat(33_000 + index * 1000) }) });
  for (const origin of ['https://evil.example', 'null', undefined]) {
    const headers: Record<string, string> = { 'Content-Type': 'application/x-www-form-urlencoded', ...(origin && { Origin: origin }) };
    for (let index = 0; index < 20; index++) cases.push({ label: `from origin ${origin}`, init: { ...form(valid), headers } });
  }
  for (const method of ['GET', 'PUT', 'DELETE', 'PATCH']) for (let index = 0; index < 5; index++) cases.push({ label: method, init: { method } });

  return cases;
}

/**
 * Sends every post to `endpoint`, 25 at a time, each with `headersFor(index)` added, and lists
 * those answered outside 4xx or with a stack trace in the answer.
 */
export async function answersOutside4xx(endpoint: string, cases: readonly HostilePost[], headersFor: (index: number) => Record<string, string> = () => ({})): Promise<string[]> {
  const wrong: string[] = [];
  for (let start = 0; start < cases.length; start += 25) {
    await Promise.all(
      cases.slice(start, start + 25).map(async ({ label, init }, offset) => {
        let response: Response;
        let text: string;
        try {
          response = await fetch(endpoint, { ...init, headers: { Accept: 'application/json', ...init.headers, ...headersFor(start + offset) } });
          text = await response.text();
        } catch (error) {
          wrong.push(`${label}: no answer (${String((error as Error).cause ?? error)})`);
          return;
        }
        if (response.status < 400 || response.status > 499) wrong.push(`${label}: ${response.status}`);
        if (/at .*\.(m?js|ts):\d+/.test(text)) wrong.push(`${label}: stack trace in the answer`);
      }),
    );
  }
  return wrong;
}
