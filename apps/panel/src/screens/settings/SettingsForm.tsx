import { type ClubSafetyDefaults, HOME_SECTIONS, PRODUCT_FIELDS } from '@club/contract';
import type { InputHTMLAttributes, ReactNode } from 'react';
import { LabeledInput } from '../../components/LabeledInput.tsx';
import type { FieldMessages } from '../../components/useAction.ts';
import { ui } from '../../texts.ts';
import type { Draft, LimitField } from './draft.ts';

const t = ui.settings;
/** The contact form's optional fields, in the storefront's order (the message itself is always there). */
const CONTACT_FIELDS = [10, 20, 40, 50] as const;

export const Section = ({ id, title, children }: { id: string; title: string; children: ReactNode }) => (
  <section className="card space-y-4" aria-labelledby={id}>
    <h2 id={id} tabIndex={-1} className="text-lg font-semibold">
      {title}
    </h2>
    {children}
  </section>
);

const toggle = (list: number[], f: number, on: boolean) =>
  on ? [...new Set([...list, f])].sort((a, b) => a - b) : list.filter((x) => x !== f);

/**
 * The settings form's fields: the draft, its setters, and each field's error (from the API or
 * the contract's schema) or hint tied to it by aria-describedby.
 */
export const settingsFields = (
  id: string,
  draft: Draft,
  setDraft: (update: (d: Draft) => Draft) => void,
  fields: FieldMessages,
) => {
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));

  const hintId = (name: string) => `${id}-${name}-hint`;
  const errorId = (name: string) => `${id}-${name}-error`;
  /** The field's error (from the API) or its hint, tied to it by aria-describedby. */
  const described = (name: string, hint?: string) => ({
    'aria-invalid': fields[name] ? true : undefined,
    'aria-describedby':
      [fields[name] && errorId(name), hint && hintId(name)].filter(Boolean).join(' ') || undefined,
  });
  const below = (name: string, hint?: string) => (
    <>
      {fields[name] && (
        <p id={errorId(name)} className="mt-1 text-sm text-danger">
          {fields[name]}
        </p>
      )}
      {hint && (
        <p id={hintId(name)} className="mt-1 text-sm text-muted">
          {hint}
        </p>
      )}
    </>
  );

  /** A text input bound to one draft field, with its error and hint below. */
  const input = (
    name:
      | 'Nazwa'
      | 'Title'
      | 'EmailSklepu'
      | 'Mapa'
      | 'DarmowaDostawaOd'
      | 'PotwierdzeniePobraniaOd'
      | LimitField,
    label: string,
    hint: string,
    extra: InputHTMLAttributes<HTMLInputElement> = {},
  ) => (
    <LabeledInput
      id={`${id}-${name}`}
      label={label}
      value={draft[name]}
      onChange={(e) => set(name, e.target.value)}
      {...extra}
      {...described(name, hint)}
    >
      {below(name, hint)}
    </LabeledInput>
  );
  const count = (name: LimitField, label: string, hint: string) =>
    input(name, label, hint, { inputMode: 'numeric', maxLength: 6, className: 'field w-32' });
  const text = (name: 'Nazwa' | 'Title' | 'EmailSklepu' | 'Mapa', label: string, hint: string, extra = {}) =>
    input(name, label, hint, extra);
  /** A money amount in złoty. */
  const amount = (name: 'DarmowaDostawaOd' | 'PotwierdzeniePobraniaOd', label: string, hint: string) =>
    input(name, label, hint, { inputMode: 'decimal', maxLength: 12, className: 'field w-48' });

  return { id, draft, setDraft, set, hintId, described, below, count, text, amount };
};
export type SettingsFields = ReturnType<typeof settingsFields>;

/** Name, shop e-mail, home page title and description, map. */
export const GeneralSection = ({ f }: { f: SettingsFields }) => {
  const { id, draft, set, described, below, text } = f;
  return (
    <Section id={`${id}-general`} title={t.general}>
      <div className="grid gap-4 lg:grid-cols-2">
        {text('Nazwa', t.name, t.nameHint, {
          maxLength: 200,
          required: true,
          autoComplete: 'organization',
        })}
        {text('EmailSklepu', t.shopEmail, t.shopEmailHint, {
          type: 'email',
          maxLength: 254,
          autoComplete: 'email',
        })}
      </div>
      {text('Title', t.titleField, t.titleHint, { maxLength: 200 })}
      <div>
        <label htmlFor={`${id}-Description`} className="mb-1 block font-semibold">
          {t.description}
        </label>
        <textarea
          id={`${id}-Description`}
          value={draft.Description}
          maxLength={500}
          rows={3}
          onChange={(e) => set('Description', e.target.value)}
          className="field"
          {...described('Description', t.descriptionHint)}
        />
        {below('Description', t.descriptionHint)}
      </div>
      {text('Mapa', t.map, t.mapHint, {
        type: 'url',
        inputMode: 'url',
        placeholder: 'https://',
        maxLength: 2000,
      })}
    </Section>
  );
};

/** Which contact form fields the storefront shows and which it requires. */
export const ContactSection = ({ f }: { f: SettingsFields }) => {
  const { id, draft, set, below, hintId, setDraft } = f;
  return (
    <Section id={`${id}-contact`} title={t.contactForm}>
      <p id={hintId('Pola')} className="text-muted">
        {t.contactFormHint}
      </p>
      <table className="w-full max-w-lg text-left">
        <thead>
          <tr className="border-b border-gray-200">
            <th scope="col" className="py-2 pr-4">
              {t.contactField}
            </th>
            <th scope="col" className="py-2 pr-4">
              {t.shown}
            </th>
            <th scope="col" className="py-2">
              {t.required}
            </th>
          </tr>
        </thead>
        <tbody>
          {CONTACT_FIELDS.map((f) => {
            const name = t.contactFields[f]!;
            const shown = draft.Pola.includes(f);
            return (
              <tr key={f} className="border-b border-gray-100">
                <th scope="row" className="py-1 pr-4 font-normal">
                  {name}
                </th>
                <td className="py-1 pr-4">
                  <label className="flex min-h-11 min-w-11 items-center">
                    <input
                      type="checkbox"
                      checked={shown}
                      aria-label={t.shownLabel(name)}
                      onChange={(e) =>
                        setDraft((d) => ({
                          ...d,
                          Pola: toggle(d.Pola, f, e.target.checked),
                          // A hidden field cannot be required.
                          PolaWymagane: e.target.checked ? d.PolaWymagane : toggle(d.PolaWymagane, f, false),
                        }))
                      }
                      className="h-5 w-5 accent-primary"
                    />
                  </label>
                </td>
                <td className="py-1">
                  <label className="flex min-h-11 min-w-11 items-center">
                    <input
                      type="checkbox"
                      checked={draft.PolaWymagane.includes(f)}
                      disabled={!shown}
                      aria-label={t.requiredLabel(name)}
                      onChange={(e) => set('PolaWymagane', toggle(draft.PolaWymagane, f, e.target.checked))}
                      className="h-5 w-5 accent-primary"
                    />
                  </label>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {below('Pola')}
      {below('PolaWymagane')}
    </Section>
  );
};

/** The home page's sections, guest checkout and free shipping. */
export const HomeShoppingSection = ({ f }: { f: SettingsFields }) => {
  const { id, draft, set, below, hintId, amount } = f;
  return (
    <>
      <Section id={`${id}-home`} title={t.home}>
        <fieldset>
          <legend className="sr-only">{t.home}</legend>
          {HOME_SECTIONS.map((s) => (
            <label key={s} className="flex min-h-11 items-center gap-2">
              <input
                type="checkbox"
                checked={draft.SekcjeStronyGlownej[s] ?? false}
                onChange={(e) =>
                  set('SekcjeStronyGlownej', { ...draft.SekcjeStronyGlownej, [s]: e.target.checked })
                }
                className="h-5 w-5 accent-primary"
              />
              {t.sectionLabel(t.sections[s] ?? s)}
            </label>
          ))}
        </fieldset>
        {below('SekcjeStronyGlownej')}
      </Section>

      <Section id={`${id}-shopping`} title={t.shopping}>
        <div>
          <label className="flex min-h-11 items-center gap-2 font-semibold">
            <input
              type="checkbox"
              checked={draft.ZakupyBezLogowania}
              onChange={(e) => set('ZakupyBezLogowania', e.target.checked)}
              className="h-5 w-5 accent-primary"
              aria-describedby={hintId('ZakupyBezLogowania')}
            />
            {t.guestCheckout}
          </label>
          <p id={hintId('ZakupyBezLogowania')} className="text-sm text-muted">
            {t.guestCheckoutHint}
          </p>
        </div>
        {amount('DarmowaDostawaOd', t.freeShipping, t.freeShippingHint)}
      </Section>
    </>
  );
};

/** Order limits: pieces, cash on delivery confirmation, orders per hour. */
export const LimitsSection = ({ f }: { f: SettingsFields }) => {
  const { id, count, amount } = f;
  return (
    <Section id={`${id}-limits`} title={t.orderLimits}>
      <p className="text-muted">{t.orderLimitsHint}</p>
      <div className="grid gap-4 lg:grid-cols-2">
        {count('LimitSztukNaPozycje', t.linePieces, t.linePiecesHint)}
        {count('LimitSztukWZamowieniu', t.orderPieces, t.orderPiecesHint)}
      </div>
      {amount('PotwierdzeniePobraniaOd', t.codConfirmation, t.codConfirmationHint)}
      <div className="grid gap-4 lg:grid-cols-2">
        {count('ZamowieniaNaEmailNaGodzine', t.ordersPerEmail, t.ordersPerHourHint)}
        {count('ZamowieniaNaIpNaGodzine', t.ordersPerIp, t.ordersPerHourHint)}
        {count('DniNaOdstapienie', t.withdrawalDays, t.withdrawalDaysHint)}
        {count('MnoznikPowiadomien', t.stockAlertFactor, t.stockAlertFactorHint)}
        {count('WaznoscKartPodarunkowych', t.giftCardMonths, t.giftCardMonthsHint)}
      </div>
    </Section>
  );
};

/** The product safety fields a club may set once for all its products (the contract marks them). */
const CLUB_SAFETY_FIELDS = PRODUCT_FIELDS.flatMap((f) =>
  'safety' in f && f.safety.clubDefault ? [{ ...f, key: f.key as keyof ClubSafetyDefaults }] : [],
);

/** Product safety defaults (GPSR): used by every product whose own field is empty. */
export const ProductSafetySection = ({ f }: { f: SettingsFields }) => {
  const { id, draft, setDraft, described, below } = f;
  return (
    <Section id={`${id}-safety`} title={t.productSafety}>
      <p className="text-muted">{t.productSafetyHint}</p>
      <div className="grid gap-4 lg:grid-cols-2">
        {CLUB_SAFETY_FIELDS.map((field) => {
          const name = `BezpieczenstwoProduktu.${field.key}`;
          const props = {
            id: `${id}-${name}`,
            value: draft.BezpieczenstwoProduktu[field.key],
            maxLength: field.maxLength,
            className: 'field',
            onChange: (e: { target: { value: string } }) =>
              setDraft((d) => ({
                ...d,
                BezpieczenstwoProduktu: { ...d.BezpieczenstwoProduktu, [field.key]: e.target.value },
              })),
            ...described(name),
          };
          return (
            <div key={field.key} className={field.panel.rows > 1 ? 'lg:col-span-2' : undefined}>
              <label htmlFor={props.id} className="mb-1 block font-semibold">
                {field.panel.label}
              </label>
              {field.panel.rows > 1 ? <textarea rows={field.panel.rows} {...props} /> : <input {...props} />}
              {below(name)}
            </div>
          );
        })}
      </div>
    </Section>
  );
};
