import { formatIssuePath } from './validation-errors';

/** Sorts entries by their `order` field, then by id, so lists are stable whatever the file system returns. */
export function byOrder<T extends { id: string; data: { order: number } }>(a: T, b: T): number {
  return a.data.order - b.data.order || a.id.localeCompare(b.id);
}

/** The page of a routed entry (a service or product): its file name is its path, `Cyber.mdx` → `/Cyber/`. */
export function routeOf(entry: { id: string }): string {
  return `/${entry.id}/`;
}

export interface ContentReference {
  /** The field holding the reference, such as `variants[1]`. */
  field: string;
  collection: string;
  id: string;
}

/** Every reference to another entry (`{ id, collection }`, as `reference()` leaves them) in an entry's data. */
export function findReferences(data: unknown, path: PropertyKey[] = []): ContentReference[] {
  if (Array.isArray(data)) return data.flatMap((item, index) => findReferences(item, [...path, index]));
  if (!data || typeof data !== 'object') return [];
  const record = data as Record<string, unknown>;
  const keys = Object.keys(record);
  if (keys.length === 2 && typeof record.id === 'string' && typeof record.collection === 'string') {
    return [{ field: formatIssuePath(path), collection: record.collection, id: record.id }];
  }
  return keys.flatMap((key) => findReferences(record[key], [...path, key]));
}
