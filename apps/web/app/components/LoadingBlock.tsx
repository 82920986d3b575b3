import { ui } from '../texts.ts';

/**
 * The storefront's one loading style: space held for content that appears after hydration
 * (session, cart, checkout data), a spinner and a polite status text for screen readers.
 */
export function LoadingBlock({
  minHeight = 'min-h-64',
  label = ui.loading,
}: {
  minHeight?: string;
  label?: string;
}) {
  return (
    <div role="status" aria-busy="true" className={`flex ${minHeight} items-center justify-center`}>
      <span
        aria-hidden="true"
        className="size-8 animate-spin rounded-full border-4 border-primary-light border-t-primary motion-reduce:animate-none"
      />
      <span className="sr-only">{label}</span>
    </div>
  );
}
