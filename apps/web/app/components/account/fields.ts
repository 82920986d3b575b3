import { accountUi } from '../../texts/account.ts';

const t = accountUi;

// The account forms' inputs, each written once; a form lists them for <TextFields> under its
// own field names (the spec names the same input differently per endpoint).

export const emailField = <N extends string>(name: N, label: string = t.email) => ({
  name,
  label,
  type: 'email',
  autoComplete: 'email',
  required: true,
});

export const currentPasswordField = <N extends string>(name: N) => ({
  name,
  label: t.currentPassword,
  type: 'password',
  autoComplete: 'current-password',
  required: true,
});

export const firstNameField = <N extends string>(name: N) => ({
  name,
  label: t.firstName,
  autoComplete: 'given-name',
  required: true,
});

export const lastNameField = <N extends string>(name: N) => ({
  name,
  label: t.lastName,
  autoComplete: 'family-name',
  required: true,
});

/** The new password with the rules hint, and its repeat: registration, reset and change password. */
export const newPasswordFields = <N extends string, R extends string>(
  [password, repeat]: [N, R],
  [label, repeatLabel]: [string, string] = [t.password, t.repeatPassword],
) =>
  [
    {
      name: password,
      label,
      type: 'password',
      autoComplete: 'new-password',
      hint: t.passwordHint,
      required: true,
    },
    { name: repeat, label: repeatLabel, type: 'password', autoComplete: 'new-password', required: true },
  ] as const;
