import { defineSiteConfig } from './lib/site/config.ts';

/**
 * Every site-wide fact, defined once. Editors: change a value here and every page that shows it
 * (header, footer, contact page, meta tags) follows. Contact details below are placeholders on
 * example.com until the company's real ones replace them.
 */
export const site = defineSiteConfig({
  url: 'https://www.example.com',
  companyName: 'Impact IT Solutions',
  brand: 'Impact',
  tagline: 'Software, security and data for Australian businesses',
  description:
    'Impact IT Solutions is a Sydney team building secure software, apps and data tools for Australian businesses since 2017.',
  foundedYear: 2017,
  copyrightYear: 2023,
  address: {
    street: 'Level 3, 42 Macquarie Street',
    suburb: 'Parramatta',
    state: 'NSW',
    postcode: '2150',
    country: 'Australia',
  },
  email: 'support@example.com',
  phone: { display: '(02) 5550 4821', dial: '+61255504821' },
  social: [
    { network: 'LinkedIn', href: 'https://www.example.com/social/linkedin', icon: 'linkedin' },
    { network: 'Facebook', href: 'https://www.example.com/social/facebook', icon: 'facebook' },
  ],
  // CONTACT_FORM_ACTION (at build time) points the form elsewhere when the pages are on a CDN alone.
  contactFormAction: process.env.CONTACT_FORM_ACTION ?? '/api/contact',
  navigation: [
    { label: 'Home', href: '/' },
    { label: 'About us', href: '/AboutUs/' },
    { label: 'Contact', href: '/Contact/' },
    { label: 'Projects', href: '/OurProjects/' },
    { label: 'Services', href: '/OurServices/' },
    { label: 'Products', href: '/OurProducts/' },
  ],
});
