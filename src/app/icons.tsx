import type { SVGProps } from 'react';

// Small inline icons of the shell; decorative (aria-hidden), the buttons carry the labels.
const base = (props: SVGProps<SVGSVGElement>) => ({
  width: 16,
  height: 16,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round' as const,
  strokeLinejoin: 'round' as const,
  'aria-hidden': true,
  focusable: false,
  ...props,
});

/** A push-pin; filled when pinned. */
export function PinIcon({ filled = false, ...props }: SVGProps<SVGSVGElement> & { filled?: boolean }) {
  return (
    <svg {...base(props)}>
      <path d="M9 4h6l-1 6 4 4H6l4-4-1-6z" fill={filled ? 'currentColor' : 'none'} />
      <path d="M12 14v7" />
    </svg>
  );
}

/** A chevron pointing right (rotated by CSS when open). */
export function ChevronIcon(props: SVGProps<SVGSVGElement>) {
  return (
    <svg {...base(props)}>
      <path d="M9 6l6 6-6 6" />
    </svg>
  );
}

/** Three lines: the hamburger. */
export function MenuIcon(props: SVGProps<SVGSVGElement>) {
  return (
    <svg {...base(props)}>
      <path d="M4 6h16M4 12h16M4 18h16" />
    </svg>
  );
}

/** A cross: close and dismiss. */
export function CloseIcon(props: SVGProps<SVGSVGElement>) {
  return (
    <svg {...base(props)}>
      <path d="M6 6l12 12M18 6L6 18" />
    </svg>
  );
}

/** Double chevron pointing left (collapse) or right (expand). */
export function CollapseIcon({ expand = false, ...props }: SVGProps<SVGSVGElement> & { expand?: boolean }) {
  return (
    <svg {...base(props)}>
      <path d={expand ? 'M7 6l6 6-6 6M13 6l6 6-6 6' : 'M17 6l-6 6 6 6M11 6l-6 6 6 6'} />
    </svg>
  );
}
