import { type AccreditationRequest, AccreditationSchema, msg } from '@club/contract';
import { api } from '../lib/browser-api.ts';
import { accreditationUi } from '../texts/accreditation.ts';
import { contactUi } from '../texts/contact.ts';
import { SendForm } from './form/SendForm.tsx';
import { TextAreaField } from './form/TextAreaField.tsx';
import { inputModeOf, type TextFieldSpec, TextFields } from './form/TextFields.tsx';
import { useSendForm } from './form/useSendForm.ts';

const t = accreditationUi;
const EMPTY: Required<Record<keyof AccreditationRequest, string>> = {
  Imie: '',
  Nazwisko: '',
  Email: '',
  Telefon: '',
  Redakcja: '',
  Funkcja: '',
  Wydarzenie: '',
  Uwagi: '',
};
type Spec = TextFieldSpec<AccreditationRequest>;
const typed = (type: 'email' | 'tel') => ({ type, inputMode: inputModeOf(type) });

/** The two-column part of the form: who asks, and for which outlet. */
const PERSON: Spec[] = [
  { name: 'Imie', label: t.firstName, required: true, autoComplete: 'given-name' },
  { name: 'Nazwisko', label: t.lastName, required: true, autoComplete: 'family-name' },
  { name: 'Email', label: t.email, required: true, ...typed('email'), autoComplete: 'email' },
  { name: 'Telefon', label: t.phone, ...typed('tel'), autoComplete: 'tel' },
  { name: 'Redakcja', label: t.outlet, required: true, autoComplete: 'organization' },
  { name: 'Funkcja', label: t.role, hint: t.roleHint, autoComplete: 'organization-title' },
];
const EVENT: Spec[] = [{ name: 'Wydarzenie', label: t.event, hint: t.eventHint }];

/**
 * The press accreditation form (`send-formularz-akredytacyjny`), validated by the contract's
 * schema like the contact form: Polish messages under each field after the first submit, the
 * server's message in an alert on failure, its confirmation and a reset on success.
 */
export function AccreditationForm() {
  const { register, formState, sent, failure, submit } = useSendForm(
    AccreditationSchema,
    EMPTY,
    (body) => api.call('sendAccreditation', { body }),
    msg.accreditationSent,
  );
  const { errors } = formState;
  return (
    <SendForm onSubmit={submit} pending={formState.isSubmitting} labels={t} failure={failure} sent={sent}>
      <p className="text-sm text-muted">{contactUi.requiredNote}</p>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextFields register={register} errors={errors} fields={PERSON} />
      </div>
      <TextFields register={register} errors={errors} fields={EVENT} />
      <TextAreaField label={t.notes} name="Uwagi" register={register} rows={5} error={errors.Uwagi} />
    </SendForm>
  );
}
