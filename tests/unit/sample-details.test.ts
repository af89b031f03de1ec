import { expect, it } from 'vitest';
import { sampleDetailsIn, sampleDetailsWarning, stillToSupplyWarning } from '../../src/lib/site/sample-details.ts';

const linkedIn = { network: 'LinkedIn', href: 'https://www.linkedin.com/company/impact-it', icon: 'linkedin' };
const own = { brand: 'Impact', url: 'https://www.impactit.com.au', email: 'hello@impactit.com.au', phone: { display: '(02) 9876 5432', dial: '+61298765432' }, social: [linkedIn, { network: 'Facebook', href: 'https://www.facebook.com/impactit', icon: 'facebook' }] };

it('finds example.com addresses, links and the phone range set aside for fiction, and nothing in real details', () => {
  expect([sampleDetailsIn(own), sampleDetailsWarning(own)]).toEqual([[], null]);
  const samples = { url: 'https://www.example.com', email: 'support@example.com', phone: { display: '(02) 5550 4821', dial: '+61255504821' }, social: [linkedIn, { network: 'Facebook', href: 'https://www.example.com/social/facebook', icon: 'facebook' }] };
  expect(sampleDetailsIn({ ...own, ...samples })).toEqual([
    'Website address "https://www.example.com" is a sample address.',
    'E-mail "support@example.com" is a sample address: messages to it reach nobody.',
    'Phone "(02) 5550 4821" is in the range set aside for fiction: calls reach nobody.',
    'The Facebook link "https://www.example.com/social/facebook" is a sample address.',
  ]);
  // A number that only looks alike, and a domain that only contains the word, are real.
  expect(sampleDetailsIn({ ...own, phone: { display: '(02) 5551 4821', dial: '+61255514821' }, email: 'me@myexample.com' })).toEqual([]);
});

it('names each price and project marked as a sample, and none that is the company’s own', () => {
  const samples = (sample: boolean) => ({ products: [{ data: { name: 'Rota', terms: { price: 'From $79 a month', samplePrice: sample } } }, { data: { name: 'Timesheets' } }], projects: [{ data: { title: 'Clinic security uplift', sample } }] });
  expect(sampleDetailsIn(own, samples(true))).toEqual([
    'The price of Impact Rota, "From $79 a month", is marked as a sample: put in your own under Products, then untick "The price is a sample".',
    'The project "Clinic security uplift" is a sample: write up work of your own under Projects, then delete it or untick "This project is a sample".',
  ]);
  expect(sampleDetailsIn(own, samples(false))).toEqual([]);
});

it('lists, as what is still to supply, the people without a portrait and each client site at a sample address', () => {
  const team = [{ data: { name: 'Ana Silva' } }, { data: { name: 'Bo Chen', photo: {} } }, { data: { name: 'Cy Ray' } }];
  const projects = [{ data: { title: 'Rota app', url: 'https://rota.example.com' } }, { data: { title: 'Shop', url: 'https://shop.com.au' } }, { data: { title: 'Intranet' } }];
  expect(stillToSupplyWarning({ team, projects })).toBe(`Before launch, the company still has to supply:
  - No portrait yet of Ana Silva and Cy Ray: the site shows initials until a photo is added under Team.
  - The project "Rota app" links to "https://rota.example.com", a sample address: put in the client's own site under Projects, or leave it empty.`);
  expect(stillToSupplyWarning({ team: [team[1]!], projects: projects.slice(1) })).toBeNull();
});
