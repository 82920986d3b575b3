import { msg, type PanelSettingsUpdate, PanelSettingsUpdateSchema } from '@club/contract';
import { type FormEvent, useId, useState } from 'react';
import { useLoaderData } from 'react-router';
import { api } from '../api.ts';
import { ErrorBox, NoticeBox, PageTitle } from '../components/PageTitle.tsx';
import { useAction } from '../components/useAction.ts';
import { useUnsavedGuard } from '../components/useUnsavedGuard.tsx';
import { guarded, useSession } from '../session.ts';
import { ui } from '../texts.ts';
import { ColoursSection, liveColourFields } from './settings/Colours.tsx';
import { DomainsSection } from './settings/Domains.tsx';
import { type Draft, draftOf, parseCount, parseZl } from './settings/draft.ts';
import { LogosSection } from './settings/Logos.tsx';
import {
  ContactSection,
  GeneralSection,
  HomeShoppingSection,
  LimitsSection,
  ProductSafetySection,
  settingsFields,
} from './settings/SettingsForm.tsx';

const t = ui.settings;

export const settingsLoader = () =>
  guarded(async () => {
    const [settings, domains] = await Promise.all([api.call('panelSettings'), api.call('panelDomains')]);
    return { settings, domains: domains.Items, claims: domains.Oczekujace };
  });

/** The first field refused takes the focus, so the keyboard lands where the message is. */
const focusFirstInvalid = () =>
  requestAnimationFrame(() => document.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());

/** The settings' body as the API takes it, or the money field that cannot be read. */
const bodyOf = (draft: Draft, settings: { [K in keyof PanelSettingsUpdate]?: unknown }) => {
  const threshold = parseZl(draft.DarmowaDostawaOd);
  const codConfirmation = parseZl(draft.PotwierdzeniePobraniaOd);
  if (threshold === undefined)
    return { wrong: ['DarmowaDostawaOd', msg.settingsFreeShippingInvalid] as const };
  if (codConfirmation === undefined)
    return { wrong: ['PotwierdzeniePobraniaOd', msg.settingsCodConfirmationInvalid] as const };
  const {
    LimitSztukNaPozycje,
    LimitSztukWZamowieniu,
    PotwierdzeniePobraniaOd: _typed,
    ZamowieniaNaEmailNaGodzine,
    ZamowieniaNaIpNaGodzine,
    MnoznikPowiadomien,
    DniNaOdstapienie,
    WaznoscKartPodarunkowych,
    ...rest
  } = draft;
  const limits = {
    LimitSztukNaPozycje: parseCount(LimitSztukNaPozycje),
    LimitSztukWZamowieniu: parseCount(LimitSztukWZamowieniu),
    PotwierdzeniePobraniaOd: codConfirmation,
    ZamowieniaNaEmailNaGodzine: parseCount(ZamowieniaNaEmailNaGodzine),
    ZamowieniaNaIpNaGodzine: parseCount(ZamowieniaNaIpNaGodzine),
    MnoznikPowiadomien: parseCount(MnoznikPowiadomien),
    DniNaOdstapienie: DniNaOdstapienie.trim() === '' ? null : parseCount(DniNaOdstapienie),
    WaznoscKartPodarunkowych: parseCount(WaznoscKartPodarunkowych),
  };
  const body: PanelSettingsUpdate = {
    ...rest,
    SekcjeStronyGlownej: {
      baner: draft.SekcjeStronyGlownej.baner,
      produkty: draft.SekcjeStronyGlownej.produkty,
    },
    DarmowaDostawaOd: threshold,
    // Only the limits changed here are sent: a form opened earlier does not put back old limits.
    ...Object.fromEntries(
      Object.entries(limits).filter(([k, v]) => !Object.is(v, settings[k as keyof typeof limits])),
    ),
  };
  return { body };
};

/**
 * Site settings: name, home page title and description, map, the shop's colours, contact form, home sections, guest
 * checkout, free shipping, order limits; the logos; the club's domains (owner only).
 */
export const Settings = () => {
  const loaded = useLoaderData<typeof settingsLoader>();
  const session = useSession();
  const id = useId();
  const action = useAction({ fieldsHint: t.fixErrors });
  const guard = useUnsavedGuard();
  const [settings, setSettings] = useState(loaded.settings);
  const [draft, setDraft] = useState<Draft>(() => draftOf(loaded.settings));
  const f = settingsFields(id, draft, setDraft, liveColourFields(action.fields, draft.Kolory));

  const save = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const { body, wrong } = bodyOf(draft, settings);
    if (wrong) {
      const [field, message] = wrong;
      action.fail(message, { [field]: message });
      requestAnimationFrame(() => document.getElementById(`${id}-${field}`)?.focus());
      return;
    }
    if (!action.validate(PanelSettingsUpdateSchema, body)) return focusFirstInvalid();
    const ok = await action.run(
      () => api.call('panelSettingsUpdate', { body }),
      t.saved,
      (saved) => {
        guard.saved();
        setSettings(saved);
        setDraft(draftOf(saved));
      },
    );
    if (!ok) focusFirstInvalid();
  };

  return (
    <div className="space-y-5">
      <PageTitle title={t.title}>{t.title}</PageTitle>
      <p className="text-muted">{t.intro}</p>
      <NoticeBox>{action.notice}</NoticeBox>
      <ErrorBox>{action.error}</ErrorBox>

      <form {...guard.watch} noValidate onSubmit={save} className="space-y-5">
        <GeneralSection f={f} />
        <ColoursSection f={f} />
        <ContactSection f={f} />
        <HomeShoppingSection f={f} />
        <LimitsSection f={f} />
        <ProductSafetySection f={f} />
        <div>
          <button type="submit" className="btn-primary" disabled={action.busy}>
            {action.busy ? t.saving : t.save}
          </button>
        </div>
      </form>

      <LogosSection id={id} settings={settings} setSettings={setSettings} action={action} />
      <DomainsSection id={id} isOwner={session.Rola === 'owner'} first={loaded} action={action} field={f} />
    </div>
  );
};
