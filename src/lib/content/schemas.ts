import { z } from 'astro/zod';
import { isIconName } from './icons.ts';

// Every collection's rules, once: the build's collections (src/content.config.ts, with Astro's
// image() and reference()) and the browser editor's forms are made from them, so they cannot drift.

/** The content collections, by name: what a reference may point at. */
export type CollectionName = 'pages' | 'services' | 'products' | 'productVariants' | 'projects' | 'clients' | 'team' | 'values' | 'insights';

/** Marks a schema for the browser editor: how its field is shown (see keystatic.config.tsx). */
export type EditorHint = { kind: 'icon' } | { kind: 'image'; folder: string } | { kind: 'reference'; collection: CollectionName } | { kind: 'multiline' } | { kind: 'date' };

/** Shown as a box for a few lines of text in the browser editor. */
const multiline = { editor: { kind: 'multiline' } satisfies EditorHint };

const iconName = z
  .string()
  .refine(isIconName, { error: 'is not an icon name: pick one from https://lucide.dev/icons (for example "shield-check").' })
  .describe('A Lucide icon name, from https://lucide.dev/icons')
  .meta({ editor: { kind: 'icon' } satisfies EditorHint });

const order = z.number().int().min(0).default(100).describe('Position in lists: lower numbers come first');

const cardSummary = z.string().min(40).max(220).describe('One or two sentences for the card (40–220 characters)').meta(multiline);

const heroSubtitle = z.string().min(20).max(160).describe('The line under the page title: what a visitor can do here');

const metaDescription = z.string().min(50).max(160).optional().describe('What search engines show under the page title (50–160 characters); the summary is used if empty');

/** A short titled point: a feature, a step, a value. */
const point = z.object({
  title: z.string().min(2).max(80).describe('A few words'),
  text: z.string().min(20).max(400).describe('One to three sentences').meta(multiline),
});

const altText = z.string().min(3).describe('What the picture shows, for people who cannot see it, in a short sentence').meta({ title: 'Alt text' });

/** A picture with the words a screen reader says instead of it; both are required. `image` is the schema of the file itself. */
function picture<Image extends z.ZodType>(image: Image, folder: string) {
  const file = image.describe('Choose a JPEG for a photo, or an SVG or PNG for a logo or drawing').meta({ title: 'Picture', editor: { kind: 'image', folder } satisfies EditorHint });
  return z.object({ src: file, alt: altText });
}

/** A picture in a group that may be left empty (a team member's photo), where the editor cannot require alt text: its page says `defaultAlt`. */
function pictureWithDefaultAlt<Image extends z.ZodType>(image: Image, folder: string, defaultAlt: string) {
  return picture(image, folder).extend({ alt: z.string().max(200).optional().describe(`${altText.description}. Left empty, it says "${defaultAlt}"`).meta({ title: 'Alt text' }) });
}

/** A link to an entry of another collection, by its file name; `schema` is how the build checks it. */
function entryOf<Reference extends z.ZodType>(schema: Reference, collection: CollectionName) {
  return schema.meta({ editor: { kind: 'reference', collection } satisfies EditorHint });
}

/** An external address that opens the client's own site. */
const websiteUrl = z.url({ protocol: /^https$/, error: 'must be a full https:// address.' });

/** The questions a buyer asks before they call, each opened on the page with no script. */
const questions = z
  .array(
    z.strictObject({
      question: z.string().min(8).max(140).describe('The question, as a client would ask it'),
      answer: z.string().min(20).max(600).describe('The answer, in a few plain sentences').meta(multiline),
    }),
  )
  .max(8)
  .default([])
  .describe('Questions clients ask, with the answers: the page lists the questions and a visitor opens each one (up to 8)');

/** The heading of one section of a fixed page; placeholders such as `{years}` and `{serviceCount}` are filled in at build time. */
const sectionText = z.object({
  eyebrow: z.string().min(2).max(40).describe('The small label above the heading'),
  title: z.string().min(2).max(80).describe('The section heading'),
  intro: z.string().min(20).max(400).optional().describe('A sentence or two under the heading').meta(multiline),
});

/** A line of the home page's About teaser: a bold lead, then the rest of the sentence. */
const teaserFact = z.object({
  lead: z.string().min(2).max(40).describe('The bold words that start the line, e.g. "Sydney based"'),
  text: z.string().min(5).max(160).describe('The rest of the line'),
});

/** The words of a listing's pages by service (/OurProjects/service/<service>/, /Insights/service/<service>/), described for the one they belong to. */
const byServiceText = (description: string) =>
  sectionText
    .extend({
      intro: z.string().min(20).max(120).describe('The line under the heading'),
      link: z.string().min(2).max(60).describe('The link to these pages from each service page'),
    })
    .describe(description);

/** What happens after a visitor sends the form, step by step. */
const nextSteps = (what: string) => sectionText.pick({ title: true }).extend({ steps: z.array(z.string().min(3).max(160)).min(1).max(4).describe(`${what}, in order: 1–4 steps`) });

/** The band that ends a page, inviting contact. */
const closingBand = z.object({
  title: z.string().min(2).max(60).describe('The question, e.g. "Have a project in mind?"'),
  accent: z.string().min(2).max(60).describe('The words after it, in the accent colour'),
  button: z.string().min(2).max(24).describe('The button that leads to the contact form'),
});

/** The sections each fixed page has, and what each section's words are. */
const pageSections = {
  home: {
    whatWeDo: sectionText.describe('The services cards'),
    aboutTeaser: sectionText
      .extend({
        facts: z.array(teaserFact).min(1).max(5).describe('Short facts beside the picture: 1–5 lines'),
        pictureAlt: z.string().min(3).describe('What the picture shows, for people who cannot see it'),
      })
      .describe('The short About us part'),
    products: sectionText.pick({ eyebrow: true }).describe('The point-of-sale product; its name and summary come from the product'),
    clients: sectionText.describe('The client logos'),
  },
  about: {
    story: sectionText.describe('Who we are, beside the mission and vision'),
    values: sectionText.describe('The values cards'),
    team: sectionText.describe('The team'),
  },
  contact: {
    details: sectionText.describe('The contact details, beside the form'),
    social: sectionText.pick({ title: true }).describe('The heading above the social links'),
    form: sectionText.pick({ title: true, intro: true }).describe('The heading and note above the form'),
    nextSteps: nextSteps('What happens after a visitor sends a message').describe('What happens next, beside the contact details'),
    demoSteps: nextSteps('What happens after a visitor asks for a demo of a product').describe('What happens next, beside the details on a product’s demo request'),
    callToAction: closingBand.describe('The invitation at the foot of every other page'),
  },
  // The headings every service page and every product page shares, kept with the listing page.
  // `{service}` and `{product}` become each page's own name.
  services: {
    overview: sectionText.pick({ eyebrow: true, title: true }).describe('Every service page: the part with the page text'),
    deliverables: sectionText.pick({ title: true }).describe('Every service page: the heading of the "what you get" list'),
    people: sectionText.pick({ title: true }).describe('Every service page: the heading of the people who lead the work, under the page text (shown when it names some)'),
    technologies: sectionText.describe('Every service page: the technologies (shown when a service lists some)'),
    process: sectionText.pick({ eyebrow: true, title: true }).describe('Every service page: the steps of the work'),
    relatedWork: sectionText.pick({ eyebrow: true, title: true }).describe('Every service page: its projects (shown when it has some); {service} is the service’s name'),
    testimonials: sectionText.pick({ eyebrow: true, title: true }).describe('Every service page: what the clients of its projects said (shown when one of them has a quote)'),
    questions: sectionText.pick({ eyebrow: true, title: true }).describe('Every service page: its questions and answers (shown when it has some)'),
  },
  products: {
    overview: sectionText.pick({ eyebrow: true, title: true }).describe('Every product page: the part with the page text; {product} is the product’s name'),
    variants: sectionText.pick({ eyebrow: true, title: true }).describe('Every product page: its versions (shown when it has some)'),
    audiences: sectionText.pick({ eyebrow: true, title: true }).describe('Every product page: who uses it (shown when it lists some)'),
    roles: sectionText.pick({ eyebrow: true, title: true }).describe('Every product page: the roles (shown when it lists some)'),
    usedBy: sectionText.pick({ title: true }).describe('Every product page: the heading (for screen readers) of the projects that use it, with their clients’ words, under the page text (shown when a project names the product)'),
    buying: sectionText.pick({ title: true }).describe('Every product page: the heading of its price, terms and the people behind it, beside its text (shown when its price, terms or people are filled in)'),
    questions: sectionText.pick({ eyebrow: true, title: true }).describe('Every product page: the questions clients ask (shown when it has some)'),
    demo: closingBand.describe('Every product page: the band that ends it, leading to the demo request'),
  },
  // The headings every case study shares (/OurProjects/<project>/), kept with the Projects page.
  projects: {
    facts: sectionText.pick({ title: true }).describe('Every case study: the heading of the facts beside the text (client, year, services, technologies)'),
    figures: sectionText.pick({ eyebrow: true, title: true }).describe('Every case study: the results in figures (shown when it has some)'),
    gallery: sectionText.pick({ eyebrow: true, title: true }).describe('Every case study: its pictures besides the card’s, which opens the page (shown when it has some)'),
    quote: sectionText.pick({ title: true }).describe('Every case study: the heading of the client’s words (shown when it has a quote)'),
    byService: byServiceText('The projects of one service (/OurProjects/service/<service>/): {service} is the service’s name; the eyebrow labels the links to them on the Projects page'),
  },
  // The words every article and every page of articles shares, kept with the Insights page.
  insights: {
    related: sectionText.pick({ eyebrow: true, title: true }).describe('Every article: the other articles it leads to'),
    byService: byServiceText('The articles about one service (/Insights/service/<service>/), and the latest of them on its page: {service} is the service’s name; the eyebrow labels the links to them on the Insights page'),
  },
} as const;

/** The names that stand for each page's own name in the shared headings of `pageSections.services`, `.products` and `.projects` (the pages by service). */
export const perPagePlaceholders = { services: 'service', products: 'product', projects: 'service', insights: 'service' } as const satisfies Partial<Record<PageWithSections, string>>;

export type PageWithSections = keyof typeof pageSections;

/** The sections of one fixed page, every one required. */
export const pageSectionsSchema = <P extends PageWithSections>(page: P) => z.strictObject(pageSections[page]).describe('The words of the page’s sections');

/** The results the home page opens with: each project's first figure, its client and its case study. */
const homeResults = <Reference extends z.ZodType>(project: Reference) =>
  z.array(entryOf(project, 'projects')).max(3).describe('Home page only: the three projects whose first figure the first screen shows, with their clients’ names; left empty, the first three case studies with figures').meta({ title: 'Results on the first screen' });

const pageFields = {
  title: z.string().min(2).max(60).describe('The page heading (h1) and browser tab title'),
  subtitle: heroSubtitle,
  description: z.string().min(50).max(160).describe('What search engines show (50–160 characters)'),
};

/**
 * Hero text and search description for the fixed pages (home, About, Contact, the listings), and
 * any page's section texts. The build reads every page with this one schema; the page itself asks
 * for the sections it shows (src/lib/pages/content.ts).
 */
export const pageSchema = <Reference extends z.ZodType>({ project }: { project: Reference }) =>
  z.strictObject({
    ...pageFields,
    results: homeResults(project).optional(),
    mission: z.string().min(20).optional().describe('About page only: the mission statement'),
    vision: z.string().min(20).optional().describe('About page only: the vision statement'),
    sections: z
      .strictObject({ ...pageSections.home, ...pageSections.about, ...pageSections.contact, ...pageSections.services, ...pageSections.products, ...pageSections.projects, ...pageSections.insights })
      .partial()
      .optional()
      .describe('The words of the page’s sections'),
  });

/** One fixed page exactly as the browser editor shows it: only its own fields and sections, all required (but the home page's results). */
export const fixedPageSchema = (page: PageWithSections | 'listing') => {
  if (page === 'listing') return z.strictObject(pageFields);
  const statements = page === 'about' ? { mission: z.string().min(20).describe('The mission statement'), vision: z.string().min(20).describe('The vision statement') } : {};
  const results = page === 'home' ? { results: homeResults(z.string()).optional() } : {};
  return z.strictObject({ ...pageFields, ...statements, ...results, sections: pageSectionsSchema(page) });
};

/** The people behind a service or a product, chosen from the Team. */
const peopleOf = <Reference extends z.ZodType>(person: Reference, description: string) => z.array(entryOf(person, 'team')).max(3).default([]).describe(description);

export const serviceSchema = <Image extends z.ZodType, Reference extends z.ZodType>({ image, person }: { image: Image; person: Reference }) =>
  z.strictObject({
    title: z.string().min(3).max(60).describe('The service name, as the card and page heading show it'),
    subtitle: heroSubtitle,
    summary: cardSummary,
    description: metaDescription,
    icon: iconName,
    picture: picture(image, 'services').optional().describe('A drawing of the service, beside the page’s title on a laptop: an SVG, 4:3'),
    order,
    engagement: z
      .strictObject({
        work: z.string().min(10).max(140).describe('What a typical engagement covers, e.g. "An Essential Eight assessment and a penetration test"'),
        duration: z.string().min(2).max(40).describe('How long it usually takes, e.g. "Two to three weeks"'),
        price: z.string().min(2).max(60).describe('What it usually costs, e.g. "From $6,500"'),
      })
      .describe('A typical engagement, shown under the page’s title: what is done, how long it takes and from what price'),
    people: peopleOf(person, 'Who leads this work, chosen from the Team: the page shows them with their certifications'),
    onHome: z.boolean().default(true).describe('Show a card for it in "What We Do" on the home page').meta({ title: 'On the home page' }),
    deliverables: z.array(z.string().min(5).max(200)).min(3).max(8).describe('What the client gets: 3–8 short lines'),
    process: z.array(point).min(3).max(6).describe('How the work runs: 3–6 steps, in order'),
    technologies: z
      .array(
        z.object({
          group: z.string().min(2).max(40).describe('A heading such as "Front end"'),
          items: z.array(z.string().min(1).max(40)).min(1).describe('The technologies in that group'),
        }),
      )
      .default([])
      .describe('Optional lists of technologies, grouped'),
    questions,
  });

export const productVariantSchema = () =>
  z.strictObject({
    name: z.string().min(2).max(40).describe('The variant name, such as "Retail POS"'),
    summary: cardSummary,
    icon: iconName,
    order,
    highlights: z.array(z.string().min(5).max(160)).min(2).max(6).describe('What this version adds: 2–6 short lines'),
  });

/** One line of a product's terms, shown only when filled in. */
const term = (description: string) => z.string().min(3).max(240).optional().describe(description).meta(multiline);

/** A picture of a product's screen, on a feature's card or above a side of the product. */
const screenPicture = <Image extends z.ZodType>(image: Image) =>
  pictureWithDefaultAlt(image, 'products', '<the feature>, on screen').optional().describe('A screenshot or drawing of this on screen, 16:10 (for example 1280 × 800); until one is added, the card shows its icon');

export const productSchema = <Image extends z.ZodType, Reference extends z.ZodType, PersonReference extends z.ZodType = Reference>({ image, variant, person }: { image: Image; variant: Reference; person: PersonReference }) =>
  z.strictObject({
    name: z.string().min(2).max(40).describe('The product name after the brand: "LMS" becomes "Impact LMS"'),
    subtitle: heroSubtitle,
    summary: cardSummary,
    description: metaDescription,
    icon: iconName,
    screen: picture(image, 'products').optional().describe('Its main screen, beside the page’s title on a laptop: a drawing or screenshot, 16:10'),
    order,
    people: peopleOf(person, 'Who is behind it (its product lead), chosen from the Team: the page shows them beside the price'),
    variants: z.array(entryOf(variant, 'productVariants')).default([]).describe('Versions of the product, chosen from the Product variants list'),
    features: z
      .array(
        point.extend({
          icon: iconName,
          steps: z.array(z.string().min(2).max(40)).default([]).describe('Optional stages shown in order, e.g. order states; leave empty for none'),
          picture: screenPicture(image),
        }),
      )
      .default([])
      .describe('Feature sections, each with its own icon'),
    audiences: z
      .array(
        z.object({
          title: z.string().min(2).max(60).describe('Who this side is for, e.g. "For administrators"'),
          intro: z.string().min(20).max(300).describe('One sentence on what this side is for'),
          features: z.array(point).min(1).describe('What they can do'),
          picture: screenPicture(image),
        }),
      )
      .default([])
      .describe('What each kind of user gets, e.g. the admin side and the employee side'),
    roles: z
      .array(point.extend({ icon: iconName }))
      .default([])
      .describe('The people who use it day to day, e.g. cashier, kitchen staff, each with an icon of their own'),
    terms: z
      .strictObject({
        price: z.string().min(2).max(80).optional().describe('What it costs, e.g. "From $79 a month per register", or "On request"'),
        samplePrice: z.boolean().default(false).describe('Tick while the price above is an example: the site is not published while it is ticked').meta({ title: 'The price is a sample' }),
        included: term('What the price includes'),
        hardware: term('The hardware it needs or comes with'),
        setup: term('How it is set up, and what that costs'),
        contract: term('How long the agreement runs, and how to end it'),
        trial: term('How a business can try it first'),
        support: term('Who answers when something goes wrong, when, and how fast: what happens when it stops working'),
      })
      .optional()
      .describe('How it is bought: each line is shown only when filled in'),
    questions,
  });

export const projectSchema = <Image extends z.ZodType, ServiceReference extends z.ZodType, ProductReference extends z.ZodType = ServiceReference>({ image, service, product }: { image: Image; service: ServiceReference; product: ProductReference }) =>
  z.strictObject({
    title: z.string().min(3).max(80).describe('The project’s name'),
    summary: z.string().min(40).max(300).describe('What we built and what changed for the client (40–300 characters)').meta(multiline),
    image: picture(image, 'projects').describe('A screenshot or illustration of the work'),
    url: websiteUrl.optional().describe('The live site or app, if public; leave it out and the card shows no link').meta({ title: 'Website address' }),
    services: z.array(entryOf(service, 'services')).default([]).describe('The services involved: the project is shown on their pages'),
    products: z.array(entryOf(product, 'products')).default([]).describe('Our products the client runs, if any: each product’s page shows this project and the client’s words'),
    year: z.number().int().min(2017).max(2100).describe('The year it was delivered: launched, or the work finished'),
    // The case study: shown on the project's own page, /OurProjects/<file name>/, which exists
    // only when the file has a body (the challenge, what we built, the results).
    figures: z
      .array(
        z.strictObject({
          value: z.string().min(1).max(16).describe('The figure itself, e.g. "+38%" or "4 min"'),
          label: z.string().min(3).max(60).describe('What it measures, e.g. "orders per hour"'),
        }),
      )
      .max(4)
      .default([])
      .describe('Up to four results in figures, shown large on the case study'),
    technologies: z.array(z.string().min(1).max(40).describe('One technology, e.g. "PostgreSQL"')).max(12).default([]).describe('What it is built with'),
    gallery: z.array(picture(image, 'projects')).max(6).default([]).describe('Up to six more pictures of the work, for the case study'),
    quote: z
      .strictObject({
        text: z.string().min(20).max(400).describe('What the client said, in their words').meta(multiline),
        name: z.string().min(2).max(60).describe('Who said it'),
        role: z.string().min(2).max(80).describe('Their role, e.g. "Operations manager"'),
      })
      .optional()
      .describe('A client’s words for the case study, with their name and role'),
    sample: z.boolean().default(false).describe('Tick while this project is a sample of the work we do: every build warns of it, and the site is not published while it is ticked').meta({ title: 'This project is a sample' }),
    order,
  });

export const clientSchema = <Image extends z.ZodType, Reference extends z.ZodType>({ image, project }: { image: Image; project: Reference }) =>
  z.strictObject({
    name: z.string().min(2).max(60).describe('The client’s business name'),
    logo: picture(image, 'clients').describe('The client’s logo, ideally an SVG wordmark'),
    industry: z.string().min(3).max(60).describe('What the client does, in a few words'),
    work: z.string().min(20).max(200).describe('One line on what we did for them'),
    project: entryOf(project, 'projects').describe('The project we did for this client, chosen from the Projects list'),
    order,
  });

export const teamMemberSchema = <Image extends z.ZodType>({ image }: { image: Image }) =>
  z.strictObject({
    name: z.string().min(2).max(60).describe('Full name'),
    role: z.string().min(2).max(80).describe('Role title'),
    photo: pictureWithDefaultAlt(image, 'team', 'Portrait of <their name>').optional().describe('A square portrait; until one is added, the page shows a monogram of their initials'),
    bio: z.string().min(20).max(240).optional().describe('One or two sentences on their experience, shown under their role on the About page').meta(multiline),
    profile: websiteUrl.optional().describe('Their professional profile, such as LinkedIn: the About page links to it under their name').meta({ title: 'Profile address' }),
    certifications: z.array(z.string().min(2).max(60)).max(6).default([]).describe('Their certifications, as written on them, e.g. "OSCP": shown on the About page and on the pages of what they lead'),
    order,
  });

export const valueSchema = () => point.extend({ icon: iconName, order }).strict();

/** A calendar day as the editor's date picker writes it (2026-11-25), or as YAML reads it (a Date). */
const day = z.coerce.date({ error: 'must be a date, such as 2026-11-25.' });

/** An article of the Insights pages: its text is the file's body; it is published on its date, in the company's time zone. */
export const insightSchema = <Image extends z.ZodType, TeamReference extends z.ZodType, ServiceReference extends z.ZodType = TeamReference>({ image, author, service }: { image: Image; author: TeamReference; service: ServiceReference }) =>
  z.strictObject({
    title: z.string().min(10).max(70).describe('The article’s title, as its page, its card and search results show it (up to 70 characters)'),
    summary: z.string().min(50).max(200).describe('One or two sentences on what a reader learns: shown on its card, in search results and in the feed (50–200 characters)').meta(multiline),
    publishDate: day
      .describe('The day it is published. A date in the future publishes it that morning, Sydney time; until then it is not on the site')
      .meta({ title: 'Publish date', editor: { kind: 'date' } satisfies EditorHint }),
    updatedDate: day.optional().describe('The day it was last changed in substance, if after it was published').meta({ title: 'Updated date', editor: { kind: 'date' } satisfies EditorHint }),
    author: entryOf(author, 'team').describe('Who wrote it, chosen from the Team: their name, role and portrait show on the article'),
    services: z.array(entryOf(service, 'services')).min(1).describe('The services it is about: it is listed on their pages'),
    cover: picture(image, 'insights').optional().describe('A picture or drawing above the article, 16:9 (for example 1600 × 900)'),
    draft: z.boolean().default(false).describe('Tick to keep it off the site while you write: the preview shows it, the published site does not'),
  });

/** The folder under src/content that holds each collection's files. */
export const collectionFolders = {
  pages: 'pages',
  services: 'services',
  products: 'products',
  productVariants: 'product-variants',
  projects: 'projects',
  clients: 'clients',
  team: 'team',
  values: 'values',
  insights: 'insights',
} as const satisfies Record<CollectionName, string>;

/** Each collection's rules as its files hold them, a picture and a reference as plain text: for the browser editor and its tests. */
export function fileSchemas() {
  const text = z.string();
  return {
    pages: pageSchema({ project: text }),
    services: serviceSchema({ image: text, person: text }),
    products: productSchema({ image: text, variant: text, person: text }),
    productVariants: productVariantSchema(),
    projects: projectSchema({ image: text, service: text, product: text }),
    clients: clientSchema({ image: text, project: text }),
    team: teamMemberSchema({ image: text }),
    values: valueSchema(),
    insights: insightSchema({ image: text, author: text, service: text }),
  } satisfies Record<CollectionName, z.ZodType>;
}
