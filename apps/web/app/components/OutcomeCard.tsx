import type { ReactNode } from 'react';
import { BackLink } from './account/AuthCard.tsx';

/** The centred card of a one-shot page (a link from an e-mail), with a way back to the shop. */
export function OutcomeFrame({ backLabel, children }: { backLabel: string; children: ReactNode }) {
  return (
    <div className="container-page py-12 sm:py-16">
      <div className="mx-auto max-w-xl rounded-xl border border-gray-200 bg-white p-6 text-center shadow-sm sm:p-10">
        {children}
        <div className="mt-8">
          <BackLink to="/">{backLabel}</BackLink>
        </div>
      </div>
    </div>
  );
}

/** The outcome's mark and heading: a green tick or a red exclamation. */
export function OutcomeHeading({ ok, title }: { ok: boolean; title: string }) {
  return (
    <>
      <div
        aria-hidden="true"
        className={`mx-auto flex size-16 items-center justify-center rounded-full text-3xl font-bold ${
          ok ? 'bg-green-100 text-green-800' : 'bg-red-100 text-red-800'
        }`}
      >
        {ok ? '✓' : '!'}
      </div>
      <h1 className="mt-6 text-2xl font-bold text-ink">{title}</h1>
    </>
  );
}
