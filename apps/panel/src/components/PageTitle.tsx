import { type ReactNode, useEffect } from 'react';
import { ui } from '../texts.ts';

/** The screen's h1 and the document title (what a screen reader announces after a navigation). */
export const PageTitle = ({ children, title }: { children: ReactNode; title: string }) => {
  useEffect(() => {
    document.title = `${title} · ${ui.appName}`;
  }, [title]);
  return (
    <h1 tabIndex={-1} className="text-2xl font-bold text-ink sm:text-3xl">
      {children}
    </h1>
  );
};

/** A red box with the server's message, read out as soon as it appears. */
export const ErrorBox = ({ children }: { children: ReactNode }) =>
  children ? (
    <div role="alert" className="rounded-md border border-danger bg-danger-light px-4 py-3 text-danger">
      {children}
    </div>
  ) : null;

/** A green box for a finished action (logged out, saved...). */
export const NoticeBox = ({ children }: { children: ReactNode }) =>
  children ? (
    <div
      role="status"
      className="rounded-md border border-primary bg-primary-light px-4 py-3 text-primary-dark"
    >
      {children}
    </div>
  ) : null;
