import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // worker-mailer imports workerd's `cloudflare:sockets`: its ES module build, run through Vite
  // (inlined), gets the tests' own on Node (plain TCP to loopback) instead.
  resolve: {
    alias: [
      { find: /^worker-mailer$/, replacement: 'worker-mailer/dist/index.mjs' },
      { find: 'cloudflare:sockets', replacement: fileURLToPath(new URL('tests/support/cloudflare-sockets.ts', import.meta.url)) },
    ],
  },
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/content/**/*.test.ts'],
    environment: 'node',
    server: { deps: { inline: ['worker-mailer'] } },
  },
});
