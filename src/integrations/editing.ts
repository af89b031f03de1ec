import type { AstroIntegration } from 'astro';
import type { HotPayload, Plugin } from 'vite';
import keystatic from '@keystatic/astro';

const contentChanged = 'editing:content-changed';

/**
 * After every save, Astro's dev server tells every open page to reload, the admin included. The
 * admin then reloads a second after a save, and anything typed in that second is lost (or the
 * browser asks whether to leave the page). Under `npm run edit` every full reload (a save, or a
 * change to the code) becomes a message that only the preview's pages act on. Vite has no per-page
 * reload setting, hence this small wrapper.
 */
function previewReloadsButNotTheAdmin(): Plugin {
  return {
    name: 'preview-reloads-but-not-the-admin',
    configureServer(server) {
      const hot = server.environments.client.hot;
      const send = hot.send.bind(hot) as (...args: unknown[]) => void;
      hot.send = ((payload: HotPayload | string, data?: unknown) => {
        if (typeof payload === 'object' && payload.type === 'full-reload') return send({ type: 'custom', event: contentChanged });
        return send(payload, data);
      }) as typeof hot.send;
    },
  };
}

/**
 * Adds Keystatic's admin (/keystatic) and its API (/api/keystatic) only under `npm run edit` (astro
 * dev with EDIT_LOCALLY=1), in local mode, which writes files in this folder with no login. The live
 * site's editor (GitHub mode) has a build of its own (scripts/build-admin.ts), served by the Worker
 * (server/editor/): bundled by Astro, it would share chunks with the public pages' islands.
 */
export function browserEditing(): AstroIntegration {
  const admin = keystatic();
  return {
    name: 'browser-editing',
    hooks: {
      'astro:config:setup': async (options) => {
        if (options.command !== 'dev' || process.env.EDIT_LOCALLY !== '1') return;
        options.logger.info('Browser editor at /keystatic: local mode, saving to this folder.');
        await admin.hooks['astro:config:setup']?.(options);
        options.updateConfig({
          vite: {
            plugins: [previewReloadsButNotTheAdmin()],
            // The editor's own code is compiled while the server starts, not on its first visit.
            server: { warmup: { clientFiles: ['./keystatic.config.tsx', './src/lib/editing/*.{ts,tsx}', './src/lib/content/schemas.ts'] } },
          },
        });
        options.injectScript('page', `if (import.meta.hot && !location.pathname.startsWith('/keystatic')) import.meta.hot.on('${contentChanged}', () => location.reload());`);
      },
    },
  };
}
