import type { AstroIntegration } from 'astro';
import keystatic from '@keystatic/astro';

/** Everything GitHub mode needs; see docs/EDITING.md, "Editing on the live site". */
export const githubSettings = ['PUBLIC_KEYSTATIC_GITHUB_REPO', 'KEYSTATIC_GITHUB_CLIENT_ID', 'KEYSTATIC_GITHUB_CLIENT_SECRET', 'KEYSTATIC_SECRET'] as const;

export type EditingMode = 'off' | 'local' | 'github';

/**
 * Whether this run of Astro carries the browser editor, and how it saves:
 * - `npm run edit` (astro dev with EDIT_LOCALLY=1): local mode, which writes files with no login;
 * - a build with every GitHub setting: GitHub mode, served by `npm start` only;
 * - anything else, CI's build for the CDN included: no editor at all, so /keystatic is a 404.
 * Local mode is never built: a build cannot write files through a login-free editor.
 */
export function editingMode(command: 'dev' | 'build' | 'preview' | 'sync', env: NodeJS.ProcessEnv): EditingMode {
  const given = githubSettings.filter((name) => env[name]);
  if (given.length > 0 && given.length < githubSettings.length) {
    const missing = githubSettings.filter((name) => !env[name]);
    throw new Error(`Browser editing on GitHub needs ${missing.join(', ')} as well as ${given.join(', ')}. Set all four, or none (docs/EDITING.md).`);
  }
  if (given.length === githubSettings.length) return 'github';
  return command === 'dev' && env.EDIT_LOCALLY === '1' ? 'local' : 'off';
}

/** Adds Keystatic's admin (/keystatic) and its API (/api/keystatic) when `editingMode` says so. */
export function browserEditing(): AstroIntegration {
  const admin = keystatic();
  return {
    name: 'browser-editing',
    hooks: {
      'astro:config:setup': async (options) => {
        const mode = editingMode(options.command, process.env);
        if (mode === 'off') return;
        options.logger.info(mode === 'local' ? 'Browser editor at /keystatic: local mode, saving to this folder.' : `Browser editor at /keystatic: GitHub mode, committing to ${process.env.PUBLIC_KEYSTATIC_GITHUB_REPO}.`);
        await admin.hooks['astro:config:setup']?.(options);
      },
    },
  };
}
