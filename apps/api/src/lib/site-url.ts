/**
 * The storefront address of a club (docs/decisions.md 11): `PUBLIC_URL` when its host is one of
 * the club's domains (or the club has none); otherwise the club's first domain with
 * PUBLIC_URL's scheme and port, because another club's address would resolve to that club.
 * Never the request's Host or X-Forwarded-* headers: links, canonical URLs and sitemaps must not
 * follow what a client sends.
 */
export const siteUrlFor = (publicUrl: string, hosts: readonly string[]): string => {
  const base = new URL(publicUrl);
  if (!hosts.length || hosts.includes(base.hostname) || hosts.includes(base.host)) {
    return publicUrl.replace(/\/$/, '');
  }
  const host = hosts[0]!;
  if (host.includes(':')) base.host = host;
  else base.hostname = host;
  return base.toString().replace(/\/$/, '');
};
