import { ApiClientError, type StockAlert } from '@club/contract';
import { data, Form } from 'react-router';
import { FormAlert } from '../components/form/FormAlert.tsx';
import { OutcomeFrame } from '../components/OutcomeCard.tsx';
import { requestApi } from '../lib/api.server.ts';
import { privatePageMeta } from '../lib/private-meta.ts';
import { unsubscribeTexts as t } from '../texts/stock-alert.ts';
import type { Route } from './+types/stock-alert';

export const meta: Route.MetaFunction = ({ matches }) => privatePageMeta(matches, t.pageTitle);

const orNotFound = async <T,>(call: () => Promise<T>): Promise<T> => {
  try {
    return await call();
  } catch (err) {
    if (err instanceof ApiClientError && (err.status === 404 || err.status === 400)) {
      throw data(err.body.Message, { status: 404 });
    }
    throw err;
  }
};

/**
 * `/powiadomienie/:token`: the link of a "Powiadom mnie" confirmation and e-mail. Opening it only
 * shows the alert (mail scanners open links); its button, or a mail program's one-click
 * List-Unsubscribe POST, withdraws it.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { call } = requestApi({ request, context });
  return orNotFound(() => call('getStockAlert', { params: { token: params.token } }));
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { call } = requestApi({ request, context });
  return orNotFound(() => call('unsubscribeStockAlert', { params: { token: params.token } }));
}

const describe = (alert: StockAlert) => {
  const what = alert.Parametr ? `${alert.Produkt} (${alert.Parametr})` : alert.Produkt;
  if (alert.Stan === 'wyslane') return t.sent(what);
  if (alert.Stan === 'wypisane') return t.withdrawn(what);
  return t.waiting(what);
};

export default function StockAlertPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <OutcomeFrame backLabel={t.backToShop}>
      <h1 className="text-2xl font-bold text-ink">{t.pageTitle}</h1>
      {actionData ? (
        <FormAlert kind="success" className="mt-4">
          {actionData.Message}
        </FormAlert>
      ) : (
        <>
          <p className="mt-3 text-muted">{describe(loaderData)}</p>
          {loaderData.Stan === 'czeka' && (
            <Form method="post" className="mt-6">
              <button type="submit" className="btn-primary px-6 py-2">
                {t.confirm}
              </button>
            </Form>
          )}
        </>
      )}
    </OutcomeFrame>
  );
}
