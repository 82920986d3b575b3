import type { ReactNode, RefObject } from 'react';
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
  <div>
    <label htmlFor={id} className="mb-1 block font-semibold">
      {label}
    </label>
    <input
      ref={inputRef}
      id={id}
      name={name}
      type="password"
      autoComplete="new-password"
      required
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? `${id}-error` : undefined}
      className="field"
    />
    {error && (
      <p id={`${id}-error`} className="mt-1 text-sm text-danger">
        {error}
      </p>
    )}
  </div>
);
