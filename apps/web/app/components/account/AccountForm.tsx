import { type Address, msg, type ProfileInfo, SaveProfileSchema } from '@club/contract';
import { type ReactNode, useId } from 'react';
import type { z } from 'zod';
import { api } from '../../lib/browser-api.ts';
import { accountUi } from '../../texts/account.ts';
import { ResultAlert } from '../form/FormAlert.tsx';
import { SubmitButton } from '../form/SubmitButton.tsx';
import { StaticField } from '../form/TextField.tsx';
import { type TextFieldSpec, TextFields } from '../form/TextFields.tsx';
import { useResultForm } from '../form/useResultForm.ts';
import { Link } from '../Link.tsx';
import { firstNameField, lastNameField } from './fields.ts';

const t = accountUi;

const ChangeLink = ({ to, label }: { to: string; label: string }) => (
  <Link
    to={to}
    aria-label={label}
    className="text-sm font-semibold text-primary underline underline-offset-2 hover:text-primary-dark"
  >
    {t.change}
  </Link>
);

function Panel({ title, hint, children }: { title: string; hint?: string; children: ReactNode }) {
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      className="min-w-0 rounded-xl border border-gray-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id={id} className="text-lg font-bold text-ink">
        {title}
      </h2>
      {hint && <p className="mt-1 text-sm text-muted">{hint}</p>}
      <div className="mt-4 space-y-4">{children}</div>
    </section>
  );
}

/**
 * Spec 'My account': 'Dane konta' (names; e-mail and password shown disabled with links to
 * their own pages) and 'Adres dostawy' (not validated), saved together with 'Zapisz'.
 * Result: 'Poprawnie zmieniono dane' or 'Wystąpił błąd' (spec 8).
 */
export function AccountForm({ profile, address }: { profile: ProfileInfo; address: Address }) {
  const { register, formState, result, submit } = useResultForm(
    SaveProfileSchema,
    { DaneKonta: { Imie: profile.Imie, Nazwisko: profile.Nazwisko }, Adres: { ...address } },
    (values) =>
      api.call('saveProfile', {
        body: {
          // The e-mail and password change through their own confirmed flows; the password
          // travels as the placeholder the form shows (spec 3 'Haslo placeholder').
          DaneKonta: { ...values.DaneKonta, Email: profile.Email, Haslo: t.passwordPlaceholder },
          Adres: values.Adres,
        },
      }),
    { success: msg.profileSaved, failure: () => msg.genericError },
  );
  const fields = (list: TextFieldSpec<z.input<typeof SaveProfileSchema>>[]) => (
    <TextFields register={register} errors={formState.errors} fields={list} />
  );

  return (
    <form method="post" noValidate onSubmit={submit} className="space-y-6">
      <div className="grid gap-6 lg:grid-cols-2">
        <Panel title={t.accountData}>
          <div className="grid gap-4 sm:grid-cols-2">
            {fields([firstNameField('DaneKonta.Imie'), lastNameField('DaneKonta.Nazwisko')])}
          </div>
          <StaticField
            label={t.email}
            type="email"
            value={profile.Email}
            aside={<ChangeLink to="/nowy-adres-email" label={t.changeEmailLink} />}
          />
          <StaticField
            label={t.password}
            type="password"
            placeholder={t.passwordPlaceholder}
            aside={<ChangeLink to="/zmien-haslo" label={t.changePasswordLink} />}
          />
        </Panel>
        <Panel title={t.deliveryAddress} hint={t.deliveryAddressHint}>
          {fields([
            { label: t.addressName, name: 'Adres.Nazwa', autoComplete: 'name' },
            { label: t.street, name: 'Adres.UlicaINumer', autoComplete: 'address-line1' },
          ])}
          <div className="grid gap-4 sm:grid-cols-[10rem_1fr]">
            {fields([
              { label: t.postcode, name: 'Adres.KodPocztowy', autoComplete: 'postal-code' },
              { label: t.city, name: 'Adres.Miasto', autoComplete: 'address-level2' },
            ])}
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            {fields([
              { label: t.phone, name: 'Adres.Telefon', type: 'tel', autoComplete: 'tel' },
              { label: t.email, name: 'Adres.Email', type: 'email', autoComplete: 'email' },
            ])}
          </div>
        </Panel>
      </div>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
        <SubmitButton pending={formState.isSubmitting} className="sm:min-w-40">
          {t.save}
        </SubmitButton>
        <ResultAlert result={result} className="sm:flex-1" />
      </div>
    </form>
  );
}
