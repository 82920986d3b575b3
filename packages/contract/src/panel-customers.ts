import { z } from 'zod';
import { PanelOrderRefSchema, panelListQuery } from './panel-orders.ts';
import { AddressSchema } from './shop.ts';

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
  Adres: AddressSchema,
  Zamowienia: z.array(PanelOrderRefSchema.extend({ Kwota: z.number() })),
});
export type PanelCustomerDetail = z.infer<typeof PanelCustomerDetailSchema>;
