import { contactFormAnchor, contactPagePath } from '../contact/addresses.ts';
import { demoRoute, routeOf } from '../content/routes.ts';
import { brandedName } from '../site/config.ts';
import { headingIds } from '../site/heading-ids.ts';
import { pageWithSections, personOf, resolve, sharedSections, type Product, type SiteContent } from './content.ts';
import { pageFrame } from './frame.ts';
import { clientWords } from './projects.ts';

/** What each of a product's terms is called beside the price, in the order a buyer asks. */
const termNames = { included: 'Included', support: 'Support', hardware: 'Hardware', setup: 'Set-up', contract: 'Contract', trial: 'Trying it' } as const;

/** A feature or a side of a product, its picture's alt text said for it when an editor left it empty. */
function withScreen<Item extends { title: string; picture?: { src: Image; alt?: string } }, Image>(item: Item): Omit<Item, 'picture'> & { picture?: { src: Image; alt: string } } {
  const { picture, ...rest } = item;
  return { ...rest, ...(picture && { picture: { src: picture.src, alt: picture.alt || `${item.title}, on screen` } }) };
}

/** A product's page: the overview (its file's text), its versions, features, the sides of the business it serves, and the roles. */
export function productPage<Image>(content: SiteContent<Image>, product: Product<Image>) {
  const { name, subtitle, summary, description, features, audiences, roles, questions, terms, screen } = product.data;
  const title = brandedName(content.site, name);
  const ids = headingIds(['overview', 'variants', 'audiences', 'roles']);
  const variants = product.data.variants.map((reference) => resolve(content.productVariants, reference));
  const words = sharedSections(content, 'products', title);
  const demoRequest = { label: 'Book a demo', href: `${demoRoute(product)}#${contactFormAnchor}` };
  return {
    ...pageFrame(content, {
      path: routeOf(product),
      title,
      subtitle,
      description: description ?? summary,
      search: 'Product',
      callToAction: { ...words.demo, href: demoRequest.href },
      pictures: screen && { items: [screen], layout: 'single' },
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
    /** "Book a demo": its demo request, the contact form with its subject filled in (demoPage). */
    demoRequest,
    /** The projects that name this product, with their clients' words. */
    usedBy: clientWords(content, content.projects.filter((project) => project.data.products.some((reference) => reference.id === product.id))),
    /** How it is bought, in sight beside its story: the price, each term an editor filled in, and the people behind it. */
    buying: { price: terms?.price, terms: Object.entries(termNames).flatMap(([field, name]) => (terms?.[field as keyof typeof termNames] ? [{ name, text: terms[field as keyof typeof termNames] as string }] : [])), people: product.data.people.map((reference) => personOf(content, reference)) },
    questions,
  };
}

export type ProductPage<Image = unknown> = ReturnType<typeof productPage<Image>>;

/** A product's demo request: the contact page, headed and with its subject for this product, the person behind it, and what happens next for a demo. */
export function demoPage(content: SiteContent, product: Product) {
  const title = `Book a demo of ${brandedName(content.site, product.data.name)}`;
  const contact = pageWithSections(content, 'contact');
  const { demo } = sharedSections(content, 'products', brandedName(content.site, product.data.name));
  // The person behind the product, where it names one, introduced as the one a visitor will meet.
  const [lead] = product.data.people.map((reference) => personOf(content, reference));
  const details = lead ? { eyebrow: 'Book a demo', title: `Your demo, with ${lead.name}`, intro: [lead.role, lead.bio].filter(Boolean).join('. ') } : contact.sections.details;
  return {
    ...pageFrame(content, { path: demoRoute(product), title, subtitle: `${demo.title} ${demo.accent}`, description: `${title}: ${contact.description}`, parents: [{ name: contact.title, path: contactPagePath }], noindex: true, callToAction: false, pictures: product.data.screen && { items: [product.data.screen], layout: 'single' } }),
    words: { ...contact.sections, details, form: { ...contact.sections.form, title }, nextSteps: contact.sections.demoSteps },
    subject: title.replace(/^Book a demo/, 'A demo'),
  };
}
