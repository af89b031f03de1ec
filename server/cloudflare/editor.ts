import { immutableCache } from '../../src/lib/publishing/cdn-headers.ts';
import { adminHeaders, adminTemplatePath, adminText, assetPrefix, createEditorApi, fillAdminPage, isEditorApiPath } from '../editor/admin.ts';
import { editorSettingsFrom } from '../editor/settings.ts';
import type { WorkerEnv } from './runtime-types.ts';

/**
 * The browser editor in GitHub mode on a Worker, as the Node server serves it: the same settings
 * (the Worker's secrets, by the same names), the same policy and headers, the same login API
 * (server/editor/admin.ts). The admin's files are static assets under /keystatic/_assets/
 * (npm run build:cloudflare puts them there); every address under /keystatic reaches the Worker
 * first (wrangler.jsonc), so each answer carries the admin's headers, never a page's.
 */
type WorkerEditor =
  | { kind: 'off' }
  | { kind: 'invalid'; problems: string[] }
  | { kind: 'on'; api: ReturnType<typeof createEditorApi>; page: (origin: string) => Promise<string> };

let forThisIsolate: { env: WorkerEnv; editor: WorkerEditor } | undefined;

function editorOf(env: WorkerEnv): WorkerEditor {
  if (forThisIsolate?.env === env) return forThisIsolate.editor;
  const settings = editorSettingsFrom(env);
  let editor: WorkerEditor;
  if (settings.kind === 'on') {
    let page: Promise<string> | undefined;
    editor = {
      kind: 'on',
      api: createEditorApi(settings.settings),
      // The page as built, with this repository filled in; read once per isolate.
      page: (origin) =>
        (page ??= env.ASSETS.fetch(new URL(adminTemplatePath, origin)).then(async (answer) => {
          if (!answer.ok) throw new Error(`The editor's page ${adminTemplatePath} is missing from the static assets (${answer.status}): npm run build:cloudflare builds it.`);
          return fillAdminPage(await answer.text(), settings.settings);
        })),
    };
  } else {
    editor = settings;
    if (settings.kind === 'invalid') console.error(`[editor] The browser editor is half configured, so it is off:\n- ${settings.problems.join('\n- ')}`);
  }
  forThisIsolate = { env, editor };
  return editor;
}

/** The site's 404 page with status 404, as for any unknown address. */
async function notFoundPage(env: WorkerEnv, origin: string): Promise<Response> {
  const page = await env.ASSETS.fetch(new URL('/404', origin));
  return new Response(page.body, { status: 404, headers: page.headers });
}

/** The answer to an address under /keystatic or /api/keystatic (its method already allowed). */
export async function answerEditor(request: Request, env: WorkerEnv): Promise<Response> {
  const url = new URL(request.url);
  const editor = editorOf(env);
  const reading = request.method === 'GET' || request.method === 'HEAD';
  if (editor.kind === 'off') {
    // As on Node: without its settings there is no editor, and its addresses are unknown ones.
    return reading && !isEditorApiPath(url.pathname) ? notFoundPage(env, url.origin) : adminText(404, 'Not found: this site has no browser editor.');
  }
  if (editor.kind === 'invalid') return adminText(503, `The browser editor is half configured, so it is off (the Worker's log names what is missing; README, "Editing on the live site").`);

  if (isEditorApiPath(url.pathname)) return editor.api(request, url.origin);
  if (url.pathname.startsWith(assetPrefix)) {
    const asset = await env.ASSETS.fetch(request);
    if (asset.status === 404 || url.pathname === adminTemplatePath) return adminText(404, 'Not found.');
    const headers = new Headers(asset.headers);
    for (const [name, value] of Object.entries(adminHeaders)) headers.set(name, value);
    headers.set('Cache-Control', immutableCache);
    return new Response(asset.body, { status: asset.status, headers });
  }
  // Every other address under /keystatic is a view of the single-page admin.
  const page = await editor.page(url.origin);
  return new Response(request.method === 'HEAD' ? null : page, { headers: { ...adminHeaders, 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-cache' } });
}
