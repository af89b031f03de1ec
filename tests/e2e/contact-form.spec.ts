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

  // On submit every bad field is marked, focus moves to the first, and the message says so below the fields.
  await email.fill('');
  await page.getByLabel('Phone number').fill('12');
  await send.click();
  await expect(page.getByLabel('Your name')).toBeFocused();
  await expect(page.locator('[aria-invalid="true"]')).toHaveCount(5);
  await expect(status).toHaveText('Please check the five fields marked above: Your name, E-mail address, Phone number, Subject and Message.');
  await expect(page.getByLabel('Phone number')).toHaveAccessibleDescription(/phone number such as/);
  // The message stands where it says: below every field, above the Send button.
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

  // When sending fails, it says so and keeps what the visitor typed.
  await page.unrouteAll();
  await page.route('**/api/contact', (route) => route.abort('connectionrefused'));
  await send.click();
  await expect(status).toHaveText(/has not been sent.*still in the form/);
  await expect(subjectField).toHaveValue(subject);
  await expect(page.getByLabel('Message', { exact: true })).toHaveValue(validMessage.message);
  expect(storedWithSubject(subject)).toBeUndefined();

  // Progress while sending, the button disabled; then the thanks, and the message in the store.
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
  // The Worker under test has no mail server: the message waits in D1, with no address, as npm start has no edge in front to name one.
  expect(storedWithSubject(subject)).toMatchObject({ name: validMessage.name, email: validMessage.email, status: 'pending', ip: '' });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the browser’s own validation stops an incomplete form; a problem only the server catches is listed on a page of its own (400); a good message lands on the thank-you page and in the store', async ({ page }) => {
    await page.goto('/Contact/');
    const send = page.getByRole('button', { name: 'Send message' });
    await page.getByLabel('Your name').fill('Ana');
    await send.click();
    await expect(page).toHaveURL(/\/Contact\/$/);
    expect(await page.getByLabel('E-mail address').evaluate((input: HTMLInputElement) => input.validity.valueMissing)).toBe(true);

    await fillContactForm(page, { subject: 'Short phone', 'phone-number': '123 45' });
    const [response] = await Promise.all([page.waitForResponse('**/api/contact'), send.click()]);
    expect(response.status()).toBe(400);
    await expect(page.locator('h1')).toHaveText('Message not sent');
    await expect(page.locator('.problem li')).toHaveText([/Phone number: Please enter a phone number such as/]);
    expect(storedWithSubject('Short phone')).toBeUndefined();

    await page.goto('/Contact/');
    const subject = `No JS ${randomUUID()}`;
    await fillContactForm(page, { subject });
    await send.click();
    await expect(page).toHaveURL(/\/MessageSent\/$/);
    await expect(page.locator('h1')).toHaveText('Message sent');
    expect(storedWithSubject(subject)).toMatchObject({ name: validMessage.name, status: 'pending' });
  });
});

const heroes = [
  { path: `/${entries('products')[0]!.id}/`, button: 'Book a demo', subject: (name: string) => `A demo of ${name}` },
  { path: `/${entries('services')[0]!.id}/`, button: /^Talk to us about/, subject: (name: string) => name },
];
for (const javaScriptEnabled of [true, false]) {
  test(`the button in a product’s or a service’s hero opens the contact form about it, ${javaScriptEnabled ? 'its subject filled in, with JavaScript' : 'as the plain contact page, without JavaScript'}`, async ({ browser }) => {
    const page = await browser.newPage({ javaScriptEnabled, viewport: viewports.phone });
    for (const { path, button, subject } of heroes) {
      await page.goto(path);
      const name = await page.locator('h1').innerText();
      await page.locator('main > header.hero').getByRole('link', { name: button }).click();
      await expect(page).toHaveURL(/\/Contact\/\?subject=.*#contact-form-title$/);
      await expect(page.locator('#contact-form-title'), path).toBeInViewport();
      await expect(page.getByRole('textbox', { name: 'Subject' }), path).toHaveValue(javaScriptEnabled ? subject(name) : '');
    }
    await page.close();
  });
}
