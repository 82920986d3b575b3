import { type AccreditationRequest, AccreditationSchema, ApiClientError, msg } from '@club/contract';
import { type HTMLInputAutoCompleteAttribute, useState } from 'react';
import { api } from '../lib/browser-api.ts';
import { ui } from '../texts.ts';
import { FormAlert } from './form/FormAlert.tsx';
import { SubmitButton } from './form/SubmitButton.tsx';
import { serverMessage } from './form/server-error.ts';
import { TextAreaField } from './form/TextAreaField.tsx';
import { TextField } from './form/TextField.tsx';
import { useZodForm } from './form/useZodForm.ts';

type Field = keyof AccreditationRequest;
const EMPTY: Required<Record<Field, string>> = {
  Imie: '',
  Nazwisko: '',
  Email: '',
  Telefon: '',
  Redakcja: '',
  Funkcja: '',
  Wydarzenie: '',
  Uwagi: '',
};

/**
 * The press accreditation form (`send-formularz-akredytacyjny`), validated by the contract's
 * schema like the contact form: Polish messages under each field after the first submit, the
 * server's message in an alert on failure, its confirmation and a reset on success.
 */
export function AccreditationForm() {
  const t = ui.accreditation;
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useZodForm(AccreditationSchema, EMPTY);
  const [sent, setSent] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = handleSubmit(async (values) => {
    setSent(null);
    setFailure(null);
    try {
      const res = await api.call('sendAccreditation', { body: values });
      reset(EMPTY);
      setSent(res.Message || msg.accreditationSent);
    } catch (e) {
      if (e instanceof ApiClientError && e.body.Fields) {
        for (const [name, text] of Object.entries(e.body.Fields)) {
          if (name in EMPTY) setError(name as Field, { message: text });
        }
      }
      setFailure(serverMessage(e));
    }
  });

  const fieldErrors = errors as Partial<Record<Field, { message?: string }>>;
  const text = (
    name: Field,
    label: string,
    opts: {
      required?: boolean;
      type?: 'text' | 'email' | 'tel';
      autoComplete?: HTMLInputAutoCompleteAttribute;
      hint?: string;
    } = {},
  ) => (
    <TextField
      label={label}
      name={name}
      register={register}
      type={opts.type ?? 'text'}
      autoComplete={opts.autoComplete}
      inputMode={opts.type === 'email' ? 'email' : opts.type === 'tel' ? 'tel' : undefined}
      required={opts.required}
      hint={opts.hint}
      error={fieldErrors[name]}
    />
  );
  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      <p className="text-sm text-muted">{ui.contact.requiredNote}</p>
      <div className="grid gap-4 sm:grid-cols-2">
        {text('Imie', t.firstName, { required: true, autoComplete: 'given-name' })}
        {text('Nazwisko', t.lastName, { required: true, autoComplete: 'family-name' })}
        {text('Email', t.email, { required: true, type: 'email', autoComplete: 'email' })}
        {text('Telefon', t.phone, { type: 'tel', autoComplete: 'tel' })}
        {text('Redakcja', t.outlet, { required: true, autoComplete: 'organization' })}
        {text('Funkcja', t.role, { hint: t.roleHint, autoComplete: 'organization-title' })}
      </div>
      {text('Wydarzenie', t.event, { hint: t.eventHint })}
      <TextAreaField label={t.notes} name="Uwagi" register={register} rows={5} error={fieldErrors.Uwagi} />
      <FormAlert kind="error">{failure}</FormAlert>
      <FormAlert kind="success">{sent}</FormAlert>
      <div>
        <SubmitButton pending={isSubmitting}>{isSubmitting ? t.sending : t.send}</SubmitButton>
      </div>
    </form>
  );
}
