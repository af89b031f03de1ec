import type { GitHubConfig, LocalConfig } from '@keystatic/core';

/**
 * Where the browser editor saves. With PUBLIC_KEYSTATIC_GITHUB_REPO ("owner/name") set when the
 * site is built, it commits to that GitHub repository, after the editor signs in with GitHub; CI
 * then publishes. Without it, it writes files in the working tree: `npm run edit` only, because
 * src/integrations/editing.ts never adds the editor to a build without GitHub's settings.
 */
const repo = import.meta.env.PUBLIC_KEYSTATIC_GITHUB_REPO as `${string}/${string}` | undefined;

export const editingStorage: GitHubConfig['storage'] | LocalConfig['storage'] = repo ? { kind: 'github', repo } : { kind: 'local' };
