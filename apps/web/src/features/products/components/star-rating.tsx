import { FIXED_RATING } from '@greencart/shared';

/** A star of the 24-unit icon grid, drawn `x` units to the right. */
const star = (x: number) => `M${12 + x} 3l2.8 5.7 6.2.9-4.5 4.4 1.1 6.2-5.6-2.9-5.6 2.9 1.1-6.2-4.5-4.4 6.2-.9z`;
const STEP = 26;
const FILLED = Array.from({ length: FIXED_RATING }, (_, i) => star(i * STEP)).join('');
const EMPTY = Array.from({ length: 5 - FIXED_RATING }, (_, i) => star((FIXED_RATING + i) * STEP)).join('');

/**
 * The fixed 4-of-5 rating with its '(4)' (spec sections 2 and 9). The five stars are one SVG of two
 * paths (filled, then faded outline), not five icons: a grid draws it on every card (issue 15 budgets).
 */
export function StarRating({ height = 'h-4' }: { height?: string }) {
  return (
    <p className="flex items-center gap-1 text-sm text-gray-600">
      <svg role="img" aria-label={`Rated ${FIXED_RATING} out of 5`} viewBox={`0 0 ${5 * STEP - 2} 24`} strokeWidth={1.5} strokeLinejoin="round" className={`${height} aspect-[128/24] text-primary`}>
        <path d={FILLED} fill="currentColor" stroke="currentColor" />
        <path d={EMPTY} fill="none" stroke="currentColor" strokeOpacity={0.35} />
      </svg>
      ({FIXED_RATING})
    </p>
  );
}
