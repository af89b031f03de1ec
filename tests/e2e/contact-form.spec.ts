import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { workerState } from '../../playwright.config.ts';
import { validMessage } from '../support/fixtures.ts';
import { entries } from '../support/site.ts';
import { newProduct, newService } from '../support/content-variants.ts';
import { storedMessages } from '../support/worker.ts';
import { axeViolations, contactFields, fillContactForm, viewports } from './support.ts';

/** The message with this subject in the D1 of the Worker under test, if it is there. */
const storedWithSubject = (subject: string) => storedMessages(workerState).find((message) => message.subject === subject);

test('with JavaScript the form checks a field as the visitor leaves it, marks every bad field on submit (no WCAG 2.2 A/AA violation in either scheme), shows the server’s verdict, keeps what was typed when sending fails, and sends with progress shown', async ({ page }) => {
  await page.goto('/Contact/');
  // The island marks the form as enhanced (noValidate) once React has hydrated it, as it comes into view.
  await page.locator('form.contact-form').scrollIntoViewIfNeeded();
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

// A product's demo request is a page of its own, so its heading and subject say so without JavaScript too.
test('a product’s “Book a demo” opens its demo request: headed, with the person behind it, its subject filled in with or without JavaScript, the same five fields, what happens next for a demo; a service’s “Talk to us” fills in the contact form’s subject', async ({ page, browser }) => {
  await page.setViewportSize(viewports.phone);
  await page.goto(`/${newProduct.id}/`);
  await page.locator('main > header.hero').getByRole('link', { name: 'Book a demo' }).click();
  await expect(page).toHaveURL(/\/Demo\/Bookings\/#contact-form-title$/);
  await expect(page.locator('h1, #contact-form-title')).toHaveText(['Book a demo of Impact Bookings', 'Book a demo of Impact Bookings']);
  await expect(page.locator('#contact-form-title')).toBeInViewport();
  await expect(page.getByRole('heading', { name: 'Your demo, with Zara Okafor' })).toBeVisible();
  await expect(page.locator('.contact__steps li')).toHaveText(entries<{ sections: { demoSteps: { steps: string[] } } }>('pages').find((entry) => entry.id === 'contact')!.data.sections.demoSteps.steps);
  await expect(page.locator('form.contact-form').getByRole('textbox')).toHaveCount(contactFields.length);
  const withoutScript = await browser.newPage({ javaScriptEnabled: false });
  for (const shown of [page, withoutScript]) {
    if (shown === withoutScript) await shown.goto(`/Demo/${newProduct.id}/`);
    await expect(shown.getByRole('textbox', { name: 'Subject' })).toHaveValue('A demo of Impact Bookings');
  }
  await withoutScript.close();
  await page.goto(`/${newService.id}/`);
  await page.locator('main > header.hero').getByRole('link', { name: /^Talk to us/ }).click();
  await expect(page.getByRole('textbox', { name: 'Subject' })).toHaveValue(newService.title);
});
