import { ApiClientError, ContactField, contactFieldKey, contactMessageSchema, msg } from '@club/contract';
import { useMemo, useState } from 'react';
import { api } from '../lib/browser-api.ts';
import { ui } from '../texts.ts';
import { FormAlert } from './form/FormAlert.tsx';
import { SubmitButton } from './form/SubmitButton.tsx';
import { serverMessage } from './form/server-error.ts';
import { TextAreaField } from './form/TextAreaField.tsx';
import { TextField } from './form/TextField.tsx';
import { useZodForm } from './form/useZodForm.ts';

type Values = { message?: string; firstName?: string; lastName?: string; email?: string; phone?: string };

/** The settings' field codes in the order a person fills them in, with their labels and input hints. */
const FIELDS = [
  { code: ContactField.firstName, label: ui.contact.firstName, autoComplete: 'given-name', type: 'text' },
  { code: ContactField.lastName, label: ui.contact.lastName, autoComplete: 'family-name', type: 'text' },
  { code: ContactField.email, label: ui.contact.email, autoComplete: 'email', type: 'email' },
  { code: ContactField.phone, label: ui.contact.phone, autoComplete: 'tel', type: 'tel' },
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
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useZodForm(schema, empty);
  const [sent, setSent] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const anyRequired = fields.some((f) => wymagane.includes(f.code));

  const submit = handleSubmit(async (values) => {
    setSent(null);
    setFailure(null);
    try {
      const res = await api.call('sendMessage', { body: values as Values });
      reset(empty);
      setSent(res.Message || msg.messageSent);
    } catch (e) {
      if (e instanceof ApiClientError && e.body.Fields) {
        for (const [name, text] of Object.entries(e.body.Fields)) {
          if (name in empty) setError(name, { message: text });
        }
      }
      setFailure(serverMessage(e));
    }
  });

  const fieldErrors = errors as Partial<Record<keyof Values, { message?: string }>>;
  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      {anyRequired && <p className="text-sm text-muted">{ui.contact.requiredNote}</p>}
      <div className="grid gap-4 sm:grid-cols-2">
        {fields.map((f) => {
          const name = contactFieldKey[f.code]!;
          return (
            <TextField
              key={f.code}
              label={f.label}
              name={name}
              register={register}
              type={f.type}
              autoComplete={f.autoComplete}
              inputMode={f.type === 'email' ? 'email' : f.type === 'tel' ? 'tel' : undefined}
              required={wymagane.includes(f.code)}
              error={fieldErrors[name]}
            />
          );
        })}
      </div>
      <TextAreaField
        label={ui.contact.message}
        name="message"
        register={register}
        rows={6}
        error={fieldErrors.message}
      />
      <FormAlert kind="error">{failure}</FormAlert>
      <FormAlert kind="success">{sent}</FormAlert>
      <div>
        <SubmitButton pending={isSubmitting}>
          {isSubmitting ? ui.contact.sending : ui.contact.send}
        </SubmitButton>
      </div>
    </form>
  );
}
