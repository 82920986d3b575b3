import { type ReactNode, useEffect, useRef } from 'react';
import type { SubmitResult } from './useSubmitResult.ts';

type Props = { kind: 'error' | 'success' | 'info'; children?: ReactNode; className?: string };

const styles = {
  error: 'border-red-300 bg-red-50 text-red-800',
  success: 'border-green-300 bg-green-50 text-green-900',
  info: 'border-sky-300 bg-sky-50 text-sky-900',
} as const;

/**
 * A message box above or below a form: errors (server messages) in a red box with role=alert,
 * success and info messages with role=status. Renders nothing without content.
 */
export function FormAlert({ kind, children, className = '' }: Props) {
  if (children === undefined || children === null || children === '' || children === false) return null;
  return (
    <AlertBox kind={kind} className={className}>
      {children}
    </AlertBox>
  );
}

/**
 * Scrolled into view when it appears: on a phone the message above a long form would otherwise
 * show up off screen, where the fan, who just pressed the button below, never sees it.
 */
function AlertBox({ kind, children, className }: Props) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    box.current?.scrollIntoView?.({ block: 'nearest' });
  }, []);
  return (
    <div
      ref={box}
      role={kind === 'error' ? 'alert' : 'status'}
      className={`rounded-md border px-4 py-3 text-sm font-medium ${styles[kind]} ${className}`}
    >
      {children}
    </div>
  );
}

/** The outcome of a form's request (useSubmitResult): green on success, red on failure. */
export const ResultAlert = ({ result, className }: { result: SubmitResult | null; className?: string }) =>
  result && (
    <FormAlert kind={result.ok ? 'success' : 'error'} className={className}>
      {result.text}
    </FormAlert>
  );
