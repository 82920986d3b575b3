import { join } from 'node:path';
import { LOGO_SHOWN_PX } from '@club/contract';
import { kindDrawing, productKind } from './demo-pictures.ts';
import { loadSharp } from './sharp.ts';
import { MAX_PHOTO_PIXELS } from './variants.ts';

const esc = (s: string) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** Paths as the spec gives them, relative to the media root served under /static. */
export const mediaPath = {
  productPhoto: (alias: string, productId: number, photoId: number, fileName: string, size = '600_600') =>
    join(alias, 'wyrobzdjecie', String(productId), String(photoId), `${size}_${fileName}`),
  bannerImage: (alias: string, bannerId: number, imageId: number, fileName: string) =>
    join(alias, 'panelbanerygrafika', String(bannerId), String(imageId), fileName),
  logo: (alias: string, fileName: string) => join(alias, 'logo', fileName),
};

/** The name of a logo's copy for pages (WebP, LOGO_SHOWN_PX square at most), beside the logo. */
export const shownLogoFileName = (fileName: string) => `${fileName.replace(/\.[^.]+$/, '')}-shown.webp`;

/**
 * The WebP copy pages show of a logo: fitted in LOGO_SHOWN_PX square, transparency kept; null when
 * it would be no smaller than the logo (pages are then sent the logo itself).
 */
export const renderShownLogo = async (logo: Buffer): Promise<Buffer | null> => {
  const sharp = await loadSharp();
  const copy = await sharp(logo, { limitInputPixels: MAX_PHOTO_PIXELS })
    .resize(LOGO_SHOWN_PX, LOGO_SHOWN_PX, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 80, alphaQuality: 80 })
    .toBuffer();
  return copy.length < logo.length ? copy : null;
};

/** The name of a stored JPEG's WebP copy, beside it in the same folder. */
export const webpFileName = (jpgName: string) => `${jpgName.replace(/\.jpg$/, '')}.webp`;

/** A demo product photo: the club colours, a drawing of the product's kind and its name. */
export const renderProductPhoto = async (label: string, colour: string, accent: string): Promise<Buffer> => {
  const words = label.split(' ');
  const lines: string[] = [];
  for (const w of words) {
    const last = lines[lines.length - 1];
    if (last && (last + ' ' + w).length <= 18) lines[lines.length - 1] = `${last} ${w}`;
    else lines.push(w);
  }
  const text = lines
    .slice(0, 3)
    .map(
      (l, i) =>
        `<text x="300" y="${470 + i * 40}" font-size="34" font-family="DejaVu Sans, sans-serif" font-weight="bold" text-anchor="middle" fill="#1f2937">${esc(l)}</text>`,
    )
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600">
  <rect width="600" height="600" fill="#f3f4f6"/>
  ${kindDrawing(productKind(label), colour, accent)}
  ${text}
</svg>`;
  const sharp = await loadSharp();
  return sharp(Buffer.from(svg)).jpeg({ quality: 80, mozjpeg: true }).toBuffer();
};

export const renderBanner = async (
  width: number,
  height: number,
  colour: string,
  accent: string,
  seed: number,
): Promise<Buffer> => {
  const stripes = Array.from({ length: 8 }, (_, i) => {
    const x = ((i * 173 + seed * 61) % width) - 100;
    return `<polygon points="${x},0 ${x + 120},0 ${x + 20 + height / 2},${height} ${x - 100 + height / 2},${height}" fill="${accent}" opacity="0.18"/>`;
  }).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${colour}"/><stop offset="1" stop-color="#111827"/></linearGradient></defs>
  <rect width="${width}" height="${height}" fill="url(#g)"/>${stripes}
  <circle cx="${width * 0.78}" cy="${height * 0.5}" r="${height * 0.32}" fill="none" stroke="#ffffff" stroke-opacity="0.35" stroke-width="${Math.max(6, height / 40)}"/>
</svg>`;
  const sharp = await loadSharp();
  return sharp(Buffer.from(svg)).jpeg({ quality: 78, mozjpeg: true }).toBuffer();
};

export const renderLogo = async (initials: string, colour: string, accent: string): Promise<Buffer> => {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="240">
  <path d="M120 10 L220 50 L205 160 Q170 215 120 232 Q70 215 35 160 L20 50 Z" fill="${colour}" stroke="${accent}" stroke-width="10"/>
  <text x="120" y="150" font-size="78" font-family="DejaVu Sans, sans-serif" font-weight="bold" text-anchor="middle" fill="${accent}">${esc(initials)}</text>
</svg>`;
  const sharp = await loadSharp();
  return sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer();
};

/**
 * The storefront's fallback picture (`/assets/images/no-image.png`): a neutral shirt outline on
 * light grey. Generated once and committed; kept as a palette PNG so it stays a few kB.
 */
export const renderNoImage = async (): Promise<Buffer> => {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600">
  <rect width="600" height="600" fill="#f3f4f6"/>
  <path d="M220 170 L262 152 Q300 178 338 152 L380 170 L432 222 L402 258 L380 242 L380 430 L220 430 L220 242 L198 258 L168 222 Z" fill="none" stroke="#c4c8cf" stroke-width="12" stroke-linejoin="round"/>
  <rect x="256" y="292" width="88" height="60" rx="8" fill="none" stroke="#c4c8cf" stroke-width="8"/>
  <path d="M280 292 L288 278 L312 278 L320 292" fill="none" stroke="#c4c8cf" stroke-width="8" stroke-linejoin="round"/>
  <circle cx="300" cy="322" r="16" fill="none" stroke="#c4c8cf" stroke-width="8"/>
</svg>`;
  const sharp = await loadSharp();
  return sharp(Buffer.from(svg)).png({ palette: true, colours: 16, compressionLevel: 9 }).toBuffer();
};
