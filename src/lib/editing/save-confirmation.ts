import { toastQueue } from '@keystar/ui/toast';

// Keystatic says nothing when an existing entry is saved, and has no hook after a save: this
// watches the request each mode saves with (local: its update API; GitHub: the commit) and
// confirms it with Keystatic's own toast, saying where the change now is.

type Mode = 'local' | 'github';

const savedWords: Record<Mode, string> = {
  local: 'Saved. The preview shows it now; it goes live when these files are committed.',
  github: 'Saved. The live site shows it in a few minutes, once its checks have passed.',
};

/** Whether a request is a save in this mode, judged before it is sent. */
function isSave(mode: Mode, input: RequestInfo | URL, init: RequestInit | undefined): boolean {
  const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
  if (method !== 'POST') return false;
  const url = new URL(input instanceof Request ? input.url : String(input), location.href);
  if (mode === 'local') return url.origin === location.origin && url.pathname === '/api/keystatic/update';
  return url.href === 'https://api.github.com/graphql' && typeof init?.body === 'string' && init.body.includes('createCommitOnBranch');
}

/** Whether the save went through: GitHub's API answers 200 with its errors in the body. */
async function succeeded(mode: Mode, response: Response): Promise<boolean> {
  if (!response.ok) return false;
  if (mode === 'local') return true;
  const answer = (await response.json()) as { errors?: unknown[] };
  return !answer.errors?.length;
}

/** Shows "Saved" after every save of an existing entry (a new one gets Keystatic's "Entry created"). */
export function confirmSaves(mode: Mode): void {
  const fetchOfPage = window.fetch.bind(window);
  window.fetch = async (input, init) => {
    if (!isSave(mode, input, init) || location.pathname.endsWith('/create')) return fetchOfPage(input, init);
    const response = await fetchOfPage(input, init);
    succeeded(mode, response.clone())
      .then((saved) => saved && toastQueue.positive(savedWords[mode], { timeout: 8000 }))
      .catch(() => {
        // A confirmation that could not be worked out is left out; the save itself is unaffected.
      });
    return response;
  };
}
