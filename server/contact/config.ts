import { z } from 'astro/zod';
import { formatValidationError, plainLanguageErrorMap } from '../../src/lib/content/editor-errors.ts';

const whole = (fallback: number, min = 0) => z.coerce.number().int().min(min).default(fallback);

const settingsSchema = z.object({
  CONTACT_TO: z.email().optional(),
  CONTACT_EDGE_NAMES_VISITOR: z.enum(['true', 'false']).default('true'),
  CONTACT_RATE_LIMIT: whole(5),
  CONTACT_RATE_WINDOW_SECONDS: whole(600),
  CONTACT_MIN_FILL_SECONDS: whole(3),
  CONTACT_RETRY_BASE_SECONDS: whole(30, 1),
  CONTACT_RETRY_MAX_SECONDS: whole(3600, 1),
  SMTP_HOST: z.string().min(1).optional(),
  SMTP_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  SMTP_SECURE: z.enum(['true', 'false']).optional(),
  SMTP_USER: z.string().min(1).optional(),
  SMTP_PASS: z.string().min(1).optional(),
  SMTP_FROM: z.string().min(3).optional(),
});

/** Reads the contact form's settings (README, "The contact form") from the Worker's environment; throws one message naming every wrong one. */
export function readContactConfig(env: Record<string, unknown>, site: { email: string; url: string }) {
  const parsed = settingsSchema.safeParse(env, { error: plainLanguageErrorMap });
  if (!parsed.success) throw new Error(formatValidationError('The contact form settings', parsed.error));
  const settings = parsed.data;
  const recipient = settings.CONTACT_TO ?? site.email;
  const secure = settings.SMTP_SECURE ? settings.SMTP_SECURE === 'true' : settings.SMTP_PORT === 465;
  return {
    recipient,
    /** Whether an edge in front (Cloudflare's) names the visitor in CF-Connecting-IP; with none, that header is the client's own word. */
    edgeNamesVisitor: settings.CONTACT_EDGE_NAMES_VISITOR === 'true',
    rateLimit: { max: settings.CONTACT_RATE_LIMIT, windowMs: settings.CONTACT_RATE_WINDOW_SECONDS * 1000 },
    minFillMs: settings.CONTACT_MIN_FILL_SECONDS * 1000,
    retry: { baseMs: settings.CONTACT_RETRY_BASE_SECONDS * 1000, maxMs: settings.CONTACT_RETRY_MAX_SECONDS * 1000 },
    /** The site's public address (its `url` setting), which may post the form besides the origin the visitor used. */
    siteOrigin: new URL(site.url).origin,
    /** `null` when no mail server is set: messages then wait in the store. */
    smtp: settings.SMTP_HOST
      ? {
          host: settings.SMTP_HOST,
          port: settings.SMTP_PORT ?? (secure ? 465 : 587),
          secure,
          auth: settings.SMTP_USER && settings.SMTP_PASS ? { user: settings.SMTP_USER, pass: settings.SMTP_PASS } : undefined,
          from: settings.SMTP_FROM ?? `Website contact form <${recipient}>`,
        }
      : null,
  };
}
