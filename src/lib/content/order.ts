/** Sorts entries by their `order` field, then by id, so lists are stable whatever the file system returns. */
export function byOrder<T extends { id: string; data: { order: number } }>(a: T, b: T): number {
  return a.data.order - b.data.order || a.id.localeCompare(b.id);
}
