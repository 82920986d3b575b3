import type { ReactNode } from 'react';
import { useHydrated } from './useHydrated.ts';

type Props = {
  children: ReactNode;
  /** True while the request runs: the button is disabled and says so to assistive technology. */
  pending?: boolean;
  className?: string;
  variant?: 'primary' | 'accent';
};

/**
 * The form's submit button. Disabled until the page has hydrated, so a click before the
 * scripts run never sends a native (unvalidated) form submission.
 */
export function SubmitButton({ children, pending = false, className = '', variant = 'primary' }: Props) {
  const hydrated = useHydrated();
  return (
    <button
      type="submit"
      disabled={!hydrated || pending}
      aria-busy={pending || undefined}
      className={`${variant === 'accent' ? 'btn-accent' : 'btn-primary'} min-h-11 disabled:cursor-not-allowed disabled:opacity-70 ${className}`}
    >
      {pending && (
        <span
          aria-hidden="true"
          className="size-4 animate-spin rounded-full border-2 border-current border-t-transparent"
        />
      )}
      {children}
    </button>
  );
}
