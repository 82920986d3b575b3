import type { ReactNode } from 'react';
import { accountUi } from '../../texts/account.ts';
import { Link } from '../Link.tsx';

type Props = {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  /** Under the card: links to the neighbouring pages (register, login...). */
  footer?: ReactNode;
  /** Where the back link leads; the shop by default. */
  back?: { to: string; label: string };
};

/** The frame of the login, registration and account forms: a back link, a card with the h1, a footer. */
export function AuthCard({
  title,
  intro,
  children,
  footer,
  back = { to: '/', label: accountUi.backToShop },
}: Props) {
  return (
    <div className="container-page py-8 sm:py-12">
      <div className="mx-auto w-full max-w-md">
        <BackLink to={back.to}>{back.label}</BackLink>
        <div className="mt-4 rounded-xl border border-gray-200 bg-white p-5 shadow-sm sm:p-8">
          <h1 className="text-2xl font-bold tracking-tight text-ink">{title}</h1>
          {intro && <p className="mt-2 text-muted">{intro}</p>}
          <div className="mt-6">{children}</div>
        </div>
        {footer && <div className="mt-6 text-center text-sm text-ink">{footer}</div>}
      </div>
    </div>
  );
}

export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link
      to={to}
      className="inline-flex items-center gap-1 rounded text-sm font-semibold text-primary underline-offset-4 hover:underline"
    >
      <span aria-hidden="true">←</span> {children}
    </Link>
  );
}
