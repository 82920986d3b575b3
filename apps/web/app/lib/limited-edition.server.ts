import type { Product } from '@club/contract';

/**
 * The product page's note on a limited edition, written on the server so its text stays out of
 * the page's scripts (the product page's JavaScript budget); null when the product has neither.
 */
export const limitedEditionNote = (p: Pick<Product, 'LimitNaOsobe' | 'EdycjaNumerowana'>): string | null => {
  const parts = [
    ...(p.EdycjaNumerowana ? ['Edycja numerowana: każda sztuka dostaje swój kolejny numer.'] : []),
    ...(p.LimitNaOsobe
      ? [
          `Jedna osoba może kupić najwyżej ${p.LimitNaOsobe} szt. we wszystkich zamówieniach (liczą się to samo konto, adres e-mail i adres dostawy).`,
        ]
      : []),
  ];
  return parts.length ? parts.join(' ') : null;
};
