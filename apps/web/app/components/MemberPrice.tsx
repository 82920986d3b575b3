import { formatPrice } from '@club/contract';
import { useEffect, useState } from 'react';
import { api } from '../lib/browser-api.ts';
import { storage } from '../lib/storage.ts';
import { shopUi } from '../texts/shop.ts';

type Props = {
  productId: number;
  /** The regular price shown (zł): the member price is the product's, so a variant's own price hides it. */
  regularPrice: number;
  productPrice: number;
  /** What everyone pays now (a public promotion's price, or the regular one). */
  publicPrice: number;
};

/**
 * "Cena dla członków grupy …" for a logged-in member (decision 153): asked for in the browser, after
 * hydration, so the cached public page never carries a personal price. Nothing for a guest, a
 * non-member, or when the request fails: the regular price above stays the offer.
 */
export function MemberPrice({ productId, regularPrice, productPrice, publicPrice }: Props) {
  const [member, setMember] = useState<{ Cena: number; Grupa: string } | null>(null);
  useEffect(() => {
    if (!storage.token()) return;
    let live = true;
    api
      .call('getMemberPrices', { query: { ids: String(productId) } })
      .then((r) => {
        if (live) setMember(r.Ceny.find((c) => c.Id === productId) ?? null);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [productId]);
  if (!member || regularPrice !== productPrice || member.Cena >= publicPrice) return null;
  return (
    <p className="mt-2 font-semibold text-primary" data-testid="member-price">
      {shopUi.memberPrice(member.Grupa)} <span className="whitespace-nowrap">{formatPrice(member.Cena)}</span>
    </p>
  );
}
