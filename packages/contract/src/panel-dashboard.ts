import { z } from 'zod';
import { PanelOrderRefSchema } from './panel-orders.ts';

/** A period's orders (cancelled excluded) and their revenue in zł. */
const Period = z.object({ Zamowienia: z.number().int(), Przychod: z.number() });

export const PanelDashboardSchema = z.object({
  /** What the club must still give before it takes orders (`sellerGaps`); empty when it does. */
  BrakiSprzedawcy: z.array(z.string()),
  /** Europe/Warsaw calendar day and month. */
  Dzis: Period,
  Miesiac: Period,
  /** Cash-on-delivery orders still 'Nowe' and orders 'Do realizacji'. */
  DoObsluzenia: z.object({
    Liczba: z.number().int(),
    Zamowienia: z.array(PanelOrderRefSchema.extend({ Klient: z.string(), Kwota: z.number() })),
  }),
  /** Products (or their parameters) with at most `ProgNiskiegoStanu` pieces left. */
  ProgNiskiegoStanu: z.number().int(),
  NiskiStan: z.array(
    z.object({
      IdWyrob: z.number().int(),
      Nazwa: z.string(),
      Parametr: z.string().nullable(),
      Stan: z.number().int(),
    }),
  ),
});
export type PanelDashboard = z.infer<typeof PanelDashboardSchema>;
