import type { ReactNode } from 'react';
import { type BreadcrumbItem, Breadcrumbs } from './Breadcrumbs.tsx';

type Props = {
  /** Items after 'Home'; intermediate ones with `to` are links, the last is plain text. */
  breadcrumbs?: BreadcrumbItem[];
  /** Optional title heading (the page's h1). */
  title?: string;
  children: ReactNode;
};

/** Spec 'Sub-page template': optional breadcrumbs starting with 'Home', optional title heading, the content. */
export function SubPage({ breadcrumbs, title, children }: Props) {
  return (
    <div className="container-page py-6 sm:py-8">
      {breadcrumbs && <Breadcrumbs items={breadcrumbs} className="mb-4" />}
      {title && <h1 className="mb-6 text-2xl font-bold sm:text-3xl">{title}</h1>}
      {children}
    </div>
  );
}
