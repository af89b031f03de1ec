import { randomBytes } from 'node:crypto';
import { validMessage as valid } from './fixtures.ts';

export type HostilePost = { label: string; init: RequestInit };

/** More than five hundred posts a visitor must not be able to get stored, or crash the contact endpoint with, from `origin`, the endpoint's own. */
export function hostileContactPosts(origin: string): HostilePost[] {
  const post = (type: string, body: BodyInit) => ({ method: 'POST', headers: { 'Content-Type': type, Origin: origin }, body });
  const form = (fields: Record<string, string>) => post('application/x-www-form-urlencoded', new URLSearchParams(fields).toString());
  /** `count` posts under one label, each made from its index. */
  const times = (count: number, label: string, init: (index: number) => RequestInit) => Array.from({ length: count }, (_, index) => ({ label, init: init(index) }));
  const types = ['application/json', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/octet-stream'];
  const cases: HostilePost[] = Array.from({ length: 200 }, (_, index) => ({ label: `random bytes as ${types[index % 4]}`, init: post(types[index % 4]!, randomBytes(1 + ((index * 37) % 4000))) }));
  for (const type of ['text/xml', 'text/html', 'image/png', 'application/x-www-form-urlencoded-evil', '', 'application/pdf']) cases.push(...times(10, `type ${type}`, () => post(type, JSON.stringify(valid))));
  for (const field of Object.keys(valid)) {
    const { [field as keyof typeof valid]: _left, ...without } = valid;
    for (let index = 0; index < 10; index++) cases.push({ label: `missing ${field}`, init: form(without) }, { label: `oversized ${field}`, init: form({ ...valid, [field]: 'x'.repeat(5001 + index) }) });
  }
  // Control characters, header-injection attempts and characters that draw nothing (a bidi override,
  // a zero-width space, a Hangul filler, C1 controls) inside one-line fields (trim would remove them at the ends).
  for (const value of ['\u0000', '\u0007bell', '\u001b[31m', '\r\nBcc: victim@example.org\r\n', '\nSubject: injected\n', '\u2028', '<script>\r\n</script>', '\u202E', '\u200B', '\u3164', '\u0085', '\u009B']) {
    for (const field of ['name', 'email', 'phone-number', 'subject'] as const) cases.push({ label: `hostile ${field}`, init: form({ ...valid, [field]: `${valid[field].slice(0, 3)}${value}${valid[field].slice(3)}` }) });
  }
  // A carriage return on its own in the message: a terminal showing it would write the rest over the text before it.
  cases.push({ label: 'lone carriage return in the message', init: form({ ...valid, message: 'Paid in full\rOverdue: pay now' }) });
  for (const invisible of ['\u200B', '\u3164\u3164', '\u200D\u200C', '\u2060']) {
    for (const field of ['name', 'subject', 'message'] as const) cases.push({ label: `only invisible ${field}`, init: form({ ...valid, [field]: invisible }) });
  }
  cases.push(...times(40, 'unicode junk', (index) => form({ ...valid, email: `😀${index}@@例え.テスト`, 'phone-number': '☎'.repeat(index + 1) })));
  cases.push(...times(30, 'over 32 KB', (index) => form({ ...valid, message: 'y'.repeat(33_000 + index * 1000) })));
  for (const from of ['https://evil.example', 'null', undefined]) {
    cases.push(...times(20, `from origin ${from}`, () => ({ ...form(valid), headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...(from && { Origin: from }) } })));
  }
  for (const method of ['GET', 'PUT', 'DELETE', 'PATCH']) cases.push(...times(5, method, () => ({ method })));
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
        const answer = await fetch(endpoint, { ...init, headers: { Accept: 'application/json', ...init.headers, ...headersFor(start + offset) } })
          .then(async (response) => ({ status: response.status, text: await response.text() }))
          .catch((error: Error) => error);
        if (answer instanceof Error) return wrong.push(`${label}: no answer (${String(answer.cause ?? answer)})`);
        if (answer.status < 400 || answer.status > 499) wrong.push(`${label}: ${answer.status}`);
        if (/at .*\.(m?js|ts):\d+/.test(answer.text)) wrong.push(`${label}: stack trace in the answer`);
      }),
    );
  }
  return wrong;
}
