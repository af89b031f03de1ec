import { contactAbout } from '../contact/addresses.ts';
import { routeOf } from '../content/routes.ts';
import { softwareApplicationJsonLd } from '../publishing/structured-data.ts';
import { brandedName } from '../site/config.ts';
import { headingIds } from '../site/heading-ids.ts';
import { resolve, sharedSections, type Product, type SiteContent } from './content.ts';
import { pageFrame } from './frame.ts';
import { clientWords } from './projects.ts';

/** The question each of a product's terms answers, in the order a buyer asks them. */
const termQuestions = {
  price: 'What does it cost?',
  included: 'What is included?',
  hardware: 'What hardware does it need?',
  setup: 'How is it set up?',
  contract: 'How long is the contract?',
  trial: 'Can we try it first?',
} as const;

/** A feature or a side of a product, its picture's alt text said for it when an editor left it empty. */
function withScreen<Item extends { title: string; picture?: { src: Image; alt?: string } }, Image>(item: Item): Omit<Item, 'picture'> & { picture?: { src: Image; alt: string } } {
  const { picture, ...rest } = item;
  return { ...rest, ...(picture && { picture: { src: picture.src, alt: picture.alt || `${item.title}, on screen` } }) };
}

/** A product's page: the overview (its file's text), its versions, features, the sides of the business it serves, and the roles. */
export function productPage<Image>(content: SiteContent<Image>, product: Product<Image>) {
  const { name, subtitle, summary, description, features, audiences, roles, questions, terms } = product.data;
  const title = brandedName(content.site, name);
  const pageDescription = description ?? summary;
  const ids = headingIds(['overview', 'variants', 'audiences', 'roles']);
  const variants = product.data.variants.map((reference) => resolve(content.productVariants, reference));
  const words = sharedSections(content, 'products', title);
  const demoRequest = { label: 'Book a demo', href: contactAbout(`A demo of ${title}`) };
  const termsAsked = Object.entries(termQuestions).flatMap(([field, question]) => {
    const answer = terms?.[field as keyof typeof termQuestions];
    // The price is the answer a buyer looks for first: shown open.
    return answer ? [{ question, answer, open: field === 'price' }] : [];
  });
  return {
    ...pageFrame(content, {
      path: routeOf(product),
      title,
      subtitle,
      description: pageDescription,
      search: 'Product',
      structuredData: [softwareApplicationJsonLd(content.site, { name: title, description: pageDescription, path: routeOf(product) })],
      callToAction: { ...words.demo, href: demoRequest.href },
    }),
    product,
    /** The headings every product page shares, with this product's name in them. */
    words,
    // In the variants' own order, as every list of them is.
    variants: content.productVariants.filter((variant) => variants.includes(variant)),
    features: features.map((feature) => withScreen<typeof feature, Image>(feature)),
    roles,
    /** Each side of the business it serves, with the id of its heading, which repeats no section's id or another's. */
    audiences: audiences.map((audience) => ({ ...withScreen<typeof audience, Image>(audience), headingId: ids.next(audience.title) })),
    /** "Book a demo": the contact form, its subject filled in with this product (src/lib/contact/addresses.ts). */
    demoRequest,
    /** The projects that name this product, with their clients' words. */
    usedBy: clientWords(content, content.projects.filter((project) => project.data.products.some((reference) => reference.id === product.id))),
    /** What a buyer asks before they call, as one list of disclosures: how it is bought (each term an editor filled in, as the question it answers), then its questions. */
    questions: [...termsAsked, ...questions],
  };
}

export type ProductPage<Image = unknown> = ReturnType<typeof productPage<Image>>;
