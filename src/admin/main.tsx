import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Keystatic } from '@keystatic/core/ui';
import { editorConfig } from '../lib/editing/editor-config.tsx';
import { confirmSaves } from '../lib/editing/save-confirmation.ts';

// The browser editor as the Worker serves it (GitHub mode): every save is a commit to the
// repository, and CI publishes it. The repository is read from the page, which the Worker fills in
// from PUBLIC_KEYSTATIC_GITHUB_REPO, so one build serves any repository.

function metaContent(name: string): string {
  return document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content ?? '';
}

const repository = metaContent('editor-repository');
const [owner, name] = repository.split('/');
if (!owner || !name) throw new Error(`The editor page names no repository ("${repository}"); the Worker sets it from PUBLIC_KEYSTATIC_GITHUB_REPO.`);
const appSlug = metaContent('editor-app-slug');
confirmSaves('github');

createRoot(document.getElementById('admin')!).render(
  <StrictMode>
    <Keystatic config={editorConfig({ kind: 'github', repo: { owner, name } })} appSlug={appSlug ? { envName: 'PUBLIC_KEYSTATIC_GITHUB_APP_SLUG', value: appSlug } : undefined} />
  </StrictMode>,
);
