import { ApiClientError, isSoldOut, msg, type Product } from '@club/contract';
import { h } from 'preact';
import { renderToString } from 'preact-render-to-string';
import type { WebApi } from '../lib/api.server.ts';
import { stockOf } from '../lib/product-form.ts';
import { stockAlertTexts } from '../texts/stock-alert.ts';
import { NotifyForm, type NotifyOffer, type NotifyResult } from './NotifyForm.tsx';

/** What "Powiadom mnie" offers on a product page: its sold-out variants, or the product itself; null when nothing is sold out. */
const offerOf = (product: Product): NotifyOffer | null => {
  const productId = product.Id;
  if (product.Parametry.length) {
    const variants = product.Parametry.filter(isSoldOut).map((p) => ({ Id: p.Id, Nazwa: p.Nazwa }));
    return variants.length ? { productId, variants, texts: stockAlertTexts } : null;
  }
  return isSoldOut({ Stan: stockOf(product) }) ? { productId, variants: [], texts: stockAlertTexts } : null;
};

/** The form's HTML (null: nothing sold out); the page writes it as it is, so no script renders it. */
export const notifyFormHtml = (product: Product, result?: NotifyResult): string | null => {
  const offer = offerOf(product);
  return offer && renderToString(h(NotifyForm as never, { offer, result }));
};

const FIELDS = ['Email', 'Zgoda', 'IdParametru'] as const;

/** The form's sign-up, answered in Polish (the API's own messages). */
const subscribe = async (api: WebApi, productId: number, form: FormData): Promise<NotifyResult> => {
  const variant = form.get('IdParametru');
  try {
    const r = await api.call('subscribeStockAlert', {
      body: {
        IdProduktu: productId,
        ...(typeof variant === 'string' && variant && { IdParametru: Number(variant) }),
        Email: String(form.get('Email') ?? ''),
        // An unticked box sends nothing: the API refuses it with its own message.
        Zgoda: (form.get('Zgoda') === '1') as true,
      },
    });
    return { ok: true, message: r.Message, token: r.Token };
  } catch (err) {
    if (!(err instanceof ApiClientError)) throw err;
    const fields = err.body.Fields ?? {};
    const field = FIELDS.find((f) => fields[f]);
    return { ok: false, message: (field && fields[field]) || err.body.Message || msg.genericError, field };
  }
};

/** The product page's action: the sign-up, and the form's HTML with its answer. */
export const subscribeFromForm = async (api: WebApi, product: Product, form: FormData) => ({
  notifyHtml: notifyFormHtml(product, await subscribe(api, product.Id, form)),
});
