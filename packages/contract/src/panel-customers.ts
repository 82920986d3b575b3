import { z } from 'zod';
import { panelListQuery } from './panel-orders.ts';

export const PANEL_CUSTOMER_SORTS = ['nazwisko', '-nazwisko', 'email', '-email', 'data', '-data'] as const;
export const PanelCustomersQuerySchema = panelListQuery(PANEL_CUSTOMER_SORTS);
export type PanelCustomersQuery = z.output<typeof PanelCustomersQuerySchema>;

export const PanelCustomerListItemSchema = z.object({
  Id: z.number().int(),
  Imie: z.string(),
  Nazwisko: z.string(),
  Email: z.string(),
  DataRejestracji: z.string(),
  Potwierdzony: z.boolean(),
  Zanonimizowany: z.boolean(),
  LiczbaZamowien: z.number().int(),
});
export const PanelCustomerListSchema = z.object({
  Items: z.array(PanelCustomerListItemSchema),
  Total: z.number().int(),
});

export const PanelCustomerDetailSchema = PanelCustomerListItemSchema.extend({
  DataAnonimizacji: z.string().nullable(),
  Adres: z.object({
    Nazwa: z.string(),
    UlicaINumer: z.string(),
    KodPocztowy: z.string(),
    Miasto: z.string(),
    Telefon: z.string(),
    Email: z.string(),
  }),
  Zamowienia: z.array(
    z.object({
      Id: z.number().int(),
      Numer: z.string(),
      Data: z.string(),
      Status: z.number().int(),
      StatusNazwa: z.string(),
      Kwota: z.number(),
    }),
  ),
});
export type PanelCustomerDetail = z.infer<typeof PanelCustomerDetailSchema>;
