import { defineSiteConfig } from './lib/site/config.ts';
import facts from './content/site/settings.json' with { type: 'json' };

/**
 * Every site-wide fact, defined once. The company's details (name, address, e-mail, phone, social
 * links, years) are content: src/content/site/settings.json, "Company details" in the browser
 * editor. Contact details there are placeholders on example.com until the company's real ones
 * replace them. The menu is part of the site's design, here.
 */
export const site = defineSiteConfig({
  ...facts,
  navigation: [
    { label: 'Home', href: '/' },
    { label: 'About us', href: '/AboutUs/' },
    { label: 'Contact', href: '/Contact/' },
    { label: 'Projects', href: '/OurProjects/' },
    { label: 'Services', href: '/OurServices/' },
    { label: 'Products', href: '/OurProducts/' },
  ],
});
