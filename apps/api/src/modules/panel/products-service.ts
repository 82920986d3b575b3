import {
  defaultVatRate,
  encodePanelProductCursor,
  groszeToZl,
  msg,
  type PanelProduct,
  type PanelProductInput,
  type PanelProductList,
  type PanelProductsQuery,
  type ProductStatus,
  type ProductStatusChange,
  variantName,
  zlToGrosze,
} from '@club/contract';
import type { Db, Tx } from '../../db/client.ts';
import { badRequest, notFound } from '../../lib/http-error.ts';
import { sanitizeHtml } from '../../lib/sanitize.ts';
import { photoRef } from '../catalogue/photos.ts';
import { recordPriceChange } from '../catalogue/price-history.ts';
import { columnValuesOf, panelFieldsOf } from '../catalogue/product-fields.ts';
import { type AuditEntry, recordAudit } from './audit.ts';
import { forgetProductTotals, productTotal } from './product-totals.ts';
import * as repo from './products-repository.ts';

/** Who is changing what: the club and the panel user, as the audit log records them. */
export type Actor = Pick<AuditEntry, 'organisationId' | 'userId' | 'userEmail'>;

const statusOf = (p: {
  active: boolean;
  publishedAt: Date | null;
  archivedAt: Date | null;
}): ProductStatus => (p.archivedAt ? 'archived' : p.active ? 'active' : p.publishedAt ? 'hidden' : 'draft');

export const listProducts = async (
  { db, genericPlans }: { db: Db; genericPlans: Db },
  orgId: number,
  query: PanelProductsQuery,
): Promise<PanelProductList> => {
  // Another club's category answers as an unknown one: a 400, not an empty list.
  if (
    query.kategoria !== undefined &&
    (await repo.findCategoryName(db, orgId, query.kategoria)) === undefined
  ) {
    throw badRequest(msg.categoryNotFound, { kategoria: msg.categoryNotFound });
  }
  const [rows, total] = await Promise.all([
    repo.findProductPage(db, genericPlans, orgId, query),
    productTotal(orgId, repo.countKey(query), () => repo.countProducts(db, orgId, query)),
  ]);
  const last = rows.length === query.count ? rows.at(-1) : undefined;
  const low = new Map<number, { Nazwa: string; Stan: number }[]>();
  for (const p of await repo.findLowParameters(
    db,
    orgId,
    rows.map((r) => r.id),
  )) {
    low.set(p.productId, [...(low.get(p.productId) ?? []), { Nazwa: p.name, Stan: p.stock }]);
  }
  return {
    Items: rows.map((r) => ({
      Id: r.id,
      Nazwa: r.name,
      CenaBrutto: groszeToZl(r.priceGross),
      Stan: r.stock,
      Status: statusOf(r),
      KategoriaId: r.categoryId,
      KategoriaNazwa: r.categoryName ?? null,
      Zdjecie: photoRef(r.photoId, r.photoName),
      Utworzono: r.createdAt.toISOString(),
      NiskieParametry: low.get(r.id) ?? [],
    })),
    Total: total,
    Dalej: last ? encodePanelProductCursor({ sort: query.sort, value: last.sortValue, id: last.id }) : null,
  };
};

/** The product as the panel shows it (and as the audit log records it), any status, this club only. */
const readProduct = async (db: Db | Tx, orgId: number, id: number): Promise<PanelProduct> => {
  const p = await repo.findProduct(db, orgId, id);
  if (!p) throw notFound(msg.panelProductNotFound);
  const [parameters, categoryName, photo] = await Promise.all([
    repo.findParameters(db, orgId, id),
    p.categoryId != null ? repo.findCategoryName(db, orgId, p.categoryId) : undefined,
    repo.findFirstPhoto(db, orgId, id),
  ]);
  return {
    Id: p.id,
    Nazwa: p.name,
    ...panelFieldsOf(p),
    OpisDodatkowy: p.extraDescription,
    CenaBrutto: groszeToZl(p.priceGross),
    Stan: p.stock,
    Status: statusOf(p),
    KategoriaId: p.categoryId,
    KategoriaNazwa: categoryName ?? null,
    WymagajWybraniaParametru: p.requiresParameter,
    WydarzenieWTerminie: p.datedEvent,
    Personalizowany: p.personalised,
    KartaPodarunkowa: p.giftCard,
    StawkaVat: p.vatRate,
    Opcje: p.options.map((o) => ({ Nazwa: o.name, Wartosci: o.values })),
    Parametry: parameters.map((x) => ({
      Id: x.id,
      Nazwa: x.name,
      Stan: x.stock,
      Wartosci: x.optionValues,
      Sku: x.sku,
      Ean: x.ean,
      CenaBrutto: x.priceGross === null ? null : groszeToZl(x.priceGross),
    })),
    LimitSztuk: p.lineQuantityLimit,
    LimitNaOsobe: p.customerQuantityLimit,
    EdycjaNumerowana: p.numberedEdition,
    Bezplatny: p.priceGross === 0,
    Zdjecie: photoRef(photo?.photoId, photo?.photoName),
    Utworzono: p.createdAt.toISOString(),
    Zmieniono: p.updatedAt.toISOString(),
  };
};

export const getProduct = (db: Db, orgId: number, id: number) => readProduct(db, orgId, id);

/** Sanitised once here, before it is stored; blank rich text is no rich text. */
const richText = (html: string | null): string | null => {
  if (html === null) return null;
  const clean = sanitizeHtml(html).trim();
  return clean === '' ? null : clean;
};

/** The product's own columns from the form; the stock is the parameters' sum when it has any. */
const valuesOf = async (tx: Tx, orgId: number, input: PanelProductInput): Promise<repo.ProductValues> => {
  if (
    input.KategoriaId !== null &&
    (await repo.findCategoryName(tx, orgId, input.KategoriaId)) === undefined
  ) {
    throw badRequest(msg.categoryNotFound);
  }
  return {
    name: input.Nazwa,
    ...columnValuesOf(input),
    extraDescription: richText(input.OpisDodatkowy),
    priceGross: zlToGrosze(input.CenaBrutto),
    categoryId: input.KategoriaId,
    // A variant (a combination of options) is always chosen: a shirt is bought in a size.
    requiresParameter:
      input.Parametry.length > 0 && (input.WymagajWybraniaParametru || input.Opcje.length > 0),
    options: input.Opcje.map((o) => ({ name: o.Nazwa, values: o.Wartosci })),
    datedEvent: input.WydarzenieWTerminie,
    personalised: input.Personalizowany,
    giftCard: input.KartaPodarunkowa,
    vatRate: input.StawkaVat ?? defaultVatRate(input.WydarzenieWTerminie),
    lineQuantityLimit: input.LimitSztuk,
    customerQuantityLimit: input.LimitNaOsobe,
    numberedEdition: input.EdycjaNumerowana,
    stock: input.Parametry.length ? input.Parametry.reduce((s, p) => s + p.Stan, 0) : input.Stan,
  };
};

/** A parameter's row from the form: with options, its name is made of its values. */
const parameterValues = (
  p: PanelProductInput['Parametry'][number],
  position: number,
): repo.ParameterValues => ({
  name: p.Wartosci.length ? variantName(p.Wartosci) : p.Nazwa,
  stock: p.Stan,
  position,
  optionValues: p.Wartosci,
  sku: p.Sku,
  ean: p.Ean,
  priceGross: p.CenaBrutto === null ? null : zlToGrosze(p.CenaBrutto),
});

/**
 * Omnibus for variants with a price of their own: each change of what the variant costs is recorded
 * in its own history. `before`: the variant's price until now (its own, else the product's); null for
 * a new variant.
 */
const recordVariantPrices = async (
  tx: Tx,
  orgId: number,
  productId: number,
  rows: { id: number; price: number | null; before: number | null }[],
) => {
  for (const r of rows) {
    if (r.price === null) continue;
    await recordPriceChange(tx, {
      organisationId: orgId,
      productId,
      parameterId: r.id,
      previous: r.before,
      price: r.price,
    });
  }
};

/** A product change, then the club's list totals forgotten: after the commit, so a new count sees it. */
const changingProducts = async <T>(orgId: number, change: Promise<T>): Promise<T> => {
  try {
    return await change;
  } finally {
    forgetProductTotals(orgId);
  }
};

export const createProduct = (db: Db, actor: Actor, input: PanelProductInput): Promise<PanelProduct> =>
  changingProducts(
    actor.organisationId,
    db.transaction(async (tx) => {
      const orgId = actor.organisationId;
      if (input.Parametry.some((p) => p.Id !== undefined))
        throw badRequest(msg.panelProductParameterNotFound);
      const values = await valuesOf(tx, orgId, input);
      const id = await repo.insertProduct(tx, orgId, values, await repo.nextPosition(tx, orgId));
      await recordPriceChange(tx, {
        organisationId: orgId,
        productId: id,
        previous: null,
        price: values.priceGross,
      });
      const rows = input.Parametry.map(parameterValues);
      const ids = await repo.insertParameters(tx, orgId, id, rows);
      await recordVariantPrices(
        tx,
        orgId,
        id,
        ids.map((pid, i) => ({ id: pid, price: rows[i]!.priceGross, before: null })),
      );
      const after = await readProduct(tx, orgId, id);
      await recordAudit(tx, { ...actor, action: 'create', entity: 'product', entityId: id, after });
      return after;
    }),
  );

/**
 * Saves the form: parameters with an Id are kept (carts and orders refer to them) and changed,
 * those without are added, the rest removed. The product row is locked first, as order placement
 * and stock returns lock it, so a stock edit never interleaves with an order's decrement.
 */
export const updateProduct = (
  db: Db,
  actor: Actor,
  id: number,
  input: PanelProductInput,
): Promise<PanelProduct> =>
  changingProducts(
    actor.organisationId,
    db.transaction(async (tx) => {
      const orgId = actor.organisationId;
      const locked = await repo.findProduct(tx, orgId, id, true);
      if (!locked) throw notFound(msg.panelProductNotFound);
      // A gift card is sent by e-mail once paid: nothing to print on it, nothing to wait for.
      if (input.KartaPodarunkowa && (locked.printing !== null || (await repo.hasPreorder(tx, orgId, id))))
        throw badRequest(msg.panelProductGiftCardExtras, {
          KartaPodarunkowa: msg.panelProductGiftCardExtras,
        });
      const before = await readProduct(tx, orgId, id);
      const kept = input.Parametry.flatMap((p) => (p.Id !== undefined ? [p.Id] : []));
      const own = await repo.parameterIdsOf(tx, orgId, id, kept);
      if (kept.some((k) => !own.has(k)) || new Set(kept).size !== kept.length) {
        throw badRequest(msg.panelProductParameterNotFound);
      }
      const values = await valuesOf(tx, orgId, input);
      await repo.deleteParametersExcept(tx, orgId, id, kept);
      const added: repo.ParameterValues[] = [];
      const priced: { id: number; price: number | null; before: number | null }[] = [];
      for (const [position, p] of input.Parametry.entries()) {
        const v = parameterValues(p, position);
        if (p.Id === undefined) {
          added.push(v);
          continue;
        }
        await repo.updateParameter(tx, orgId, id, p.Id, v);
        const old = before.Parametry.find((x) => x.Id === p.Id)!;
        const oldPrice = old.CenaBrutto === null ? locked.priceGross : zlToGrosze(old.CenaBrutto);
        priced.push({ id: p.Id, price: v.priceGross, before: oldPrice });
      }
      const ids = await repo.insertParameters(tx, orgId, id, added);
      priced.push(...ids.map((pid, i) => ({ id: pid, price: added[i]!.priceGross, before: null })));
      await recordVariantPrices(tx, orgId, id, priced);
      // A photo tied to a value the options no longer have shows every variant again.
      await repo.untiePhotosExcept(
        tx,
        orgId,
        id,
        values.options.flatMap((o) => o.values),
      );
      await repo.updateProduct(tx, orgId, id, values);
      await recordPriceChange(tx, {
        organisationId: orgId,
        productId: id,
        previous: locked.priceGross,
        price: values.priceGross,
      });
      const after = await readProduct(tx, orgId, id);
      await recordAudit(tx, { ...actor, action: 'update', entity: 'product', entityId: id, before, after });
      return after;
    }),
  );

/**
 * Publish, hide, show or archive. Archived products are also inactive, so every storefront query
 * (which asks for active products) leaves them out; orders keep their lines. Showing an archived
 * product brings it back. 'active' on a draft publishes it (recorded as 'publish'); hiding a draft
 * leaves it a draft, already out of the storefront.
 */
export const setProductStatus = (
  db: Db,
  actor: Actor,
  id: number,
  status: ProductStatusChange,
): Promise<PanelProduct> =>
  changingProducts(
    actor.organisationId,
    db.transaction(async (tx) => {
      const orgId = actor.organisationId;
      const row = await repo.findProduct(tx, orgId, id, true);
      if (!row) throw notFound(msg.panelProductNotFound);
      const before = await readProduct(tx, orgId, id);
      if (before.Status === status || (before.Status === 'draft' && status === 'hidden')) return before;
      const publishing = status === 'active' && row.publishedAt === null;
      await repo.updateProduct(tx, orgId, id, {
        active: status === 'active',
        archivedAt: status === 'archived' ? (row.archivedAt ?? new Date()) : null,
        ...(publishing && { publishedAt: new Date() }),
      });
      const after = await readProduct(tx, orgId, id);
      await recordAudit(tx, {
        ...actor,
        action: status === 'archived' ? 'archive' : publishing ? 'publish' : 'status',
        entity: 'product',
        entityId: id,
        before,
        after,
      });
      return after;
    }),
  );
