import { randomBytes } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { outbox } from '../fixtures.ts';

/** Registers a customer of the club `alias` and confirms the account by the e-mailed link; returns the e-mail and ticket. */
export const createClubCustomer = async (
  baseURL: string,
  alias: string,
): Promise<{ email: string; ticket: string }> => {
  const headers = { organizacja: alias, 'content-type': 'application/json' };
  const email = `e2e-czlonek-${randomBytes(5).toString('hex')}@example.pl`;
  const password = 'Kibic2026!x';
  const res = await fetch(`${baseURL}/api/andromeda/kontopanel/register`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      Imie: 'Ola',
      Nazwisko: 'Członkini',
      Email: email,
      Haslo: password,
      PowtorzHaslo: password,
      AkceptacjaRegulaminu: true,
    }),
  });
  if (!res.ok) throw new Error(`register failed: ${res.status} ${await res.text()}`);
  const guid = (await outbox.link(email, /\/logowanie\/[\w-]+/)).split('/').pop()!;
  const confirm = await fetch(`${baseURL}/api/andromeda/kontopanel/confirm-account/${guid}`, { headers });
  if (!confirm.ok) throw new Error(`confirm failed: ${confirm.status}`);
  return { email, ticket: ((await confirm.json()) as { Ticket: string }).Ticket };
};

/** The product page's member price line ("Cena dla członków grupy …: X zł"), shown after hydration. */
export class MemberPriceView {
  readonly line: Locator;

  constructor(page: Page) {
    this.line = page.getByTestId('member-price');
  }
}
