import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import sharp from 'sharp';

const esc = (s: string) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** Paths as the spec gives them, relative to the media root served under /static. */
export const mediaPath = {
  productPhoto: (alias: string, productId: number, photoId: number, fileName: string, size = '600_600') =>
    join(alias, 'wyrobzdjecie', String(productId), String(photoId), `${size}_${fileName}`),
  bannerImage: (alias: string, bannerId: number, imageId: number, fileName: string) =>
    join(alias, 'panelbanerygrafika', String(bannerId), String(imageId), fileName),
  logo: (alias: string, fileName: string) => join(alias, 'logo', fileName),
};

const write = async (mediaDir: string, rel: string, data: Buffer) => {
  const full = join(mediaDir, rel);
  await mkdir(dirname(full), { recursive: true });
  await writeFile(full, data);
};

/** A demo product photo: the club colours, a simple garment silhouette and the product's name. */
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
    .map((l, i) => `<text x="300" y="${470 + i * 40}" font-size="34" font-family="DejaVu Sans, sans-serif" font-weight="bold" text-anchor="middle" fill="#1f2937">${esc(l)}</text>`)
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600">
  <rect width="600" height="600" fill="#f3f4f6"/>
  <path d="M200 90 L250 70 Q300 100 350 70 L400 90 L470 160 L430 210 L400 190 L400 400 L200 400 L200 190 L170 210 L130 160 Z" fill="${colour}" stroke="${accent}" stroke-width="8"/>
  <rect x="200" y="220" width="200" height="28" fill="${accent}"/>
  ${text}
</svg>`;
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
  return sharp(Buffer.from(svg)).jpeg({ quality: 78, mozjpeg: true }).toBuffer();
};

export const renderLogo = async (initials: string, colour: string, accent: string): Promise<Buffer> => {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="240">
  <path d="M120 10 L220 50 L205 160 Q170 215 120 232 Q70 215 35 160 L20 50 Z" fill="${colour}" stroke="${accent}" stroke-width="10"/>
  <text x="120" y="150" font-size="78" font-family="DejaVu Sans, sans-serif" font-weight="bold" text-anchor="middle" fill="${accent}">${esc(initials)}</text>
</svg>`;
  return sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer();
};

export const writeMedia = write;
