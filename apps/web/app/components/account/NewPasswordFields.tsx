import type { ReactNode } from 'react';
import type { FieldErrors, FieldValues, Path, UseFormRegister } from 'react-hook-form';
import { ui } from '../../texts.ts';
import { TextField } from '../form/TextField.tsx';

type Props<T extends FieldValues> = {
  register: UseFormRegister<T>;
  errors: FieldErrors<T>;
  /** Field names of the new password and its repeat (they differ per form in the spec). */
  names: [Path<T>, Path<T>];
  labels?: [ReactNode, ReactNode];
};

/** The new password with the rules hint, and its repeat: registration, reset and change password. */
export function NewPasswordFields<T extends FieldValues>({
  register,
  errors,
  names: [password, repeat],
  labels = [ui.account.password, ui.account.repeatPassword],
}: Props<T>) {
  return (
    <>
      <TextField
        label={labels[0]}
        name={password}
        register={register}
        error={errors[password] as never}
        type="password"
        autoComplete="new-password"
        hint={ui.account.passwordHint}
        required
      />
      <TextField
        label={labels[1]}
        name={repeat}
        register={register}
        error={errors[repeat] as never}
        type="password"
        autoComplete="new-password"
        required
      />
    </>
  );
}
