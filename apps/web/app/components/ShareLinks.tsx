import { shopUi } from '../texts/shop.ts';

type Props = { url: string; title: string; className?: string };

export const facebookShareUrl = (url: string) =>
  `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}`;
export const xShareUrl = (url: string, text: string) =>
  `https://x.com/intent/tweet?url=${encodeURIComponent(url)}&text=${encodeURIComponent(text)}`;

const linkClass =
  'grid size-10 place-items-center rounded-full border border-gray-300 text-ink hover:border-primary hover:bg-primary-light hover:text-primary';

/** Spec: share links for two social networks (Facebook and X), with the canonical product URL, in a new tab. */
export function ShareLinks({ url, title, className = '' }: Props) {
  return (
    <div className={`flex items-center gap-3 ${className}`}>
      <span className="text-sm font-semibold">{shopUi.share}:</span>
      <a href={facebookShareUrl(url)} target="_blank" rel="noopener noreferrer" className={linkClass}>
        <span className="sr-only">{`${shopUi.shareFacebook} ${shopUi.newTab}`}</span>
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" fill="currentColor">
          <path d="M13.5 21v-7.5H16l.4-3h-2.9V8.6c0-.9.3-1.5 1.5-1.5h1.5V4.4c-.3 0-1.2-.1-2.2-.1-2.2 0-3.8 1.4-3.8 3.9v2.3H8v3h2.5V21h3z" />
        </svg>
      </a>
      <a href={xShareUrl(url, title)} target="_blank" rel="noopener noreferrer" className={linkClass}>
        <span className="sr-only">{`${shopUi.shareX} ${shopUi.newTab}`}</span>
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" fill="currentColor">
          <path d="M17.8 3h3.1l-6.8 7.7L22 21h-6.2l-4.9-6.4L5.3 21H2.2l7.2-8.3L1.9 3h6.4l4.4 5.8L17.8 3zm-1.1 16.2h1.7L7.4 4.7H5.5l11.2 14.5z" />
        </svg>
      </a>
    </div>
  );
}
