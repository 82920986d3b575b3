import { describe, expect, it } from 'vitest';
import { msg } from './messages.ts';
import { PanelGiftCardsQuerySchema } from './panel-gift-cards.ts';
import { PanelProductInputSchema } from './panel-products.ts';
import { PanelSettingsUpdateSchema } from './panel-settings.ts';
import { PanelShippingCreateSchema, PanelShippingUpdateSchema } from './panel-shipping.ts';

describe('the gift cards list', () => {
  it('is a filter of the list, in its own words', () => {
    expect(PanelGiftCardsQuerySchema.parse({ stan: 'wygasla' })).toMatchObject({
      stan: 'wygasla',
      offset: 0,
    });
    expect(PanelGiftCardsQuerySchema.safeParse({ stan: 'expired' }).error?.issues[0]?.message).toBe(
      msg.panelGiftCardStateInvalid,
    );
  });
});

describe('gift card fields of the panel forms', () => {
  it('a gift card product has a price', () => {
    const card = { Nazwa: 'Karta', CenaBrutto: 0, Bezplatny: true, KartaPodarunkowa: true };
    const issue = PanelProductInputSchema.safeParse(card).error?.issues[0];
    expect(issue).toMatchObject({ message: msg.panelProductGiftCardFree, path: ['KartaPodarunkowa'] });
    expect(
      PanelProductInputSchema.parse({ ...card, CenaBrutto: 100, Bezplatny: false }).KartaPodarunkowa,
    ).toBe(true);
    expect(PanelProductInputSchema.parse({ Nazwa: 'Szalik', CenaBrutto: 50 }).KartaPodarunkowa).toBe(false);
  });

  it('an e-mail delivery is never cash on delivery', () => {
    const both = { Tresc: 'E-mail', Cena: 0, Elektroniczna: true, PlatnoscPrzyOdbiorze: true };
    for (const schema of [PanelShippingCreateSchema, PanelShippingUpdateSchema]) {
      expect(schema.safeParse(both).error?.issues[0]).toMatchObject({
        message: msg.shippingElectronicCod,
        path: ['PlatnoscPrzyOdbiorze'],
      });
    }
    expect(PanelShippingCreateSchema.parse({ Tresc: 'Kurier', Cena: 10 }).Elektroniczna).toBe(false);
  });

  it("cards' validity is 1 to 60 whole months", () => {
    for (const ok of [1, 12, 60])
      expect(PanelSettingsUpdateSchema.parse({ WaznoscKartPodarunkowych: ok })).toBeTruthy();
    for (const bad of [0, 61, 2.5, '6', null])
      expect(
        PanelSettingsUpdateSchema.safeParse({ WaznoscKartPodarunkowych: bad }).error?.issues[0]?.message,
        String(bad),
      ).toBe(msg.settingsGiftCardMonthsInvalid);
  });
});
