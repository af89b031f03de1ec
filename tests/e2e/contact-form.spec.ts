import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { workerState } from '../../playwright.config.ts';
import { validMessage } from '../support/fixtures.ts';
import { entries } from '../support/site.ts';
import { storedMessages } from '../support/worker.ts';
import { axeViolations, contactFields, fillContactForm, viewports } from './support.ts';

/** The message with this subject in the D1 of the Worker under test, if it is there. */
const storedWithSubject = (subject: string) => storedMessages(workerState).find((message) => message.subject === subject);

test('with JavaScript the form checks a field as the visitor leaves it, marks every bad field on submit (no WCAG 2.2 A/AA violation in either scheme), shows the server’s verdict, keeps what was typed when sending fails, and sends with progress shown', async ({ page }) => {
  await page.goto('/Contact/');
  // The island marks the form as enhanced (noValidate) once React has hydrated it.
  await expect(page.locator('form.contact-form')).toHaveAttribute('novalidate', '');
  const [send, status, subjectField] = [page.getByRole('button', { name: 'Send message' }), page.getByRole('status'), page.getByLabel('Subject')];

  // A field is checked when the visitor leaves it, its problem tied to it for screen readers.
  const email = page.getByLabel('E-mail address');
  await email.fill('ana@');
  await email.blur();
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(email).toHaveAccessibleDescription('Please enter an e-mail address like name@example.com.');
  await email.fill('ana@example.org');
  await email.blur();
  await expect(email).not.toHaveAttribute('aria-invalid');
  await expect(email).not.toHaveAttribute('aria-describedby');

  await email.fill('');
  await page.getByLabel('Phone number').fill('12');
  await send.click();
  await expect(page.getByLabel('Your name')).toBeFocused();
  await expect(page.locator('[aria-invalid="true"]')).toHaveCount(5);
  await expect(status).toHaveText('Please check the five fields marked above: Your name, E-mail address, Phone number, Subject and Message.');
  await expect(page.getByLabel('Phone number')).toHaveAccessibleDescription(/phone number such as/);
  const { y: top, height } = (await status.boundingBox())!;
  for (const [label] of contactFields) {
    const field = (await page.getByLabel(label, { exact: true }).boundingBox())!;
    expect(field.y + field.height, `${label} ends above the message`).toBeLessThanOrEqual(top);
  }
  expect(top + height).toBeLessThanOrEqual((await send.boundingBox())!.y);
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' });
    expect(await axeViolations(page, '.contact-form'), colorScheme).toEqual([]);
  }

  // The server's own verdict on a field the browser let through.
  const subject = `JS ${randomUUID()}`;
  await fillContactForm(page, { subject });
  await page.route('**/api/contact', (route) => route.fulfill({ status: 400, json: { ok: false, message: 'Some fields need another look.', errors: { subject: 'Please keep a subject on one line.' } } }));
  await send.click();
  await expect(subjectField).toBeFocused();
  await expect(subjectField).toHaveAccessibleDescription('Please keep a subject on one line.');
  await expect(status).toHaveText('Please check the field marked above: Subject.');

  await page.unrouteAll();
  await page.route('**/api/contact', (route) => route.abort('connectionrefused'));
  await send.click();
  await expect(status).toHaveText(/has not been sent.*still in the form/);
  await expect(subjectField).toHaveValue(subject);
  await expect(page.getByLabel('Message', { exact: true })).toHaveValue(validMessage.message);
  expect(storedWithSubject(subject)).toBeUndefined();

  await page.unrouteAll();
  const held = Promise.withResolvers<void>();
  await page.route('**/api/contact', (route) => held.promise.then(() => route.continue()));
  await send.click();
  const button = page.locator('.contact-form__submit');
  await expect(button).toHaveText('Sending…');
  await expect(button).toBeDisabled();
  await expect(status).toHaveText('Sending your message…');
  held.resolve();
  await expect(status).toHaveText(/Thank you: your message has arrived/);
  await expect(button).toBeEnabled();
  await expect(subjectField).toHaveValue('');
  // The Worker under test has no mail server: the message waits in D1.
  expect(storedWithSubject(subject)).toMatchObject({ name: validMessage.name, email: validMessage.email, status: 'pending' });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  // A problem only the server catches gets a page of its own: api.spec.ts posts as this form does.
  test('the browser’s own validation stops an incomplete form; a good message lands on the thank-you page and in the store', async ({ page }) => {
    await page.goto('/Contact/');
    const send = page.getByRole('button', { name: 'Send message' });
    await page.getByLabel('Your name').fill('Ana');
    await send.click();
    await expect(page).toHaveURL(/\/Contact\/$/);
    expect(await page.getByLabel('E-mail address').evaluate((input: HTMLInputElement) => input.validity.valueMissing)).toBe(true);

    const subject = `No JS ${randomUUID()}`;
    await fillContactForm(page, { subject });
    await send.click();
    await expect(page).toHaveURL(/\/MessageSent\/$/);
    await expect(page.locator('h1')).toHaveText('Message sent');
    expect(storedWithSubject(subject)).toMatchObject({ name: validMessage.name, status: 'pending' });
  });
});

// A service's button leads to such an address too (page-content.ts checks it on every service page), and
// without JavaScript the same link opens the plain form (site.spec.ts finds the form's title at the address).
test('the button in a product’s hero opens the contact form about it, its subject filled in', async ({ page }) => {
  await page.setViewportSize(viewports.phone);
  await page.goto(`/${entries('products')[0]!.id}/`);
  const name = await page.locator('h1').innerText();
  await page.locator('main > header.hero').getByRole('link', { name: 'Book a demo' }).click();
  await expect(page).toHaveURL(/\/Contact\/\?subject=.*#contact-form-title$/);
  await expect(page.locator('#contact-form-title')).toBeInViewport();
  await expect(page.getByRole('textbox', { name: 'Subject' })).toHaveValue(`A demo of ${name}`);
});
