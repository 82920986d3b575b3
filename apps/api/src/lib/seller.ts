import { type Seller, type SellerPlaceholder, sellerGaps } from '@club/contract';
import { and, eq, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { contentPages, type SellerData } from '../db/schema.ts';
import { escapeHtml } from './escape-html.ts';

/** The CMS page that holds the shop's terms (every club starts with one: seed/pages.ts). */
export const TERMS_SLUG = 'regulamin';

/**
 * The seller as the storefront's legal texts and the order e-mails use it (contract SellerSchema):
 * every field a string, complaints at the seller's address unless another was given. Takes the
 * club's row (`request.org()` or a fresh one), so mail code can call it without HTTP; `hasTerms`
 * says whether the club's terms are published (`termsPublished`), as the checklist needs them.
 */
export const sellerOf = (org: { seller: SellerData | null }, hasTerms = true): Seller => {
  const s = org.seller;
  const address = {
    Nazwa: s?.name ?? '',
    UlicaINumer: s?.street ?? '',
    KodPocztowy: s?.postcode ?? '',
    Miasto: s?.city ?? '',
  };
  const fields = {
    Nazwa: address.Nazwa,
    UlicaINumer: address.UlicaINumer,
    KodPocztowy: address.KodPocztowy,
    Miasto: address.Miasto,
    NIP: s?.nip ?? '',
    REGON: s?.regon ?? '',
    KRS: s?.krs ?? '',
    Email: s?.email ?? '',
    Telefon: s?.phone ?? '',
    NrKonta: s?.bankAccount ?? '',
  };
  const missing = sellerGaps(fields, hasTerms);
  return {
    Uzupelnione: missing.length === 0,
    Brakuje: missing,
    ...fields,
    Reklamacje: s?.complaints
      ? {
          Nazwa: s.complaints.name || s.name,
          UlicaINumer: s.complaints.street,
          KodPocztowy: s.complaints.postcode,
          Miasto: s.complaints.city,
        }
      : address,
  };
};

/** Whether the club's terms page is published and says something. */
export const termsPublished = async (db: Db, organisationId: number): Promise<boolean> => {
  const [page] = await db
    .select({ id: contentPages.id })
    .from(contentPages)
    .where(
      and(
        eq(contentPages.organisationId, organisationId),
        eq(contentPages.slug, TERMS_SLUG),
        lte(contentPages.publishedAt, sql`now()`),
        sql`btrim(regexp_replace(${contentPages.content}, '<[^>]*>', '', 'g')) <> ''`,
      ),
    )
    .limit(1);
  return Boolean(page);
};

/** The club's seller as the storefront shows it, with its terms checked. */
export const sellerWithTerms = async (db: Db, org: { id: number; seller: SellerData | null }) =>
  sellerOf(org, await termsPublished(db, org.id));

/** The non-empty parts joined: no stray commas where the club left a field empty. */
export const joinFilled = (parts: string[], sep = ', ') => parts.filter((p) => p.trim() !== '').join(sep);

/** `ul. Stadionowa 1, 00-001 Warszawa`. */
export const sellerAddress = (s: Pick<Seller, 'UlicaINumer' | 'KodPocztowy' | 'Miasto'>) =>
  joinFilled([s.UlicaINumer, joinFilled([s.KodPocztowy, s.Miasto], ' ')]);

/**
 * What each `{{…}}` of a content page stands for: the seller's data as the panel keeps it, so the
 * terms, the contact page and the footer change with it. Until the club gives its data, its name
 * and shop address stand in; a number it has not given is left out.
 */
export const sellerPlaceholderValues = (org: {
  name: string;
  shopEmail: string;
  seller: SellerData | null;
}): Record<SellerPlaceholder, string> => {
  const s = sellerOf(org);
  const nazwa = s.Nazwa || org.name;
  const ids = [s.NIP && `NIP ${s.NIP}`, s.REGON && `REGON ${s.REGON}`, s.KRS && `KRS ${s.KRS}`].filter(
    Boolean,
  ) as string[];
  return {
    sprzedawca: joinFilled([nazwa, sellerAddress(s), ...ids]),
    nazwa,
    adres: sellerAddress(s),
    email: s.Email || org.shopEmail,
    telefon: s.Telefon,
    nip: s.NIP,
    regon: s.REGON,
    krs: s.KRS,
    'adres-reklamacji': joinFilled([s.Reklamacje.Nazwa || nazwa, sellerAddress(s.Reklamacje)]),
  };
};

/** A content page's HTML with the seller's placeholders filled in (escaped; unknown ones kept). */
export const fillSellerPlaceholders = (
  html: string,
  org: { name: string; shopEmail: string; seller: SellerData | null },
): string => {
  if (!html.includes('{{')) return html;
  const values: Record<string, string> = sellerPlaceholderValues(org);
  return html.replace(/\{\{([a-z-]{1,20})\}\}/g, (whole, key: string) =>
    Object.hasOwn(values, key) ? escapeHtml(values[key]!) : whole,
  );
};
