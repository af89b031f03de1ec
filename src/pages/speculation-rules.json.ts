import type { APIRoute } from 'astro';
import { speculationRules } from '../lib/site/speculation-rules.ts';

/** The speculation rules (src/lib/site/speculation-rules.ts); public/_headers gives their content type. */
export const GET: APIRoute = () => Response.json(speculationRules);
