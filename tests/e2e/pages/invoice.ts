import type { Page } from '@playwright/test';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** An order of the account's history, opened, with its invoice section. */
export const openAccountOrder = async (page: Page, number: string) => {
  await page.goto('/moje-konto');
  const history = page.getByRole('region', { name: 'Historia zakupów' });
  const header = history.getByRole('button', { name: new RegExp(number) });
  await header.click();
  const panel = page.locator(`[id="${await header.getAttribute('aria-controls')}"]`);
  const invoices = panel.getByRole('region', { name: 'Faktury' });
  return {
    invoices,
    /** "Poproś o fakturę": the company and its NIP, sent. */
    request: async (company: string, nip: string) => {
      if (!(await invoices.getByLabel('Nazwa firmy').isVisible()))
        await invoices.getByText('Poproś o fakturę').click();
      await invoices.getByLabel('Nazwa firmy').fill(company);
      await invoices.getByLabel('NIP').fill(nip);
      await invoices.getByRole('button', { name: 'Wystaw fakturę' }).click();
    },
    /** Clicks the invoice's download button; the saved file's name and its PDF text. */
    download: async () => {
      const waiting = page.waitForEvent('download');
      await invoices.getByRole('button', { name: /^Pobierz fakturę FV\// }).click();
      const file = await waiting;
      const path = await file.path();
      const { readFile } = await import('node:fs/promises');
      const pdf = await getDocument({ data: new Uint8Array(await readFile(path)), useSystemFonts: false })
        .promise;
      let text = '';
      for (let n = 1; n <= pdf.numPages; n++) {
        const content = await (await pdf.getPage(n)).getTextContent();
        text += `${content.items.map((i) => ('str' in i ? i.str : '')).join(' ')} `;
      }
      await pdf.destroy();
      return { name: file.suggestedFilename(), text: text.replace(/\s+/g, ' ') };
    },
  };
};
