import { editorConfig } from './src/lib/editing/editor-config.tsx';
import { confirmSaves } from './src/lib/editing/save-confirmation.ts';

// The editor of `npm run edit` (src/integrations/editing.ts): local mode, saving files in this
// working tree with no login. Never served by `npm start`, which runs GitHub mode (src/admin/).
export default editorConfig({ kind: 'local' });

// The admin's page imports this file too (the API runs it on the server, with no window).
if (typeof window !== 'undefined') confirmSaves('local');
