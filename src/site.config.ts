import { defineSiteConfig } from './lib/site/config.ts';
import facts from './content/site/settings.json' with { type: 'json' };

/** Every site-wide fact, defined once: the company's details are content (src/content/site/settings.json); the menu is design. */
export const site = defineSiteConfig({
  ...facts,
  navigation: [
    { label: 'Home', href: '/' },
    { label: 'About us', href: '/AboutUs/' },
    { label: 'Contact', href: '/Contact/' },
    { label: 'Projects', href: '/OurProjects/' },
    { label: 'Services', href: '/OurServices/' },
    { label: 'Products', href: '/OurProducts/' },
    { label: 'Insights', href: '/Insights/' },
  ],
});
