/**
 * The address a manager types for a link in a description or page: http(s), mailto: or an address
 * in the shop (`/regulamin`, `#dostawa`); a bare domain (`www.klub.pl`) gets https://. Anything
 * else (javascript:, data:, `//host`) is refused: null. The API's sanitiser applies the same rule.
 */
export const linkHref = (raw: string): string | null => {
  const text = raw.trim();
  if (!text || text.length > 2000 || /\s/.test(text)) return null;
  if (text.startsWith('#')) return text;
  if (text.startsWith('/')) return text.startsWith('//') || text.includes('\\') ? null : text;
  if (/^mailto:/i.test(text)) return /^mailto:[^@\s]+@[^@\s]+\.[^@\s]+$/i.test(text) ? text : null;
  const absolute = /^[a-z][a-z\d+.-]*:/i.test(text)
    ? text
    : /^[\w-]+(\.[\w-]+)+([/?#:]|$)/.test(text)
      ? `https://${text}`
      : null;
  if (!absolute) return null;
  try {
    const url = new URL(absolute);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname ? absolute : null;
  } catch {
    return null;
  }
};
