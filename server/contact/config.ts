import { z } from 'astro/zod';
import { formatValidationError, plainLanguageErrorMap } from '../../src/lib/content/editor-errors.ts';

// Everything the contact endpoint can be told through environment variables, checked once at
// start-up with one readable message. README.md, "Contact form", documents each variable.

const whole = (fallback: number) => z.coerce.number().int().min(0).default(fallback);
const flag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .optional()
  .transform((value) => (value === undefined ? undefined : ['true', '1', 'yes'].includes(value)));

const environmentSchema = z.object({
  CONTACT_DATA_DIR: z.string().min(1).default('data'),
  CONTACT_DB: z.string().min(1).optional(),
  CONTACT_TO: z.email().optional(),
  CONTACT_RATE_LIMIT: whole(5),
  CONTACT_RATE_WINDOW_SECONDS: whole(600),
  CONTACT_MIN_FILL_SECONDS: whole(3),
  CONTACT_RETRY_BASE_SECONDS: whole(30),
  CONTACT_RETRY_MAX_SECONDS: whole(3600),
  SMTP_HOST: z.string().min(1).optional(),
  SMTP_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  SMTP_SECURE: flag,
  SMTP_USER: z.string().min(1).optional(),
  SMTP_PASS: z.string().min(1).optional(),
  SMTP_FROM: z.string().min(3).optional(),
});

/** The names of the contact form's settings, for runtimes that pass them on (npm run preview:cloudflare). */
export const contactSettingNames = Object.keys(environmentSchema.shape) as (keyof typeof environmentSchema.shape)[];

export interface SmtpSettings {
  host: string;
  port: number;
  secure: boolean;
  auth?: { user: string; pass: string };
  from: string;
}

export interface ContactConfig {
  /** The Node server's SQLite file, as configured (relative to where it starts); a Worker's store is D1. */
  databasePath: string;
  /** Where enquiries are mailed. */
  recipient: string;
  rateLimit: { max: number; windowMs: number };
  minFillMs: number;
  retry: { baseMs: number; maxMs: number };
  /** The site's public address (its `url` setting), which may post the form besides the origin the visitor used. */
  siteOrigin: string | null;
  /** `null` when no SMTP server is configured: messages then stay in the store. */
  smtp: SmtpSettings | null;
}

/**
 * Reads the contact settings from `env`; throws one message naming every wrong variable.
 * `recipient` is where mail goes unless CONTACT_TO says otherwise; `siteUrl` is the site's public address.
 */
export function readContactConfig(env: Record<string, string | undefined>, { recipient: defaultRecipient, siteUrl }: { recipient: string; siteUrl?: string }): ContactConfig {
  const parsed = environmentSchema.safeParse(env, { error: plainLanguageErrorMap });
  if (!parsed.success) throw new Error(formatValidationError('The contact form settings (environment variables)', parsed.error));
  const settings = parsed.data;
  const recipient = settings.CONTACT_TO ?? defaultRecipient;
  return {
    databasePath: settings.CONTACT_DB ?? `${settings.CONTACT_DATA_DIR.replace(/\/+$/, '')}/contact.sqlite`,
    recipient,
    rateLimit: { max: settings.CONTACT_RATE_LIMIT, windowMs: settings.CONTACT_RATE_WINDOW_SECONDS * 1000 },
    minFillMs: settings.CONTACT_MIN_FILL_SECONDS * 1000,
    retry: { baseMs: settings.CONTACT_RETRY_BASE_SECONDS * 1000, maxMs: settings.CONTACT_RETRY_MAX_SECONDS * 1000 },
    siteOrigin: siteUrl ? new URL(siteUrl).origin : null,
    smtp: settings.SMTP_HOST
      ? {
          host: settings.SMTP_HOST,
          port: settings.SMTP_PORT ?? (settings.SMTP_SECURE ? 465 : 587),
          secure: settings.SMTP_SECURE ?? settings.SMTP_PORT === 465,
          auth: settings.SMTP_USER && settings.SMTP_PASS ? { user: settings.SMTP_USER, pass: settings.SMTP_PASS } : undefined,
          from: settings.SMTP_FROM ?? `Website contact form <${recipient}>`,
        }
      : null,
  };
}
