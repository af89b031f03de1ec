import type { APIRoute } from 'astro';
import { getSiteContent } from '../lib/pages/build-content.ts';

type Named = { id: string; data: { name?: string; title?: string } };
const namesOf = (entries: Named[]) => Object.fromEntries(entries.map(({ id, data }) => [id, data.name ?? data.title ?? id]));

/** Each entry's name by its file name, for the browser editor's lists of entries to choose (src/lib/editing/entry-field.tsx). */
export const GET: APIRoute = async () => {
  const { team, services, products, productVariants, projects } = await getSiteContent();
  return Response.json({ team: namesOf(team), services: namesOf(services), products: namesOf(products), productVariants: namesOf(productVariants), projects: namesOf(projects) });
};
