import { SELLER_PLACEHOLDERS } from '@club/contract';
import { ui } from '../../texts.ts';

/**
 * The placeholders a page may hold for the seller's data: written once in 'Dane sprzedawcy', they
 * stay right in the terms, the contact page and the footer when the data changes.
 */
export const SellerPlaceholders = () => (
  <details className="mt-2 text-sm">
    <summary className="cursor-pointer font-semibold text-primary">{ui.pages.placeholdersTitle}</summary>
    <p className="mt-1 text-muted">{ui.pages.placeholdersIntro}</p>
    <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
      {Object.entries(SELLER_PLACEHOLDERS).map(([key, label]) => (
        <div key={key} className="contents">
          <dt>
            <code>{`{{${key}}}`}</code>
          </dt>
          <dd className="text-muted">{label}</dd>
        </div>
      ))}
    </dl>
  </details>
);
