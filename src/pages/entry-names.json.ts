import type { APIRoute } from 'astro';
import { getSiteContent } from '../lib/pages/build-content.ts';

/** Each entry's name by its file name, for the browser editor's lists of entries to choose (src/lib/editing/entry-field.tsx). */
export const GET: APIRoute = async () => {
  const { team, services, products, productVariants, projects } = await getSiteContent();
  const namesOf = (entries: { id: string; data: { name?: string; title?: string } }[]) => Object.fromEntries(entries.map(({ id, data }) => [id, data.name ?? data.title ?? id]));
  return Response.json({ team: namesOf(team), services: namesOf(services), products: namesOf(products), productVariants: namesOf(productVariants), projects: namesOf(projects) });
};
