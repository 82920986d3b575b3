import type { ReactNode, RefObject } from 'react';
import { ErrorLine, invalidWhen } from '../components/ErrorLine.tsx';
import { LabeledInput } from '../components/LabeledInput.tsx';
import { ui } from '../texts.ts';

/** The signed-out screens' frame: one card in the middle, the panel's name above the title. */
export const AuthCard = ({ children }: { children: ReactNode }) => (
  <main className="flex min-h-screen items-start justify-center px-4 py-10 sm:items-center">
    <div className="card w-full max-w-md">
      <p className="mb-2 text-sm font-semibold tracking-wide text-primary uppercase">{ui.appName}</p>
      {children}
    </div>
  </main>
);

/** A new password's field with its message under it. */
export const PasswordField = ({
  id,
  name,
  label,
  error,
  inputRef,
}: {
  id: string;
  name: string;
  label: string;
  error?: string;
  inputRef: RefObject<HTMLInputElement | null>;
}) => (
  <LabeledInput
    ref={inputRef}
    id={id}
    label={label}
    name={name}
    type="password"
    autoComplete="new-password"
    required
    {...invalidWhen(id, error)}
  >
    <ErrorLine id={`${id}-error`} error={error} />
  </LabeledInput>
);
