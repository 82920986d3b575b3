import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';
import type { OutboxMessage } from '../../apps/api/src/modules/mail/message.ts';
import { readableMail } from '../../apps/api/test/fixtures/mail.ts';

const dataDir = () => {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR is not set (playwright.config.ts sets it)');
  return dir;
};

/** Reads the shop's outbox: each message as data, one JSON file each when no SMTP is configured. */
export const outbox = {
  /** Every message, oldest first. */
  mails(): OutboxMessage[] {
    const dir = join(dataDir(), 'outbox');
    try {
      return readdirSync(dir)
        .filter((f) => f.endsWith('.json'))
        .sort()
        .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as OutboxMessage);
    } catch {
      return [];
    }
  },
  /** Every message as text to search (`To:` and `Subject:` lines, then its text and HTML). */
  messages(): string[] {
    return this.mails().map(readableMail);
  },
  /** The newest link matching the pattern in a mail to `to`; waits for the mail to arrive. */
  async link(to: string, pattern: RegExp, timeoutMs = 10_000): Promise<string> {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const mails = this.messages().filter((m) => m.toLowerCase().includes(to.toLowerCase()));
      for (let i = mails.length - 1; i >= 0; i--) {
        const m = mails[i]!.match(pattern);
        if (m) return m[0];
      }
      if (Date.now() > until) throw new Error(`no mail to ${to} with a link matching ${pattern}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  },
};

export type Customer = {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  ticket: string;
};

const API = { organizacja: 'demo', 'content-type': 'application/json' };

/** Registers a new customer through the API and confirms the account through the e-mailed link. */
export const createCustomer = async (baseURL: string): Promise<Customer> => {
  const email = `e2e-${randomBytes(5).toString('hex')}@example.pl`;
  const password = 'Kibic2026!x';
  const firstName = 'Ewa';
  const lastName = 'Testowa';
  const res = await fetch(`${baseURL}/api/andromeda/kontopanel/register`, {
    method: 'POST',
    headers: API,
    body: JSON.stringify({
      Imie: firstName,
      Nazwisko: lastName,
      Email: email,
      Haslo: password,
      PowtorzHaslo: password,
      AkceptacjaRegulaminu: true,
    }),
  });
  if (!res.ok) throw new Error(`register failed: ${res.status} ${await res.text()}`);
  const link = await outbox.link(email, /\/logowanie\/[\w-]+/);
  const guid = link.split('/').pop()!;
  const confirm = await fetch(`${baseURL}/api/andromeda/kontopanel/confirm-account/${guid}`, {
    headers: API,
  });
  if (!confirm.ok) throw new Error(`confirm failed: ${confirm.status}`);
  const { Ticket } = (await confirm.json()) as { Ticket: string };
  return { email, password, firstName, lastName, ticket: Ticket };
};

/** Puts a session ticket into localStorage as the storefront keeps it, before any page script runs. */
export const signIn = async (page: Page, ticket: string) => {
  await page.addInitScript((t) => window.localStorage.setItem('access_token', t), ticket);
};

/** Serious and critical axe violations on the current page (WCAG 2.1 AA rules). */
export const seriousA11yViolations = async (page: Page) => {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
};

type Fixtures = { customer: Customer; consoleErrors: string[] };

export const test = base.extend<Fixtures>({
  customer: async ({ baseURL }, use) => {
    await use(await createCustomer(baseURL!));
  },
  // A page that logs console errors fails its test (missing resources excepted: 404 pages are tested on purpose).
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error' && !/Failed to load resource/.test(m.text())) errors.push(m.text());
      });
      page.on('pageerror', (e) => errors.push(e.message));
      await use(errors);
      expect(errors, 'console errors').toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };
