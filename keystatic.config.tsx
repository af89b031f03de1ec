import { editorConfig } from './src/lib/editing/editor-config.tsx';

// The editor of `npm run edit` (src/integrations/editing.ts): local mode, saving files in this
// working tree with no login. Never served by `npm start`, which runs GitHub mode (src/admin/).
export default editorConfig({ kind: 'local' });
