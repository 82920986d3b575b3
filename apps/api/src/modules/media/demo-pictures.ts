/**
 * Pictograms for the demo club's generated product photos: one simple drawing per kind of
 * product, in the club's colours, so the demo shop looks like a shop and not a wall of shirts.
 * Drawn in the 600x600 photo's upper part (y 60-410); the product's name goes below.
 */
export type ProductKind =
  | 'shirt'
  | 'scarf'
  | 'cap'
  | 'hat'
  | 'mug'
  | 'ball'
  | 'flag'
  | 'ticket'
  | 'backpack'
  | 'bottle'
  | 'pennant'
  | 'calendar'
  | 'pillow'
  | 'keyring'
  | 'card'
  | 'stickers'
  | 'crest';

// First match wins: 'Karta podarunkowa' before 'Karnet', 'Szalik' before anything with 'zimowy'.
const KIND_WORDS: [RegExp, ProductKind][] = [
  [/szalik/i, 'scarf'],
  [/czapk/i, 'cap'],
  [/kapelusz/i, 'hat'],
  [/kub(ek|ki)/i, 'mug'],
  [/piłk/i, 'ball'],
  [/flag/i, 'flag'],
  [/karta/i, 'card'],
  [/bilet|karnet|wejściówk/i, 'ticket'],
  [/plecak|torb|worek/i, 'backpack'],
  [/bidon|butelk/i, 'bottle'],
  [/proporczyk/i, 'pennant'],
  [/kalendarz/i, 'calendar'],
  [/poduszk|koc/i, 'pillow'],
  [/brelok|smycz/i, 'keyring'],
  [/naklej/i, 'stickers'],
  [/koszulk|bluz|kurtk|dres|polo|t-shirt|spodenk|getry|odzież/i, 'shirt'],
];

export const productKind = (name: string): ProductKind =>
  KIND_WORDS.find(([re]) => re.test(name))?.[1] ?? 'crest';

/** The pictogram's SVG elements; `c` the product's colour, `a` the club's accent colour. */
export const kindDrawing = (kind: ProductKind, c: string, a: string): string => {
  switch (kind) {
    case 'shirt':
      return `<path d="M200 90 L250 70 Q300 100 350 70 L400 90 L470 160 L430 210 L400 190 L400 400 L200 400 L200 190 L170 210 L130 160 Z" fill="${c}" stroke="${a}" stroke-width="8"/>
  <rect x="200" y="220" width="200" height="28" fill="${a}"/>`;
    case 'scarf':
      return `<g transform="rotate(-18 300 240)">
    <rect x="70" y="195" width="460" height="96" rx="8" fill="${c}" stroke="${a}" stroke-width="6"/>
    <rect x="130" y="195" width="40" height="96" fill="${a}"/><rect x="430" y="195" width="40" height="96" fill="${a}"/>
    <rect x="230" y="221" width="140" height="44" rx="6" fill="#ffffff" opacity="0.85"/>
    ${Array.from({ length: 8 }, (_, i) => `<line x1="${74 + i * 12}" y1="291" x2="${74 + i * 12}" y2="322" stroke="${a}" stroke-width="5"/><line x1="${442 + i * 12}" y1="291" x2="${442 + i * 12}" y2="322" stroke="${a}" stroke-width="5"/>`).join('')}
  </g>`;
    case 'cap':
      return `<path d="M170 340 Q170 150 300 150 Q430 150 430 340 Z" fill="${c}" stroke="${a}" stroke-width="8"/>
  <rect x="160" y="330" width="280" height="46" rx="10" fill="${a}"/>
  <circle cx="300" cy="128" r="34" fill="${a}"/>`;
    case 'hat':
      return `<ellipse cx="300" cy="330" rx="210" ry="50" fill="${a}"/>
  <path d="M200 330 L215 170 Q300 140 385 170 L400 330 Z" fill="${c}" stroke="${a}" stroke-width="8"/>
  <rect x="208" y="270" width="184" height="30" fill="${a}"/>`;
    case 'mug':
      return `<path d="M390 190 Q470 190 470 265 Q470 340 390 340" fill="none" stroke="${a}" stroke-width="26"/>
  <rect x="160" y="140" width="240" height="260" rx="22" fill="${c}" stroke="${a}" stroke-width="8"/>
  <circle cx="280" cy="270" r="58" fill="#ffffff" opacity="0.85"/><circle cx="280" cy="270" r="34" fill="${a}"/>`;
    case 'ball':
      return `<circle cx="300" cy="240" r="160" fill="#ffffff" stroke="#1f2937" stroke-width="8"/>
  <polygon points="300,180 357,221 335,288 265,288 243,221" fill="${c}" stroke="#1f2937" stroke-width="6"/>
  <path d="M300 180 L300 82 M357 221 L448 190 M335 288 L392 368 M265 288 L208 368 M243 221 L152 190" stroke="#1f2937" stroke-width="6"/>`;
    case 'flag':
      return `<rect x="140" y="70" width="14" height="340" rx="6" fill="#6b7280"/>
  <path d="M154 90 Q260 60 340 100 Q420 140 480 110 L480 290 Q420 320 340 280 Q260 240 154 270 Z" fill="${c}" stroke="${a}" stroke-width="6"/>
  <path d="M154 180 Q260 150 340 190 Q420 230 480 200 L480 230 Q420 260 340 220 Q260 180 154 210 Z" fill="${a}"/>`;
    case 'ticket':
      return `<path d="M110 150 H490 V215 A28 28 0 0 0 490 271 V336 H110 V271 A28 28 0 0 0 110 215 Z" fill="${c}" stroke="${a}" stroke-width="8"/>
  <line x1="390" y1="160" x2="390" y2="326" stroke="${a}" stroke-width="6" stroke-dasharray="12 10"/>
  <rect x="150" y="195" width="200" height="22" rx="4" fill="#ffffff" opacity="0.9"/>
  <rect x="150" y="235" width="150" height="16" rx="4" fill="#ffffff" opacity="0.7"/>
  <rect x="150" y="268" width="170" height="16" rx="4" fill="#ffffff" opacity="0.7"/>`;
    case 'card':
      return `<rect x="120" y="130" width="360" height="228" rx="22" fill="${c}" stroke="${a}" stroke-width="8"/>
  <rect x="120" y="180" width="360" height="36" fill="${a}"/>
  <path d="M300 250 l14 28 31 4 -23 21 6 31 -28 -15 -28 15 6 -31 -23 -21 31 -4 Z" fill="#ffffff"/>`;
    case 'backpack':
      return `<path d="M245 110 Q245 75 300 75 Q355 75 355 110" fill="none" stroke="${a}" stroke-width="14"/>
  <rect x="180" y="105" width="240" height="300" rx="60" fill="${c}" stroke="${a}" stroke-width="8"/>
  <rect x="215" y="265" width="170" height="110" rx="24" fill="${a}"/>
  <line x1="235" y1="295" x2="365" y2="295" stroke="#ffffff" stroke-width="5"/>`;
    case 'bottle':
      return `<rect x="272" y="70" width="56" height="40" rx="8" fill="${a}"/>
  <path d="M250 110 H350 L370 160 V390 Q370 405 355 405 H245 Q230 405 230 390 V160 Z" fill="${c}" stroke="${a}" stroke-width="8"/>
  <rect x="230" y="220" width="140" height="70" fill="#ffffff" opacity="0.85"/>`;
    case 'pennant':
      return `<line x1="150" y1="90" x2="450" y2="90" stroke="#6b7280" stroke-width="10"/>
  <path d="M170 90 H430 L300 400 Z" fill="${c}" stroke="${a}" stroke-width="8"/>
  <path d="M200 150 H400" stroke="${a}" stroke-width="16"/>
  <circle cx="300" cy="220" r="36" fill="#ffffff" opacity="0.9"/>`;
    case 'calendar':
      return `<rect x="150" y="110" width="300" height="290" rx="16" fill="#ffffff" stroke="${a}" stroke-width="8"/>
  <rect x="150" y="110" width="300" height="80" rx="16" fill="${c}"/>
  ${[220, 275, 330].map((y) => [185, 245, 305, 365].map((x) => `<rect x="${x}" y="${y}" width="44" height="36" rx="4" fill="${a}" opacity="0.35"/>`).join('')).join('')}
  <rect x="205" y="90" width="16" height="44" rx="6" fill="${a}"/><rect x="379" y="90" width="16" height="44" rx="6" fill="${a}"/>`;
    case 'pillow':
      return `<path d="M150 120 Q300 90 450 120 Q480 260 450 400 Q300 430 150 400 Q120 260 150 120 Z" fill="${c}" stroke="${a}" stroke-width="8"/>
  <circle cx="300" cy="260" r="70" fill="#ffffff" opacity="0.85"/><circle cx="300" cy="260" r="42" fill="${a}"/>`;
    case 'keyring':
      return `<circle cx="300" cy="130" r="50" fill="none" stroke="#9ca3af" stroke-width="12"/>
  <path d="M300 190 L390 225 L380 320 Q360 370 300 395 Q240 370 220 320 L210 225 Z" fill="${c}" stroke="${a}" stroke-width="8"/>
  <rect x="292" y="170" width="16" height="30" fill="#9ca3af"/>`;
    case 'stickers':
      return `<rect x="150" y="140" width="190" height="190" rx="24" fill="${a}" transform="rotate(-12 245 235)"/>
  <circle cx="370" cy="200" r="90" fill="${c}" stroke="${a}" stroke-width="8"/>
  <path d="M260 300 l20 40 44 6 -32 30 8 44 -40 -21 -40 21 8 -44 -32 -30 44 -6 Z" fill="#ffffff" stroke="${a}" stroke-width="6"/>`;
    default:
      return `<path d="M300 80 L430 130 L412 270 Q370 350 300 380 Q230 350 188 270 L170 130 Z" fill="${c}" stroke="${a}" stroke-width="10"/>
  <path d="M300 160 l22 44 49 7 -35 34 8 49 -44 -23 -44 23 8 -49 -35 -34 49 -7 Z" fill="#ffffff"/>`;
  }
};
