import { ApiClientError, isSoldOut, msg, type Product } from '@club/contract';
import type { NotifyOffer, NotifyResult } from '../components/NotifyForm.tsx';
import { stockAlertTexts } from '../stock-alert-texts.ts';
import type { WebApi } from './api.server.ts';
import { stockOf } from './product-form.ts';

/** What "Powiadom mnie" offers on a product page: its sold-out variants, or the product itself; null when nothing is sold out. */
export const notifyOffer = (product: Product): NotifyOffer | null => {
  if (product.Parametry.length) {
    const variants = product.Parametry.filter(isSoldOut).map((p) => ({ Id: p.Id, Nazwa: p.Nazwa }));
    return variants.length ? { variants, texts: stockAlertTexts } : null;
  }
  return isSoldOut({ Stan: stockOf(product) }) ? { variants: [], texts: stockAlertTexts } : null;
};

const FIELDS = ['Email', 'Zgoda', 'IdParametru'] as const;

/** The product page's action: the form's sign-up, answered in Polish (the API's own messages). */
export const subscribeFromForm = async (
  api: WebApi,
  productId: number,
  form: FormData,
): Promise<NotifyResult> => {
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
