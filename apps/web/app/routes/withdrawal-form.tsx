import { withHome } from '../components/Breadcrumbs.tsx';
import { SubPage } from '../components/SubPage.tsx';
import { requestApi } from '../lib/api.server.ts';
import { absoluteUrl, breadcrumbJsonLd, jsonLd, pageMeta } from '../lib/seo.ts';
import { withdrawalFormUi } from '../texts/withdrawalForm.ts';
import type { Route } from './+types/withdrawal-form';

const t = withdrawalFormUi;

export async function loader({ request, context }: Route.LoaderArgs) {
  const api = requestApi({ request, context });
  const [seller, settings] = await Promise.all([api.call('getSeller'), api.settings()]);
  return {
    seller,
    shop: settings.Nazwa,
    origin: api.origin,
    url: absoluteUrl(api.origin, '/formularz-odstapienia'),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [];
  const { shop, url, origin } = loaderData;
  return [
    ...pageMeta({ title: t.title, description: t.description, url, siteName: shop, ogType: 'article' }),
    jsonLd(breadcrumbJsonLd(origin, withHome([{ label: t.title }]), url)),
  ];
};

/**
 * The model withdrawal form of załącznik nr 2 to the consumer rights act, linked from the checkout
 * and the terms: addressed to the seller as the panel keeps it (returns address first).
 */
export default function WithdrawalForm({ loaderData }: Route.ComponentProps) {
  const { seller, shop } = loaderData;
  const to = seller.Reklamacje;
  const address = [to.UlicaINumer, `${to.KodPocztowy} ${to.Miasto}`.trim()].filter(Boolean).join(', ');
  const email = seller.Email;
  return (
    <SubPage breadcrumbs={[{ label: t.title }]} title={t.title}>
      <div className="max-w-3xl">
        <p className="text-muted">{t.intro}</p>
        <p className="mt-4">
          <strong>{t.addressee}:</strong> {[to.Nazwa || shop, address].filter(Boolean).join(', ')}
          {email && (
            <>
              {', '}
              {t.email}:{' '}
              <a href={`mailto:${email}`} className="font-semibold text-primary underline">
                {email}
              </a>
            </>
          )}
        </p>
        <ol className="mt-4 grid gap-4">
          {t.lines.map((line) => (
            <li key={line}>
              {line}
              <span aria-hidden="true" className="mt-2 block border-b border-dotted border-gray-400 pb-4" />
            </li>
          ))}
        </ol>
        <p className="mt-4 text-sm text-muted">{t.strike}</p>
        <p className="mt-6">{t.howTo}</p>
      </div>
    </SubPage>
  );
}
