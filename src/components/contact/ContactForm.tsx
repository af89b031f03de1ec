import { useEffect, useRef, useState, type FocusEvent, type SubmitEvent } from 'react';
import { contactFieldLabels, contactFields, contactLimits, honeypotField, phonePattern, startedField, type ContactField } from '../../lib/contact/fields.ts';
import type { ContactErrors } from '../../lib/contact/schema.ts';
import { subjectParameter } from '../../lib/contact/addresses.ts';
import { countInWords } from '../../lib/content/placeholders.ts';
import './contact-form.scss';

/**
 * The rules (zod) load once a visitor starts on the form, not with the page, whose load they would
 * slow. Should they fail to come, the form sends anyway: the server checks every post.
 */
const loadRules = () => import('../../lib/contact/schema.ts');

interface ContactFormProps {
  /** Where the form posts (the site's endpoint, or another address when the pages are on a CDN alone). */
  action: string;
  /** The company's e-mail address, offered when sending fails. */
  fallbackEmail: string;
  /** The subject, filled in from the start (a demo request's). */
  subject?: string;
}

type Status = { kind: 'idle' | 'sending' | 'sent' | 'failed' | 'invalid'; message: string };

const autocomplete: Record<ContactField, string> = { name: 'name', email: 'email', 'phone-number': 'tel', subject: 'off', message: 'off' };
const inputTypes: Partial<Record<ContactField, string>> = { email: 'email', 'phone-number': 'tel' };

/**
 * The contact form. Rendered as a plain HTML form that posts without JavaScript (the browser's
 * own validation included); once hydrated it checks each field as the visitor leaves it, sends with
 * fetch, shows progress, and announces the outcome, keeping what was typed if sending fails.
 */
export default function ContactForm({ action, fallbackEmail, subject }: ContactFormProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const [enhanced, setEnhanced] = useState(false);
  const [startedAt, setStartedAt] = useState('');
  const [errors, setErrors] = useState<ContactErrors>({});
  const [status, setStatus] = useState<Status>({ kind: 'idle', message: '' });

  useEffect(() => {
    setEnhanced(true);
    setStartedAt(String(Date.now()));
    // A link such as a service's "Talk to us" names the subject in the address: filled in, unless the visitor has typed one.
    const asked = new URLSearchParams(location.search).get(subjectParameter)?.trim().slice(0, contactLimits.subject);
    const field = formRef.current?.querySelector<HTMLInputElement>('[name="subject"]');
    if (asked && field && field.value === '') field.value = asked;
  }, []);

  // The status line stands between the last field and the Send button, so it points up, and names
  // the fields, in the form's order, for those who hear it rather than see the marks. Focus goes to the first.
  const markInvalid = (found: ContactErrors) => {
    const fields = contactFields.filter((field) => found[field]);
    const names = new Intl.ListFormat('en-AU', { type: 'conjunction' }).format(fields.map((field) => contactFieldLabels[field]));
    setErrors(found);
    setStatus({ kind: 'invalid', message: `Please check ${fields.length === 1 ? 'the field' : `the ${countInWords(fields.length)} fields`} marked above: ${names}.` });
    formRef.current?.querySelector<HTMLElement>(`[name="${fields[0]}"]`)?.focus();
  };

  const onBlur = async (event: FocusEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const { name, value } = event.currentTarget;
    const field = name as ContactField;
    // Only judge a field once the visitor has typed in it, or has already tried to send.
    if (value === '' && !errors[field] && status.kind !== 'invalid') return;
    // Leaving the field for the Send button: sending checks every field anyway, and a message
    // appearing now would move the button away from the pointer in mid-click.
    if (event.relatedTarget instanceof HTMLButtonElement && event.relatedTarget.type === 'submit') return;
    const problem = await loadRules().then((rules) => rules.validateContactField(field, value), () => undefined);
    setErrors((current) => ({ ...current, [field]: problem }));
  };

  const onSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (status.kind === 'sending') return;
    const form = event.currentTarget;
    const data = new FormData(form);
    const found = await loadRules().then((rules) => rules.validateContact(Object.fromEntries(data)).errors, () => null);
    if (found) {
      markInvalid(found);
      return;
    }
    setErrors({});
    setStatus({ kind: 'sending', message: 'Sending your message…' });
    try {
      const response = await fetch(action, {
        method: 'POST',
        headers: { Accept: 'application/json' },
        body: new URLSearchParams(data as unknown as Record<string, string>),
      });
      const result = (await response.json().catch(() => ({}))) as { ok?: boolean; message?: string; errors?: ContactErrors };
      if (response.ok && result.ok) {
        form.reset();
        setStatus({ kind: 'sent', message: result.message ?? 'Thank you: your message has arrived.' });
      } else if (result.errors) {
        markInvalid(result.errors);
      } else {
        setStatus({ kind: 'failed', message: `${result.message ?? 'Your message could not be sent.'} Nothing was lost: what you typed is still in the form.` });
      }
    } catch {
      setStatus({
        kind: 'failed',
        message: `We could not reach the server, so your message has not been sent. What you typed is still in the form: please try again, or e-mail ${fallbackEmail}.`,
      });
    }
  };

  const sending = status.kind === 'sending';
  return (
    <form ref={formRef} className="contact-form" method="post" action={action} noValidate={enhanced} onSubmit={onSubmit} onFocus={() => void loadRules()}>
      {contactFields.map((field) => {
        const errorId = `contact-${field}-error`;
        const common = {
          id: `contact-${field}`,
          name: field,
          required: true,
          maxLength: contactLimits[field],
          autoComplete: autocomplete[field],
          'aria-invalid': errors[field] ? true : undefined,
          'aria-describedby': errors[field] ? errorId : undefined,
          onBlur,
        };
        return (
          <div className="field" key={field}>
            <label htmlFor={common.id}>{contactFieldLabels[field]}</label>
            {field === 'message' ? <textarea {...common} rows={5} /> : <input {...common} type={inputTypes[field] ?? 'text'} pattern={field === 'phone-number' ? phonePattern : undefined} defaultValue={field === 'subject' ? subject : undefined} />}
            {/* Always present, so a message appearing on blur never moves the button being clicked. */}
            <p className="field__error" id={errorId}>
              {errors[field]}
            </p>
          </div>
        );
      })}
      {/* Hidden from people and assistive technology; bots that fill every field find it. */}
      <div hidden>
        <label htmlFor="contact-website">Leave this field empty</label>
        <input id="contact-website" name={honeypotField} type="text" tabIndex={-1} autoComplete="off" />
      </div>
      <input type="hidden" name={startedField} value={startedAt} />
      <p className={`contact-form__status contact-form__status--${status.kind}`} role="status" aria-live="polite">
        {status.message}
      </p>
      <button type="submit" className="contact-form__submit" disabled={sending} aria-disabled={sending || undefined}>
        {sending ? 'Sending…' : 'Send message'}
      </button>
    </form>
  );
}
