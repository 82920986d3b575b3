import { expect, type Locator, type Page } from '@playwright/test';

/** The question before unsaved changes are left. */
export class UnsavedDialog {
  readonly dialog: Locator;
  readonly stay: Locator;
  readonly leave: Locator;
  /** Within a screen (another slide, another menu item): drops the changes and goes on. */
  readonly discard: Locator;

  constructor(readonly page: Page) {
    this.dialog = page.getByRole('dialog', { name: 'Niezapisane zmiany' });
    this.stay = this.dialog.getByRole('button', { name: 'Zostań' });
    this.leave = this.dialog.getByRole('button', { name: 'Opuść stronę' });
    this.discard = this.dialog.getByRole('button', { name: 'Porzuć zmiany' });
  }

  /** The question as a keyboard meets it: "Zostań" has the focus, Tab reaches the other answer. */
  async expectKeyboardReachable(other: Locator) {
    await expect(this.dialog).toBeVisible();
    await expect(this.stay).toBeFocused();
    await this.page.keyboard.press('Tab');
    await expect(other).toBeFocused();
    await this.page.keyboard.press('Shift+Tab');
    await expect(this.stay).toBeFocused();
  }
}

/** The login over the screen after the session expired mid-edit. */
export class ReloginDialog {
  readonly dialog: Locator;
  readonly email: Locator;
  readonly password: Locator;

  constructor(readonly page: Page) {
    this.dialog = page.getByRole('dialog', { name: 'Sesja wygasła' });
    this.email = this.dialog.getByLabel('E-mail', { exact: true });
    this.password = this.dialog.getByLabel('Hasło', { exact: true });
  }

  async logIn(password: string) {
    await this.password.fill(password);
    await this.dialog.getByRole('button', { name: 'Zaloguj się' }).click();
    await expect(this.dialog).toBeHidden();
  }
}

/** Ends the panel session in this browser only, as its expiry would. */
export const expireSession = (page: Page) => page.context().clearCookies({ name: 'panel_session' });

/** Whether leaving the page now (reload, closing the tab) would make the browser ask first. */
export const asksBeforeUnload = (page: Page) =>
  page.evaluate(() => {
    const e = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(e);
    return e.defaultPrevented;
  });
