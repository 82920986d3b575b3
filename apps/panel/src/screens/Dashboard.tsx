import { TERMS_REQUIRED } from '@club/contract';
import { useId } from 'react';
import { Link, useLoaderData } from 'react-router';
import { api } from '../api.ts';
import { PageTitle } from '../components/PageTitle.tsx';
import { formatDateTime, formatPrice } from '../lib/format.ts';
import { guarded, useSession } from '../session.ts';
import { ui } from '../texts.ts';

const t = ui.dashboard;

export const dashboardLoader = () => guarded(() => api.call('panelDashboard'));

const Figure = ({ label, orders, revenue }: { label: string; orders: number; revenue: number }) => {
  // The label has spaces; an id may not.
  const id = useId();
  return (
    <section className="card" aria-labelledby={id}>
      <h2 id={id} className="text-lg font-semibold">
        {label}
      </h2>
      <dl className="mt-3 grid grid-cols-2 gap-3">
        <div>
          <dt className="text-sm text-muted">{t.orders}</dt>
          <dd className="text-2xl font-bold">{orders}</dd>
        </div>
        <div>
          <dt className="text-sm text-muted">{t.revenue}</dt>
          <dd className="text-2xl font-bold">{formatPrice(revenue)}</dd>
        </div>
      </dl>
    </section>
  );
};

/** Until the seller's data and terms are complete the shop refuses orders: the first thing a manager sees. */
const SellerChecklist = ({ missing }: { missing: string[] }) => (
  <section className="card border-l-4 border-amber-500" aria-labelledby="braki-sprzedawcy">
    <h2 id="braki-sprzedawcy" className="text-lg font-semibold">
      {t.notSelling}
    </h2>
    <p className="mt-1">{t.notSellingIntro}</p>
    <ul className="mt-2 list-disc pl-6">
      {missing.map((m) => (
        <li key={m}>{m}</li>
      ))}
    </ul>
    <p className="mt-3 flex flex-wrap gap-x-6 gap-y-2">
      <Link to="/dane-sprzedawcy" className="font-semibold text-primary underline">
        {t.fillSeller}
      </Link>
      {missing.includes(TERMS_REQUIRED) && (
        <Link to="/tresci/strony" className="font-semibold text-primary underline">
          {t.editTerms}
        </Link>
      )}
    </p>
  </section>
);

export const Dashboard = () => {
  const data = useLoaderData<typeof dashboardLoader>();
  const session = useSession();
  return (
    <div className="space-y-6">
      <div>
        <PageTitle title={t.title}>{t.title}</PageTitle>
        <p className="mt-1 text-muted">{t.welcome(session.Imie || session.Email)}</p>
      </div>
      {data.BrakiSprzedawcy.length > 0 && <SellerChecklist missing={data.BrakiSprzedawcy} />}
      <div className="grid gap-4 md:grid-cols-2">
        <Figure label={t.today} orders={data.Dzis.Zamowienia} revenue={data.Dzis.Przychod} />
        <Figure label={t.month} orders={data.Miesiac.Zamowienia} revenue={data.Miesiac.Przychod} />
      </div>
      <section className="card" aria-labelledby="do-obsluzenia">
        <h2 id="do-obsluzenia" className="text-lg font-semibold">
          {t.waiting(data.DoObsluzenia.Liczba)}
        </h2>
        {data.DoObsluzenia.Zamowienia.length === 0 ? (
          <p className="mt-2 text-muted">{t.nothingWaiting}</p>
        ) : (
          <ul className="mt-3 divide-y divide-gray-200">
            {data.DoObsluzenia.Zamowienia.map((o) => (
              <li key={o.Id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2">
                <Link to={`/zamowienia/${o.Id}`} className="font-semibold text-primary underline">
                  {t.orderNo(o.Numer)}
                </Link>
                <span>{o.Klient}</span>
                <span className="text-muted">{formatDateTime(o.Data)}</span>
                <span>{o.StatusNazwa}</span>
                <span className="font-semibold">{formatPrice(o.Kwota)}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="card" aria-labelledby="niski-stan">
        <h2 id="niski-stan" className="text-lg font-semibold">
          {t.lowStock(data.ProgNiskiegoStanu)}
        </h2>
        {data.NiskiStan.length === 0 ? (
          <p className="mt-2 text-muted">{t.noLowStock}</p>
        ) : (
          <ul className="mt-3 divide-y divide-gray-200">
            {data.NiskiStan.map((p) => (
              <li
                key={`${p.IdWyrob}-${p.Parametr ?? ''}`}
                className="flex items-baseline justify-between gap-x-4 py-2"
              >
                <span className="min-w-0 break-words">
                  {/* Straight to the product's form, where its stock is changed. */}
                  <Link to={`/produkty/${p.IdWyrob}`} className="text-primary underline">
                    {p.Nazwa}
                  </Link>
                  {p.Parametr && <span className="text-muted"> ({p.Parametr})</span>}
                </span>
                <span className="shrink-0 font-semibold">{t.pieces(p.Stan)}</span>
              </li>
            ))}
          </ul>
        )}
        {data.NiskiStan.length > 0 && (
          // The list above stops at 20 rows; the product list filtered the same way has them all.
          <p className="mt-3">
            <Link to="/produkty?stan=low" className="font-semibold text-primary underline">
              {t.allLowStock}
            </Link>
          </p>
        )}
      </section>
    </div>
  );
};
