import { globSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { HtmlValidate, type RuleConfig } from 'html-validate';

/**
 * Every built HTML file by html-validate's recommended rules, less the stylistic ones React's server
 * renderer trips, and with ids as HTML allows them ("1-give-every-person-a-login", from a heading).
 */
export async function validateBuiltHtml(clientDir: string): Promise<{ files: number; problems: string[] }> {
  const rules: RuleConfig = { 'attr-case': 'off', 'void-style': 'off', 'attribute-boolean-style': 'off', 'attribute-empty-style': 'off', 'valid-id': ['error', { relaxed: true }] };
  const validator = new HtmlValidate({ extends: ['html-validate:recommended'], rules });
  const files = globSync(`${clientDir}/**/*.html`);
  const problems: string[] = [];
  for (const file of files) {
    for (const message of (await validator.validateString(readFileSync(file, 'utf8'), file)).results.flatMap((result) => result.messages)) {
      problems.push(`${relative(clientDir, file)}:${message.line}:${message.column} ${message.ruleId}: ${message.message}`);
    }
  }
  return { files: files.length, problems };
}

/** How a check gets one address of the site under test (redirects followed): its status and text. */
export type GetPage = (path: string) => Promise<{ status: number; text: string }>;

/**
 * Follows every internal reference of the given pages (links, images, sources, and the islands'
 * scripts; redirects included) and returns the ones that do not end in a 200, or whose #anchor is
 * missing, plus the targets that were checked.
 */
export async function findBrokenReferences(origin: string, get: GetPage, paths: readonly string[]): Promise<{ checked: string[]; broken: string[] }> {
  const broken: string[] = [];
  const answers = new Map<string, ReturnType<GetPage>>();
  const answer = (path: string) => answers.get(path) ?? answers.set(path, get(path)).get(path)!;
  for (const path of paths) {
    const { text: html } = await answer(path);
    const references = [...html.matchAll(/\s(href|src|srcset|component-url|renderer-url|runtime-url)="([^"]*)"/g)].flatMap(([, attribute, value]) =>
      attribute === 'srcset' ? value!.split(',').map((candidate) => candidate.trim().split(/\s+/)[0]!) : [value!],
    );
    for (const reference of new Set(references.map((url) => url.replaceAll('&amp;', '&')))) {
      const url = new URL(reference, `${origin}${path}`);
      if (url.origin !== origin) continue;
      const target = await answer(url.pathname);
      if (url.pathname !== path && target.status !== 200) broken.push(`${path} → ${reference} (${target.status})`);
      if (url.hash && !target.text.includes(`id="${decodeURIComponent(url.hash.slice(1))}"`)) broken.push(`${path} → ${reference} (no such anchor)`);
    }
  }
  return { checked: [...answers.keys()], broken };
}
