import type { Seller } from '@club/contract';
import type { SellerData } from '../db/schema.ts';

/**
 * The seller as the storefront's legal texts and the order e-mails use it (contract SellerSchema):
 * every field a string, complaints at the seller's address unless another was given. Takes the
 * club's row (`request.org()` or a fresh one), so mail code can call it without HTTP.
 */
export const sellerOf = (org: { seller: SellerData | null }): Seller => {
  const s = org.seller;
  const address = {
    Nazwa: s?.name ?? '',
    UlicaINumer: s?.street ?? '',
    KodPocztowy: s?.postcode ?? '',
    Miasto: s?.city ?? '',
  };
  return {
    Uzupelnione: Boolean(s),
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
