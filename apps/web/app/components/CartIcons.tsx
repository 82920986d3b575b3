import type { SVGProps } from 'react';
import { Svg } from './ChromeIcons.tsx';

type P = SVGProps<SVGSVGElement>;

export const TrashIcon = (p: P) => (
  <Svg {...p}>
    <path d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3" />
  </Svg>
);
export const TruckIcon = (p: P) => (
  <Svg {...p}>
    <path d="M3 6h11v9H3zM14 9h4l3 3v3h-7" />
    <circle cx="7" cy="17" r="2" />
    <circle cx="17" cy="17" r="2" />
  </Svg>
);
export const CheckIcon = (p: P) => (
  <Svg strokeWidth="2.5" {...p}>
    <path d="m5 12.5 4.5 4.5L19 7.5" />
  </Svg>
);
