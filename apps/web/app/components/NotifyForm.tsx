import type { StockAlertTexts } from '../texts/stock-alert.ts';
import { FormAlert } from './form/FormAlert.tsx';

export type NotifyOffer = {
  productId: number;
  /** Sold-out variants to choose from; empty for a sold-out product without variants. */
  variants: { Id: number; Nazwa: string }[];
  texts: StockAlertTexts;
};

export type NotifyResult =
  | { ok: true; message: string; token: string }
  | { ok: false; message: string; field?: 'Email' | 'Zgoda' | 'IdParametru' };

/**
 * "Powiadom mnie": rendered to HTML on the server only (notify-offer.server.ts), a plain form
 * posted to the product page's action, so it works without scripts and adds nothing to the
 * product page's JavaScript. The answer page opens at `#notify`, its status or alert box.
 */
export function NotifyForm({ offer, result }: { offer: NotifyOffer; result?: NotifyResult }) {
  const t = offer.texts;
  const fieldError = (name: string) => (result && !result.ok && result.field === name ? result.message : '');
  const described = (name: string) => (fieldError(name) ? 'notify-error' : undefined);
  return (
    <section
      id="notify"
      aria-labelledby="notify-heading"
      className="mt-6 rounded-md border border-gray-200 p-4"
    >
      <h2 id="notify-heading" className="text-lg font-bold">
        {t.heading}
      </h2>
      <p className="mt-1 text-sm text-muted">{t.intro}</p>
      {result?.ok ? (
        <FormAlert kind="success" className="mt-3">
          {result.message}{' '}
          <a href={`/powiadomienie/${result.token}`} className="underline">
            {t.unsubscribeLink}
          </a>
        </FormAlert>
      ) : (
        <form
          method="post"
          action={`/produkt/${offer.productId}#notify`}
          className="mt-3 space-y-3"
          noValidate
        >
          <input type="hidden" name="intent" value="notify" />
          {offer.variants.length > 0 && (
            <div>
              <label htmlFor="notify-variant" className="block font-medium">
                {t.variant}
              </label>
              <select
                id="notify-variant"
                name="IdParametru"
                required
                aria-invalid={fieldError('IdParametru') ? true : undefined}
                aria-describedby={described('IdParametru')}
                className="mt-1 w-full rounded-md border border-gray-400 px-3 py-2"
              >
                {/* A required select's first option must be an empty placeholder (HTML). */}
                <option value="">{t.chooseVariant}</option>
                {offer.variants.map((v) => (
                  <option key={v.Id} value={v.Id}>
                    {v.Nazwa}
                  </option>
                ))}
              </select>
            </div>
          )}
          <div>
            <label htmlFor="notify-email" className="block font-medium">
              {t.email}
            </label>
            <input
              id="notify-email"
              name="Email"
              type="email"
              autoComplete="email"
              required
              aria-invalid={fieldError('Email') ? true : undefined}
              aria-describedby={described('Email')}
              className="mt-1 w-full rounded-md border border-gray-400 px-3 py-2"
            />
          </div>
          <div className="flex items-start gap-2">
            <input
              id="notify-consent"
              name="Zgoda"
              type="checkbox"
              value="1"
              required
              aria-invalid={fieldError('Zgoda') ? true : undefined}
              aria-describedby={described('Zgoda')}
              className="mt-1 h-5 w-5 shrink-0"
            />
            <label htmlFor="notify-consent" className="text-sm">
              {t.consent}{' '}
              <a href="/polityka-prywatnosci" className="text-primary underline">
                {t.privacy}
              </a>
            </label>
          </div>
          <div id="notify-error">
            <FormAlert kind="error">{result && !result.ok ? result.message : ''}</FormAlert>
          </div>
          <button type="submit" className="btn-primary px-6 py-2">
            {t.submit}
          </button>
        </form>
      )}
    </section>
  );
}
