import {
  maskedGiftCardCode,
  type PanelAuditEntry,
  productStatusLabel,
  promotionKindLabel,
  statusLabel,
} from '@club/contract';
import { ui } from '../texts.ts';
import { formatPrice } from './format.ts';

const t = ui.audit;

/** The API writes code names (create, photo...); the manager reads Polish, and never a bare code. */
export const auditAction = (action: string) => t.actions[action] ?? t.unknownAction;

const entityName = (entity: string) => t.entities[entity] ?? t.unknownEntity;

type Snapshot = Record<string, unknown>;
const snapshot = (v: unknown): Snapshot | null =>
  v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Snapshot) : null;

/** What was changed: "produkt nr 12", "zamówienie nr 2026/0005", "zdjęcia produktu nr 12"... */
export const auditObject = (e: PanelAuditEntry): string => {
  const data = { ...snapshot(e.Przed), ...snapshot(e.Po) };
  if (e.Obiekt === 'photo' && data.IdWyrob != null) {
    return e.Akcja === 'reorder'
      ? t.photosOf(String(data.IdWyrob))
      : t.photoOf(e.IdObiektu ?? '', String(data.IdWyrob));
  }
  if (e.Obiekt === 'category' && e.Akcja === 'reorder') {
    return e.IdObiektu ? t.subcategoriesOf(e.IdObiektu) : t.topLevelCategories;
  }
  // panel: shipping and payments
  if (e.Obiekt === 'shipping' && e.Akcja === 'reorder') return t.shippingOrder;
  if (e.Obiekt === 'payments') return e.IdObiektu === 'cod' ? t.cashOnDelivery : t.payuConfig;
  // panel: site settings and seller data: one per club, named, not numbered.
  if (e.Obiekt === 'settings' || e.Obiekt === 'seller') return entityName(e.Obiekt);
  if (e.Obiekt === 'logo') return t.logoKinds[e.IdObiektu ?? ''] ?? entityName('logo');
  if (e.Obiekt === 'domain' && typeof data.Host === 'string') return t.domainNamed(data.Host);
  // Gift cards are named by their code's end, as the panel shows them (the code is never known).
  if (e.Obiekt === 'giftCard' && typeof data.Koncowka === 'string')
    return `${entityName('giftCard')} ${maskedGiftCardCode(data.Koncowka)}`;
  if (e.Obiekt === 'order' && typeof data.Numer === 'string')
    return t.numbered(entityName('order'), data.Numer);
  return e.IdObiektu ? t.numbered(entityName(e.Obiekt), e.IdObiektu) : entityName(e.Obiekt);
};

/** Kept out of the list of changes: ids, times and what another field already says. */
const HIDDEN = new Set(['Id', 'Zmieniono', 'Utworzono', 'Zdjecie', 'KategoriaId']);

const LONG = 160;
const shorten = (s: string) => (s.length > LONG ? `${s.slice(0, LONG - 1)}…` : s);
const plain = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** One value as the panel shows it elsewhere: labels for codes, zł for prices, tak / nie. */
const formatValue = (entity: string, field: string, v: unknown): string => {
  if (field === 'KategoriaNazwa' && v == null) return ui.product.noCategory;
  if (field === 'IdParent' && v == null) return t.topLevel;
  if (v === null || v === undefined || v === '') return t.none;
  if (typeof v === 'boolean') return v ? t.yes : t.no;
  // panel: sub-pages: parameters are keys and values, the text is HTML, the parent a slug.
  if (entity === 'page' && field === 'Parametry')
    return Array.isArray(v) && v.length
      ? v.map((p) => t.pageParameter(String(p?.Klucz ?? ''), String(p?.Wartosc ?? ''))).join(', ')
      : t.none;
  if (entity === 'page' && field === 'Tresc') return shorten(plain(String(v))) || t.none;
  if (entity === 'page' && field === 'Rodzic') return t.pagePath(String(v));
  // panel: site settings and seller data
  if (entity === 'settings' && (field === 'Pola' || field === 'PolaWymagane'))
    return Array.isArray(v) && v.length
      ? v.map((f) => ui.settings.contactFields[String(f)] ?? String(f)).join(', ')
      : t.none;
  if (entity === 'settings' && field === 'SekcjeStronyGlownej' && snapshot(v))
    return Object.entries(snapshot(v)!)
      .map(([k, on]) => t.onOff(ui.settings.sections[k] ?? k, Boolean(on)))
      .join(', ');
  if (
    entity === 'settings' &&
    (field === 'DarmowaDostawaOd' || field === 'PotwierdzeniePobraniaOd') &&
    typeof v === 'number'
  )
    return formatPrice(v);
  if (entity === 'settings' && field === 'Kolory' && snapshot(v))
    return Object.entries(snapshot(v)!)
      .map(
        ([k, c]) =>
          `${ui.settings.colourFields[k as keyof typeof ui.settings.colourFields]?.[0] ?? k} ${String(c)}`,
      )
      .join(', ');
  // panel: promotions: the kind by its label, the scope by its ids, the percent with its sign.
  if (entity === 'promotion' && field === 'Rodzaj')
    return promotionKindLabel[v as keyof typeof promotionKindLabel] ?? String(v);
  if (entity === 'promotion' && field === 'Procent' && typeof v === 'number') return `${v} %`;
  if (entity === 'promotion' && field === 'Zakres' && snapshot(v))
    return snapshot(v)!.Typ === 'cart' ? t.wholeCart : t.idsOf(String(snapshot(v)!.Typ), snapshot(v)!.Id);
  if (entity === 'promotion' && field === 'GrupyKlientow') return t.groupsOf(v);
  // Customer groups: their accounts by e-mail and their domains, as lists.
  if (entity === 'customerGroup' && (field === 'Konta' || field === 'Domeny'))
    return Array.isArray(v) && v.length ? shorten(v.join(', ')) : t.none;
  if (entity === 'seller' && field === 'Reklamacje' && snapshot(v))
    return Object.values(snapshot(v)!).filter(Boolean).join(', ') || t.none;
  switch (field) {
    case 'Status':
      return entity === 'order'
        ? statusLabel(Number(v))
        : (productStatusLabel[v as keyof typeof productStatusLabel] ?? String(v));
    case 'Rola':
      return ui.roles[String(v)] ?? String(v);
    case 'CenaBrutto':
    case 'Cena':
    case 'Kwota':
    case 'Saldo':
    case 'Minimum':
      return typeof v === 'number' ? formatPrice(v) : String(v);
    // The API writes '***' for a set PayU secret (never the secret itself).
    case 'ClientSecret':
    case 'DrugiKlucz':
      return t.secretSet;
    case 'NoweKlucze':
      return Array.isArray(v) ? v.map((f) => t.fields[String(f)] ?? String(f)).join(', ') : String(v);
    case 'Pozycja':
      return typeof v === 'number' ? String(v + 1) : String(v);
    case 'IdParent':
      return t.categoryNo(String(v));
    case 'IdWyrob':
      return t.productNo(String(v));
    case 'Glowne':
      return t.photoNo(String(v));
    case 'Kolejnosc':
      return Array.isArray(v) && v.length ? v.map((x) => t.idNo(String(x))).join(', ') : t.none;
    case 'Parametry':
      return Array.isArray(v) && v.length
        ? v.map((p) => t.parameter(String(p?.Nazwa ?? ''), Number(p?.Stan ?? 0))).join(', ')
        : t.none;
    case 'OpisDodatkowy':
      return shorten(plain(String(v))) || t.none;
  }
  if (typeof v === 'string' || typeof v === 'number') return shorten(String(v));
  return shorten(JSON.stringify(v));
};

export type AuditChange = { field: string; label: string; before?: string; after?: string };

/**
 * The entry's before and after as labelled values: for a change only the fields that differ, for
 * an addition what was added, for a removal what was removed.
 */
export const auditChanges = (e: PanelAuditEntry): AuditChange[] => {
  const before = snapshot(e.Przed);
  const after = snapshot(e.Po);
  // In the order the panel's forms show them (the database keeps no order of the keys); unknown last.
  const known = Object.keys(t.fields);
  const rank = (f: string) => (known.includes(f) ? known.indexOf(f) : known.length);
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])]
    .filter((f) => !HIDDEN.has(f))
    .sort((a, b) => rank(a) - rank(b));
  const label = (f: string) => (e.Obiekt === 'page' ? t.pageFields[f] : undefined) ?? t.fields[f] ?? f;
  const changes: AuditChange[] = [];
  for (const f of fields) {
    const b = before ? formatValue(e.Obiekt, f, before[f]) : undefined;
    const a = after ? formatValue(e.Obiekt, f, after[f]) : undefined;
    // A change lists only what differs (an order's number, a photo's product stay out).
    if (b !== undefined && b === a) continue;
    // What was added or removed: its filled-in fields only.
    if ((b ?? a) === t.none && (b === undefined || a === undefined)) continue;
    changes.push({ field: f, label: label(f), before: b, after: a });
  }
  return changes;
};
