import type { APIRoute } from 'astro';
import { getSiteContent } from '../lib/pages/build-content.ts';
import { cardRecords } from '../lib/search/site-index.ts';

/** The cards site search finds as results of their own (cardRecords), for the index step, which removes this file once read. */
export const GET: APIRoute = async () => Response.json(cardRecords(await getSiteContent()));
