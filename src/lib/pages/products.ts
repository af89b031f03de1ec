import { contactAbout } from '../contact/addresses.ts';
import { routeOf } from '../content/routes.ts';
import { softwareApplicationJsonLd } from '../publishing/structured-data.ts';
import { brandedName } from '../site/config.ts';
import { headingIds } from '../site/heading-ids.ts';
import { fileOf, resolve, sharedSections, type Entry, type Product, type ProductVariantData, type SiteContent } from './content.ts';
import { pageFrame, type PageData } from './frame.ts';

/** A product's page: the overview (its file's text), its versions, features, the sides of the business it serves, and the roles. */
export interface ProductPage extends PageData {
  product: Product;
  /** The headings every product page shares, with this product's name in them. */
  words: ReturnType<typeof sharedSections<'products'>>;
  variants: Entry<ProductVariantData>[];
  /** The features, as cards in a list; each audience with the id of its heading, which repeats no section's id or another's. */
  features: Product['data']['features'];
  audiences: (Product['data']['audiences'][number] & { headingId: string })[];
  /** "Book a demo": the contact form, its subject filled in with this product (src/lib/contact/addresses.ts). */
  demoRequest: { label: string; href: string };
}

export function productPage(content: SiteContent, product: Product): ProductPage {
  const { name, subtitle, summary, description, features, audiences } = product.data;
  const title = brandedName(content.site, name);
  const pageDescription = description ?? summary;
  const ids = headingIds(['overview', 'variants', 'audiences', 'roles']);
  const variants = product.data.variants.map((reference) => resolve(content.productVariants, reference));
  return {
    ...pageFrame(content, {
      kind: 'product',
      source: fileOf('products', product),
      path: routeOf(product),
      title,
      subtitle,
      description: pageDescription,
      structuredData: [softwareApplicationJsonLd(content.site, { name: title, description: pageDescription, path: routeOf(product) })],
    }),
    product,
    words: sharedSections(content, 'products', title),
    // In the variants' own order, as every list of them is.
    variants: content.productVariants.filter((variant) => variants.includes(variant)),
    features,
    audiences: audiences.map((audience) => ({ ...audience, headingId: ids.next(audience.title) })),
    demoRequest: { label: 'Book a demo', href: contactAbout(`A demo of ${title}`) },
  };
}
