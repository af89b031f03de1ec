import { randomUUID } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { workerState } from '../../playwright.config.ts';
import { validMessage } from '../support/fixtures.ts';
import { entries } from '../support/site.ts';
import { storedMessages } from '../support/worker.ts';
import { contactFields, fillContactForm, viewports, wcagTags } from './support.ts';

/** The message with this subject in the D1 of the Worker under test, if it is there. */
const storedWithSubject = (subject: string) => storedMessages(workerState).find((message) => message.subject === subject);

function fillValid(page: Page, subject: string) {
  return fillContactForm(page, { subject });
}

test.describe('the contact form with JavaScript', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/Contact/');
    // The island marks the form as enhanced (noValidate) once React has hydrated it.
    await expect(page.locator('form.contact-form')).toHaveAttribute('novalidate', '');
  });

  test('sends the message, announces it, and the message is in the store', async ({ page }) => {
    const subject = `JS ${randomUUID()}`;
    await fillValid(page, subject);
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByRole('status')).toHaveText(/Thank you: your message has arrived/);
    await expect(page.getByLabel('Subject')).toHaveValue('');
    // The Worker under test has no mail server: the message waits in D1, from the address the browser came from.
    expect(storedWithSubject(subject)).toMatchObject({ name: validMessage.name, email: validMessage.email, status: 'pending', ip: '127.0.0.1' });
  });

  test('checks a field when the visitor leaves it, tied to the field for screen readers', async ({ page }) => {
    const email = page.getByLabel('E-mail address');
    await email.fill('ana@');
    await email.blur();
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    const errorId = await email.getAttribute('aria-describedby');
    await expect(page.locator(`#${errorId}`)).toHaveText('Please enter an e-mail address like name@example.com.');
    await expect(email).toHaveAccessibleDescription('Please enter an e-mail address like name@example.com.');
    await email.fill('ana@example.org');
    await email.blur();
    await expect(email).not.toHaveAttribute('aria-invalid');
    await expect(email).not.toHaveAttribute('aria-describedby');
  });

  test('on submit, marks every bad field, moves focus to the first, and says so below the fields, with no WCAG 2.2 A/AA violation in either scheme', async ({ page }) => {
    await page.getByLabel('Phone number').fill('12');
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByLabel('Your name')).toBeFocused();
    await expect(page.locator('[aria-invalid="true"]')).toHaveCount(5);
    const status = page.getByRole('status');
    await expect(status).toHaveText('Please check the five fields marked above: Your name, E-mail address, Phone number, Subject and Message.');
    await expect(page.getByLabel('Phone number')).toHaveAccessibleDescription(/phone number such as/);
    // The message stands where it says: below every field, above the Send button.
    const box = async (locator: ReturnType<Page['locator']>) => (await locator.boundingBox())!;
    const statusBox = await box(status);
    for (const [label] of contactFields) {
      const fieldBox = await box(page.getByLabel(label, { exact: true }));
      expect(fieldBox.y + fieldBox.height, `${label} ends above the message`).toBeLessThanOrEqual(statusBox.y);
    }
    expect(statusBox.y + statusBox.height).toBeLessThanOrEqual((await box(page.getByRole('button', { name: 'Send message' }))).y);
    // The form's marked states, in both schemes.
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' });
      const results = await new AxeBuilder({ page }).include('.contact-form').withTags(wcagTags).analyze();
      expect(results.violations.map(({ id, nodes }) => ({ id, targets: nodes.map((node) => node.target.join(' ')) })), colorScheme).toEqual([]);
    }
  });

  test('shows progress while sending, with the button disabled', async ({ page }) => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/contact', async (route) => {
      await held;
      await route.continue();
    });
    await fillValid(page, `Slow ${randomUUID()}`);
    await page.getByRole('button', { name: 'Send message' }).click();
    const button = page.locator('.contact-form__submit');
    await expect(button).toHaveText('Sending…');
    await expect(button).toBeDisabled();
    await expect(page.getByRole('status')).toHaveText('Sending your message…');
    release();
    await expect(page.getByRole('status')).toHaveText(/Thank you/);
    await expect(button).toBeEnabled();
  });

  test('when sending fails, says so and keeps what the visitor typed', async ({ page }) => {
    await page.route('**/api/contact', (route) => route.abort('connectionrefused'));
    const subject = `Offline ${randomUUID()}`;
    await fillValid(page, subject);
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByRole('status')).toHaveText(/has not been sent.*still in the form/);
    await expect(page.getByLabel('Subject')).toHaveValue(subject);
    await expect(page.getByLabel('Message', { exact: true })).toHaveValue(validMessage.message);
    expect(storedWithSubject(subject)).toBeUndefined();
  });

  test('shows the server’s own verdict on a field the browser let through', async ({ page }) => {
    await page.route('**/api/contact', (route) =>
      route.fulfill({ status: 400, json: { ok: false, message: 'Some fields need another look.', errors: { subject: 'Please keep a subject on one line.' } } }),
    );
    await fillValid(page, 'Fine');
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByLabel('Subject')).toBeFocused();
    await expect(page.getByLabel('Subject')).toHaveAccessibleDescription('Please keep a subject on one line.');
    await expect(page.getByRole('status')).toHaveText('Please check the field marked above: Subject.');
  });
});

test.describe('the contact form without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('posts, lands on the thank-you page, and the message is in the store', async ({ page }) => {
    await page.goto('/Contact/');
    const subject = `No JS ${randomUUID()}`;
    await fillValid(page, subject);
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page).toHaveURL(/\/MessageSent\/$/);
    await expect(page.locator('h1')).toHaveText('Message sent');
    expect(storedWithSubject(subject)).toMatchObject({ name: validMessage.name, status: 'pending' });
  });

  test('the browser’s own validation stops an incomplete form', async ({ page }) => {
    await page.goto('/Contact/');
    await page.getByLabel('Your name').fill('Ana');
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page).toHaveURL(/\/Contact\/$/);
    expect(await page.getByLabel('E-mail address').evaluate((input: HTMLInputElement) => input.validity.valueMissing)).toBe(true);
  });

  test('a problem only the server catches is listed on a page of its own, status 400', async ({ page }) => {
    await page.goto('/Contact/');
    await fillValid(page, 'Short phone');
    await page.getByLabel('Phone number').fill('123 45');
    const [response] = await Promise.all([page.waitForResponse('**/api/contact'), page.getByRole('button', { name: 'Send message' }).click()]);
    expect(response.status()).toBe(400);
    await expect(page.locator('h1')).toHaveText('Message not sent');
    await expect(page.locator('.problem li')).toHaveText([/Phone number: Please enter a phone number such as/]);
    expect(storedWithSubject('Short phone')).toBeUndefined();
  });
});

test.describe('the button in a product’s or a service’s hero', () => {
  const product = entries('products')[0]!;
  const service = entries('services')[0]!;
  const buttons = [
    { page: `/${product.id}/`, button: 'Book a demo', subject: (name: string) => `A demo of ${name}` },
    { page: `/${service.id}/`, button: /^Talk to us about/, subject: (name: string) => name },
  ];

  for (const { page: path, button, subject: subjectFor } of buttons) {
    for (const javaScript of [true, false]) {
      test(`on ${path} opens the contact form about it, ${javaScript ? 'its subject filled in, with JavaScript' : 'as the plain contact page, without JavaScript'}`, async ({ browser, baseURL }) => {
        const context = await browser.newContext({ baseURL, javaScriptEnabled: javaScript, viewport: viewports.phone, ignoreHTTPSErrors: true });
        const page = await context.newPage();
        await page.goto(path);
        const name = await page.locator('h1').innerText();
        await page.locator('main > header.hero').getByRole('link', { name: button }).click();
        await expect(page).toHaveURL(/\/Contact\/\?subject=.*#contact-form-title$/);
        await expect(page.locator('#contact-form-title')).toBeInViewport();
        const subject = page.getByRole('textbox', { name: 'Subject' });
        if (javaScript) await expect(subject).toHaveValue(subjectFor(name));
        else await expect(subject).toHaveValue('');
        await context.close();
      });
    }
  }
});
