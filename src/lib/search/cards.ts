// A project with no case study is found by search on its card. Pagefind gives a result of its own
// to each heading with an id, so the card's name carries one: the card's id with this ending. The
// result leads to the card itself, picture first, at the address the rest of the site uses.
const nameEnding = '-name';

/** The id of a searchable card's name (the card itself keeps the plain id). */
export const cardNameId = (cardId: string) => `${cardId}${nameEnding}`;

/** The card's own address, from the one Pagefind gives its name. */
export const cardAddress = (nameAddress: string) => (nameAddress.endsWith(nameEnding) ? nameAddress.slice(0, -nameEnding.length) : nameAddress);
