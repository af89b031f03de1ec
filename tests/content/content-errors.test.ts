import { spawnSync } from 'node:child_process';
import { readFile, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { punctuation } from '../support/content-variants.ts';
import { copyProject, editFile, environmentForABuild, removeProject, runAstro } from '../support/project-copy';

// Each test breaks one content file the way an editor might, in a copy of the project, and checks
// that the build stops with one message naming the file, the field and the fix in plain words.

let dir: string | undefined;
afterEach(async () => {
  if (dir) await removeProject(dir);
  dir = undefined;
});

async function brokenCopy(path: string, change: (text: string) => string): Promise<string> {
  dir = await copyProject();
  await editFile(dir, path, change);
  return dir;
}

describe('a content mistake stops the build with a message an editor can act on', () => {
  it('a missing field, a wrong type and an unknown field', { timeout: 120_000 }, async () => {
    const copy = await brokenCopy('src/content/services/Cyber.md', (text) =>
      text.replace(/^summary:.*\n(?: {2}.*\n)*/m, '').replace(/^order: 1$/m, 'order: first').replace(/^icon:/m, 'colour: blue\nicon:'),
    );
    const { code, output } = runAstro(copy, 'sync');
    expect(code).not.toBe(0);
    expect(output).toContain('services → Cyber');
    expect(output).toContain('src/content/services/Cyber.md');
    expect(output).toMatch(/summary\**: is missing: add it \(text expected\)\. Expected: One or two sentences for the card/);
    expect(output).toMatch(/order\**: should be a number, but it is the text "first"/);
    expect(output).toMatch(/has a field it does not know: colour\. Check the spelling, or remove it\./);
  });

  it('an icon name that does not exist', { timeout: 120_000 }, async () => {
    const copy = await brokenCopy('src/content/products/LMS.md', (text) => text.replace(/^icon: .*$/m, 'icon: graduation-hat'));
    const { code, output } = runAstro(copy, 'sync');
    expect(code).not.toBe(0);
    expect(output).toContain('src/content/products/LMS.md');
    expect(output).toMatch(/icon\**: is not an icon name: pick one from https:\/\/lucide\.dev\/icons/);
  });

  it('a picture that does not exist', { timeout: 120_000 }, async () => {
    const copy = await brokenCopy('src/content/projects/westlink-freight.md', (text) =>
      text.replace('image/src.svg', 'image/scr.svg'),
    );
    const { code, output } = runAstro(copy, 'sync');
    expect(code).not.toBe(0);
    expect(output).toContain(
      'src/content/projects/westlink-freight.md: "image.src" points to "../../assets/projects/westlink-freight/image/scr.svg", but there is no such file. Check the spelling of the path, or add the picture as src/assets/projects/westlink-freight/image/scr.svg.',
    );
  });

  it('a picture without its alt text', { timeout: 120_000 }, async () => {
    const copy = await brokenCopy('src/content/clients/kestrel-outdoor.md', (text) => text.replace(/^ {2}alt: .*\n/m, ''));
    const { code, output } = runAstro(copy, 'sync');
    expect(code).not.toBe(0);
    expect(output).toContain('src/content/clients/kestrel-outdoor.md');
    expect(output).toMatch(/logo\.alt\**: is missing: add it \(text expected\)\. Expected: What the picture shows/);
  });

  it('a reference to an entry that does not exist, and no site is left behind', { timeout: 180_000 }, async () => {
    const copy = await brokenCopy('src/content/clients/westlink-freight.md', (text) =>
      text.replace(/^project: .*$/m, 'project: westlink-frieght'),
    );
    const { code, output } = runAstro(copy, 'build');
    expect(code).not.toBe(0);
    expect(output).toContain(
      'src/content/clients/westlink-freight.md: "project" refers to "westlink-frieght", but there is no such file in src/content/projects. Use one of: bluegum-college, foodbank-roster, harbour-and-vine, kestrel-outdoor, northside-physio, westlink-freight.',
    );
    await expect(readFile(join(copy, 'dist', 'client', 'sitemap-index.xml'))).rejects.toThrow();
  });

  it('an .mdx text that cannot be read, naming the file, the line, the character and the fix', { timeout: 180_000 }, async () => {
    // The same everyday punctuation that a .md file shows as written (tests/variants/punctuation.spec.ts).
    const copy = await brokenCopy(punctuation.path, (text) => `${text}\n${punctuation.sentence}\n`);
    const source = await readFile(join(copy, punctuation.path), 'utf8');
    const mdx = punctuation.path.replace(/\.md$/, '.mdx');
    await rename(join(copy, punctuation.path), join(copy, mdx));
    const { code, output } = runAstro(copy, 'build');
    expect(code).not.toBe(0);
    const line = source.split('\n').findIndex((text) => text === punctuation.sentence) + 1;
    expect(output).toContain(`${mdx} cannot be read: the build stopped at the "{" in line ${line}`);
    expect(output).toContain('put a backslash before each one: \\{ and \\}');
    expect(output).toContain(`rename it to ${punctuation.path}`);
  });
});

/** Runs `npm run verify:content` (the content lane, README "Two lanes") on a copy, without axe. */
function verifyContent(copy: string): { code: number | null; output: string } {
  const run = spawnSync(process.execPath, [join(import.meta.dirname, 'verify-content.ts'), '--root', copy, '--skip-axe'], { encoding: 'utf8', timeout: 240_000, env: environmentForABuild() });
  return { code: run.status, output: `${run.stdout}\n${run.stderr}` };
}

describe('the content lane stops a broken edit with a message naming the file', () => {
  it('a picture deleted while an entry still shows it', { timeout: 60_000 }, async () => {
    dir = await copyProject();
    await rm(join(dir, 'src/assets/projects/westlink-freight/image/src.svg'));
    const { code, output } = verifyContent(dir);
    expect(code).toBe(1);
    expect(output).toContain('Content check failed');
    expect(output).toContain('src/content/projects/westlink-freight.md: "image.src" points to "../../assets/projects/westlink-freight/image/src.svg", but there is no such file.');
  });

  it('a link to a page that was removed', { timeout: 240_000 }, async () => {
    dir = await copyProject();
    await editFile(dir, 'src/content/services/Cyber.md', (text) => `${text}\nSee also [our learning platform](/LMS/).\n`);
    await rm(join(dir, 'src/content/products/LMS.md'));
    const { code, output } = verifyContent(dir);
    expect(code, output).toBe(1);
    expect(output).toContain('/Cyber/ (from src/content/services/Cyber.md) links to /LMS/ (404): that address is not a page or picture of the site.');
  });
});
