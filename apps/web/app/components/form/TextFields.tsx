import { type FieldErrors, type FieldValues, get, type UseFormRegister } from 'react-hook-form';
import { TextField, type TextFieldProps } from './TextField.tsx';

/** One text input of a form, as data: TextField's props without the form's own. */
export type TextFieldSpec<T extends FieldValues> = Omit<TextFieldProps<T>, 'register' | 'error'>;

/** The input mode a phone or e-mail type brings up on a phone's keyboard. */
export const inputModeOf = (type: string | undefined): 'email' | 'tel' | undefined =>
  type === 'email' ? 'email' : type === 'tel' ? 'tel' : undefined;

/**
 * Text inputs from a list, each bound to the form and showing its own error (nested names such
 * as 'Adres.Miasto' included), so a form lists what differs instead of repeating the wiring.
 */
export function TextFields<T extends FieldValues>({
  fields,
  register,
  errors,
}: {
  fields: TextFieldSpec<T>[];
  register: UseFormRegister<T>;
  errors: FieldErrors<T>;
}) {
  return fields.map((f) => <TextField key={f.name} {...f} register={register} error={get(errors, f.name)} />);
}
