/**
 * Browser editing on the live site (GitHub mode) is configured by the Worker's secrets; without
 * them there is no editor. Keystatic's own variable names, so its documentation applies.
 */
const variables = {
  /** owner/name of the repository the editor commits to. */
  repository: 'PUBLIC_KEYSTATIC_GITHUB_REPO',
  clientId: 'KEYSTATIC_GITHUB_CLIENT_ID',
  clientSecret: 'KEYSTATIC_GITHUB_CLIENT_SECRET',
  /** Encrypts the login cookies. */
  secret: 'KEYSTATIC_SECRET',
} as const;

/** The settings, and the GitHub App's short name (`appSlug`, optional), so the editor can offer to install it. */
export type GitHubEditorSettings = Record<keyof typeof variables | 'appSlug', string>;

const setting = (env: Record<string, unknown>, name: string) => (typeof env[name] === 'string' ? env[name].trim() : '');

/**
 * Reads the editor's settings: off when none of its variables is set, on when all are set and
 * valid, and otherwise every problem in plain words (the editor stays off and says why).
 */
export function editorSettingsFrom(env: Record<string, unknown>) {
  const values = Object.fromEntries(Object.entries(variables).map(([key, name]) => [key, setting(env, name)])) as Record<keyof typeof variables, string>;
  const appSlug = setting(env, 'PUBLIC_KEYSTATIC_GITHUB_APP_SLUG');
  if (Object.values(values).every((value) => value === '')) return { kind: 'off' } as const;

  const problems = Object.entries(variables)
    .filter(([key]) => values[key as keyof typeof variables] === '')
    .map(([, name]) => `${name} is not set.`);
  if (values.repository && !/^[\w.-]+\/[\w.-]+$/.test(values.repository)) {
    problems.push(`${variables.repository} must be the repository as owner/name (for example impact-it/website); it is "${values.repository}".`);
  }
  if (values.secret && values.secret.length < 32) {
    problems.push(`${variables.secret} must be at least 32 characters long (for example the output of: openssl rand -hex 32).`);
  }
  if (appSlug && !/^[\w-]+$/.test(appSlug)) {
    problems.push(`PUBLIC_KEYSTATIC_GITHUB_APP_SLUG must be the GitHub App's short name, letters, digits and hyphens; it is "${appSlug}".`);
  }
  return problems.length > 0 ? { kind: 'invalid' as const, problems } : { kind: 'on' as const, settings: { ...values, appSlug } };
}
