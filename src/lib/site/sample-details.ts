import { brandedName, type SiteConfig } from './config.ts';

// The site ships with made-up contact details and prices so that it builds before the company's own
// are in. Every build warns of each one still there; publishing to production refuses them
// (src/lib/pages/build-content.ts, with PUBLISHING=production as the deploy job sets it). What
// only the company can supply later (portraits, clients' sites) is a warning alone.

/** Domains reserved for examples (RFC 2606): mail and links there reach nobody. */
const exampleDomain = /(^|\.)example\.(com|net|org)$|\.(example|test|invalid)$/i;

/** Australian numbers set aside for fiction by the ACMA: (0x) 5550 xxxx and (0x) 7010 xxxx. */
const fictionalPhone = /^\+61[2378](5550|7010)\d{4}$/;

const onExampleDomain = (address: string) => exampleDomain.test(address.split('@').pop() ?? '');
const hostOf = (href: string) => (URL.canParse(href) ? new URL(href).hostname : '');

type Details = Pick<SiteConfig, 'url' | 'email' | 'phone' | 'social' | 'brand'>;
type Samples = { products: { data: { name: string; terms?: { price?: string; samplePrice: boolean } } }[]; projects: { data: { title: string; sample: boolean } }[] };

/** Each company detail that still holds a sample value, and each price and project marked as a sample, as a sentence naming the field to change. */
export function sampleDetailsIn(site: Details, { products, projects }: Samples = { products: [], projects: [] }): string[] {
  const found: string[] = [];
  if (onExampleDomain(hostOf(site.url))) found.push(`Website address "${site.url}" is a sample address.`);
  if (onExampleDomain(site.email)) found.push(`E-mail "${site.email}" is a sample address: messages to it reach nobody.`);
  if (fictionalPhone.test(site.phone.dial)) found.push(`Phone "${site.phone.display}" is in the range set aside for fiction: calls reach nobody.`);
  for (const link of site.social) if (onExampleDomain(hostOf(link.href))) found.push(`The ${link.network} link "${link.href}" is a sample address.`);
  for (const { data } of products) {
    if (data.terms?.price && data.terms.samplePrice) {
      found.push(`The price of ${brandedName(site, data.name)}, "${data.terms.price}", is marked as a sample: put in your own under Products, then untick "The price is a sample".`);
    }
  }
  for (const { data } of projects) if (data.sample) found.push(`The project "${data.title}" is a sample: write up work of your own under Projects, then delete it or untick "This project is a sample".`);
  return found;
}

type StillToSupply = { team: { data: { name: string; photo?: unknown } }[]; projects: { data: { title: string; url?: string } }[] };

/** The warning a build prints of what the company has yet to supply for launch, naming where, or null when nothing is: it never stops publishing. */
export function stillToSupplyWarning({ team, projects }: StillToSupply): string | null {
  const found: string[] = [];
  const withoutPortrait = team.filter(({ data }) => !data.photo).map(({ data }) => data.name);
  if (withoutPortrait.length) found.push(`No portrait yet of ${new Intl.ListFormat('en-AU').format(withoutPortrait)}: the site shows initials until a photo is added under Team.`);
  for (const { data } of projects) {
    if (data.url && onExampleDomain(hostOf(data.url))) found.push(`The project "${data.title}" links to "${data.url}", a sample address: put in the client's own site under Projects, or leave it empty.`);
  }
  return found.length ? ['Before launch, the company still has to supply:', ...found.map((line) => `  - ${line}`)].join('\n') : null;
}

/** The warning a build prints (and publishing stops with), or null when every detail is the company's own. */
export function sampleDetailsWarning(...[site, content]: Parameters<typeof sampleDetailsIn>): string | null {
  const found = sampleDetailsIn(site, content);
  if (found.length === 0) return null;
  return [
    `The site still carries ${found.length} sample detail${found.length === 1 ? '' : 's'} that visitors would see. Replace ${found.length === 1 ? 'it' : 'them'} in the editor (company details are under "Company details", src/content/site/settings.json):`,
    ...found.map((line) => `  - ${line}`),
  ].join('\n');
}
