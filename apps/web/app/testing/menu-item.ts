import type { MenuItem } from '@club/contract';

/** A CMS menu item for tests: same window, with the sub-items given. */
export const menuItem = (Id: number, Tytul: string, Url: string, Podrzedne: MenuItem[] = []): MenuItem => ({
  Id,
  Tytul,
  Url,
  OtworzWNowymOknie: false,
  Podrzedne,
});
