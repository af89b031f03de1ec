import { readFile, rename } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { textOf } from '../../src/lib/publishing/social-image.ts';
import { copyProject, editFile, removeProject, runAstro } from '../support/project-copy.ts';

// Everyday punctuation in a body must just work, and an .mdx body that cannot be read must say
// which character to change and how.
const sentence = 'Most budgets are < $20k, and we quote {fixed prices} & R&D at 5 * 3 > 10 days.';

let dir: string | undefined;
afterEach(async () => {
  if (dir) await removeProject(dir);
  dir = undefined;
});

describe('punctuation in a body', () => {
  it('is shown as written in a Markdown entry', { timeout: 180_000 }, async () => {
    dir = await copyProject();
    await editFile(dir, 'src/content/services/Cyber.md', (text) => `${text}\n${sentence}\n`);
    const { code, output } = runAstro(dir, 'build');
    expect(code, output).toBe(0);
    expect(textOf(await readFile(join(dir, 'dist/client/Cyber/index.html'), 'utf8'))).toContain(sentence);
  });

  it('in an .mdx entry that cannot be read, stops the build naming the file, the line, the character and the fix', { timeout: 180_000 }, async () => {
    dir = await copyProject();
    await editFile(dir, 'src/content/services/Cyber.md', (text) => `${text}\n${sentence}\n`);
    const source = await readFile(join(dir, 'src/content/services/Cyber.md'), 'utf8');
    await rename(join(dir, 'src/content/services/Cyber.md'), join(dir, 'src/content/services/Cyber.mdx'));
    const { code, output } = runAstro(dir, 'build');
    expect(code).not.toBe(0);
    const line = source.split('\n').findIndex((text) => text === sentence) + 1;
    expect(output).toContain(`src/content/services/Cyber.mdx cannot be read: the build stopped at the "{" in line ${line}`);
    expect(output).toContain('put a backslash before each one: \\{ and \\}');
    expect(output).toContain('rename it to src/content/services/Cyber.md');
  });
});
