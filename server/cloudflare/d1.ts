import type { SqlDatabase } from '../contact/store.ts';
import type { D1Database } from './runtime-types.ts';

/**
 * D1 as the contact store's database, so a Worker keeps its enquiries in the same tables, with the
 * same rules, as the Node server keeps in SQLite (server/contact/store.ts). Each statement is
 * committed by D1 before it resolves; D1 has no lock to wait for, so `lockWaitMs` has nothing to do.
 */
export function d1Database(db: D1Database): SqlDatabase {
  return {
    async run(sql, params = []) {
      const { meta } = await db.prepare(sql).bind(...params).run();
      return { changes: meta.changes, lastRowId: meta.last_row_id };
    },
    async all<Row>(sql: string, params: readonly unknown[] = []) {
      return (await db.prepare(sql).bind(...params).all<Row>()).results;
    },
    async first<Row>(sql: string, params: readonly unknown[] = []) {
      return (await db.prepare(sql).bind(...params).first<Row>()) ?? undefined;
    },
    // The binding belongs to the Worker, not to the store.
    close: async () => undefined,
  };
}
