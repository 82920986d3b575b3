import { ContactField, contactFieldKey, contactMessageSchema, msg } from '@club/contract';
import { useMemo } from 'react';
import { api } from '../lib/browser-api.ts';
import { contactUi } from '../texts/contact.ts';
import { SendForm } from './form/SendForm.tsx';
import { TextAreaField } from './form/TextAreaField.tsx';
import { inputModeOf, TextFields } from './form/TextFields.tsx';
import { useSendForm } from './form/useSendForm.ts';

type Values = { message?: string; firstName?: string; lastName?: string; email?: string; phone?: string };

/** The settings' field codes in the order a person fills them in, with their labels and input hints. */
const FIELDS = [
  { code: ContactField.firstName, label: contactUi.firstName, autoComplete: 'given-name', type: 'text' },
  { code: ContactField.lastName, label: contactUi.lastName, autoComplete: 'family-name', type: 'text' },
  { code: ContactField.email, label: contactUi.email, autoComplete: 'email', type: 'email' },
  { code: ContactField.phone, label: contactUi.phone, autoComplete: 'tel', type: 'tel' },
] as const;

type Props = {
  /** Settings Pola: the enabled fields (10, 20, 40, 50). */
  pola: number[];
  /** Settings PolaWymagane: the required ones ('To pole jest wymagane'). */
  wymagane: number[];
};

/**
 * Spec 'Contact form': only the fields the settings enable, required as PolaWymagane says,
 * plus the (optional) message. Success: 'Wiadomość została wysłana poprawnie' and a reset;
 * failure: the server's message in an alert.
 */
export function ContactForm({ pola, wymagane }: Props) {
  const schema = useMemo(() => contactMessageSchema(pola, wymagane), [pola, wymagane]);
  const fields = FIELDS.filter((f) => pola.includes(f.code));
  const empty = useMemo(() => {
    const v: Values = { message: '' };
    for (const f of FIELDS) if (pola.includes(f.code)) v[contactFieldKey[f.code]!] = '';
    return v;
  }, [pola]);
  const { register, formState, sent, failure, submit } = useSendForm(
    schema,
    empty,
    (values) => api.call('sendMessage', { body: values as Values }),
    msg.messageSent,
  );
  const errors = formState.errors as Partial<Record<keyof Values, { message?: string }>>;

  return (
    <SendForm
      onSubmit={submit}
      pending={formState.isSubmitting}
      labels={contactUi}
      failure={failure}
      sent={sent}
    >
      {fields.some((f) => wymagane.includes(f.code)) && (
        <p className="text-sm text-muted">{contactUi.requiredNote}</p>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextFields
          register={register}
          errors={errors}
          fields={fields.map((f) => ({
            name: contactFieldKey[f.code]!,
            label: f.label,
            type: f.type,
            inputMode: inputModeOf(f.type),
            autoComplete: f.autoComplete,
            required: wymagane.includes(f.code),
          }))}
        />
      </div>
      <TextAreaField
        label={contactUi.message}
        name="message"
        register={register}
        rows={6}
        error={errors.message}
      />
    </SendForm>
  );
}
