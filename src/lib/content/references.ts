import { formatIssuePath } from './editor-errors.ts';

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
