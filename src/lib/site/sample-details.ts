import type { SiteConfig } from './config.ts';

// The site ships with made-up contact details so that it builds before the company's own are in;
// every build warns of each one still there (a warning: the site still publishes).

/** Domains reserved for examples (RFC 2606): mail and links there reach nobody. */
const exampleDomain = /(^|\.)example\.(com|net|org)$|\.(example|test|invalid)$/i;

/** Australian numbers set aside for fiction by the ACMA: (0x) 5550 xxxx and (0x) 7010 xxxx. */
const fictionalPhone = /^\+61[2378](5550|7010)\d{4}$/;

const onExampleDomain = (address: string) => exampleDomain.test(address.split('@').pop() ?? '');
const hostOf = (href: string) => {
  try {
    return new URL(href).hostname;
  } catch {
    return '';
  }
};

/** Each company detail that still holds a sample value, as a sentence naming the field to change. */
export function sampleDetailsIn(site: Pick<SiteConfig, 'url' | 'email' | 'phone' | 'social'>): string[] {
  const found: string[] = [];
  if (onExampleDomain(hostOf(site.url))) found.push(`Website address "${site.url}" is a sample address.`);
  if (onExampleDomain(site.email)) found.push(`E-mail "${site.email}" is a sample address: messages to it reach nobody.`);
  if (fictionalPhone.test(site.phone.dial)) found.push(`Phone "${site.phone.display}" is in the range set aside for fiction: calls reach nobody.`);
  for (const link of site.social) {
    if (onExampleDomain(hostOf(link.href))) found.push(`The ${link.network} link "${link.href}" is a sample address.`);
  }
  return found;
}

/** The warning a build prints, or null when every detail is the company's own. */
export function sampleDetailsWarning(site: Parameters<typeof sampleDetailsIn>[0]): string | null {
  const found = sampleDetailsIn(site);
  if (found.length === 0) return null;
  return [
    `The site still carries ${found.length} sample detail${found.length === 1 ? '' : 's'} that visitors would see. Replace ${found.length === 1 ? 'it' : 'them'} under "Company details" in the editor (src/content/site/settings.json):`,
    ...found.map((line) => `  - ${line}`),
  ].join('\n');
}
