/**
 * The kinds of page a visitor can search, in the order the search page lists them. Each indexed
 * page names its kind (PageSpec's `search`), which Pagefind keeps as the `kind` filter.
 */
export const searchKinds = ['Service', 'Product', 'Project', 'Article', 'Company'] as const;
export type SearchKind = (typeof searchKinds)[number];

/** A kind as the search page names a group of its pages: "Services", "The company". */
export const searchKindName = (kind: SearchKind) => (kind === 'Company' ? 'The company' : `${kind}s`);
