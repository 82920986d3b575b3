/** Readable typography for HTML from the content backend (no typography plugin: descendant utilities). */
export const cmsTypography =
  'max-w-none leading-relaxed break-words [&_a]:font-medium [&_a]:text-primary [&_a]:underline [&_a]:underline-offset-2 ' +
  '[&_h2]:mt-8 [&_h2]:mb-3 [&_h2]:text-xl [&_h2]:font-bold [&_h3]:mt-6 [&_h3]:mb-2 [&_h3]:text-lg [&_h3]:font-bold ' +
  '[&_h4]:mt-4 [&_h4]:mb-2 [&_h4]:font-bold [&_p]:my-3 [&_ul]:my-3 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:my-3 ' +
  '[&_ol]:list-decimal [&_ol]:pl-6 [&_li]:my-1 [&_img]:h-auto [&_img]:max-w-full [&_blockquote]:border-l-4 ' +
  '[&_blockquote]:border-primary [&_blockquote]:pl-4 [&_blockquote]:italic [&_table]:w-full [&_td]:border ' +
  '[&_td]:border-gray-300 [&_td]:p-2 [&_th]:border [&_th]:border-gray-300 [&_th]:p-2 [&>:first-child]:mt-0';

type Props = { html: string; className?: string };

/**
 * HTML of a CMS page (Tresc). The API sanitises it before storing and again before serving
 * (DESIGN.md), which is the only reason it may go in as HTML.
 */
export function CmsContent({ html, className = '' }: Props) {
  if (!html) return null;
  // biome-ignore lint/security/noDangerouslySetInnerHtml: server-sanitised CMS HTML (DESIGN.md 'Storefront').
  return <div className={`${cmsTypography} ${className}`} dangerouslySetInnerHTML={{ __html: html }} />;
}
