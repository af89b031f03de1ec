import { openContactStore } from '../../server/contact/sqlite.ts';
import type { ContactStore } from '../../server/contact/store.ts';

/**
 * Opens the SQLite store at `path`, reads from it, and closes it again, so the server under test
 * keeps the file to itself. `readOnly` for a file another program owns (the local Worker's D1).
 */
export async function readStore<T>(path: string, read: (store: ContactStore) => Promise<T>, { readOnly = false } = {}): Promise<T> {
  const store = openContactStore(path, { readOnly });
  try {
    return await read(store);
  } finally {
    await store.close();
  }
}

/** The stored message with this subject (among the latest `limit`), if the store has it. */
export function storedWithSubject(path: string, subject: string, { limit = 10_000, readOnly = false } = {}) {
  return readStore(path, async (store) => (await store.list(limit)).find((message) => message.subject === subject), { readOnly });
}
