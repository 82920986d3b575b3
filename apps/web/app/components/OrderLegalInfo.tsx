import type { Seller } from '@club/contract';
import { checkoutUi } from '../texts/checkout.ts';
import { Link } from './Link.tsx';

/** The shop's terms, as the demo and every new club have them (CMS sub-page 'regulamin'). */
export const TERMS_PATH = '/regulamin';
const PRIVACY_PATH = '/polityka-prywatnosci';
const CONTACT_PATH = '/kontakt';
const WITHDRAWAL_FORM_PATH = '/formularz-odstapienia';

const linkClass = 'font-semibold text-primary underline underline-offset-2 hover:text-primary-dark';

/**
 * What a consumer must know before ordering (ustawa o prawach konsumenta art. 12): who sells,
 * from the club's legal data (panel: seller), and the right of withdrawal with links to its rules.
 */
export function OrderLegalInfo({ seller }: { seller: Seller }) {
  return (
    <div className="grid gap-4">
      <section aria-labelledby="seller-title" className="rounded-lg border border-gray-200 p-4 sm:p-5">
        <h2 id="seller-title" className="text-lg font-bold">
          {checkoutUi.sellerTitle}
        </h2>
        <address className="mt-2 break-words not-italic leading-relaxed" data-testid="summary-seller">
          {/* Only what the club has given: no stray commas while its data is incomplete. */}
          {!seller.Nazwa && !seller.UlicaINumer && checkoutUi.sellerMissing}
          {[
            seller.Nazwa,
            [seller.UlicaINumer, `${seller.KodPocztowy} ${seller.Miasto}`.trim()].filter(Boolean).join(', '),
          ]
            .filter(Boolean)
            .map((line, i) => (
              <span key={line}>
                {i > 0 && <br />}
                {line}
              </span>
            ))}
          {seller.NIP && (
            <>
              <br />
              {checkoutUi.sellerNip}: {seller.NIP}
            </>
          )}
          {seller.REGON && (
            <>
              {', '}
              {checkoutUi.sellerRegon}: {seller.REGON}
            </>
          )}
          {seller.KRS && (
            <>
              {', '}
              {checkoutUi.sellerKrs}: {seller.KRS}
            </>
          )}
          {seller.Email && (
            <>
              <br />
              {checkoutUi.sellerEmail}:{' '}
              <a href={`mailto:${seller.Email}`} className={linkClass}>
                {seller.Email}
              </a>
            </>
          )}
          {seller.Telefon && (
            <>
              <br />
              {checkoutUi.sellerPhone}: {seller.Telefon}
            </>
          )}
        </address>
      </section>
      <section aria-labelledby="withdrawal-title" className="rounded-lg border border-gray-200 p-4 sm:p-5">
        <h2 id="withdrawal-title" className="text-lg font-bold">
          {checkoutUi.withdrawalTitle}
        </h2>
        <p className="mt-2">{checkoutUi.withdrawalText}</p>
        <p className="mt-2 text-sm text-muted">{checkoutUi.withdrawalException}</p>
        <ul className="mt-3 flex flex-wrap gap-x-6 gap-y-2">
          <li>
            <Link to={TERMS_PATH} className={linkClass}>
              {checkoutUi.withdrawalRules}
            </Link>
          </li>
          <li>
            <Link to={WITHDRAWAL_FORM_PATH} className={linkClass}>
              {checkoutUi.withdrawalForm}
            </Link>
          </li>
          <li>
            <Link to={PRIVACY_PATH} className={linkClass}>
              {checkoutUi.privacyPolicy}
            </Link>
          </li>
          <li>
            <Link to={CONTACT_PATH} className={linkClass}>
              {checkoutUi.withdrawalContact}
            </Link>
          </li>
        </ul>
      </section>
    </div>
  );
}
