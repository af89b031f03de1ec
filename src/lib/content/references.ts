import { formatIssuePath } from './editor-errors.ts';

/** Every reference to another entry (`{ id, collection }`, as `reference()` leaves them) in an entry's data, with the field holding it, such as `variants[1]`. */
export function findReferences(data: unknown, path: PropertyKey[] = []): { field: string; collection: string; id: string }[] {
  if (Array.isArray(data)) return data.flatMap((item, index) => findReferences(item, [...path, index]));
  if (!data || typeof data !== 'object') return [];
  const record = data as Record<string, unknown>;
  const keys = Object.keys(record);
  if (keys.length === 2 && typeof record.id === 'string' && typeof record.collection === 'string') {
    return [{ field: formatIssuePath(path), collection: record.collection, id: record.id }];
  }
  return keys.flatMap((key) => findReferences(record[key], [...path, key]));
}
