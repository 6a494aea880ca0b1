import { formatPrice, toMinor, type SellerSummary } from '@greencart/shared';

const WIDTH = 280;
const HEIGHT = 80;

/**
 * Bars of daily revenue in plain SVG: a chart library would weigh more than the whole seller area.
 * The bars stretch to any width (preserveAspectRatio none); the labels are HTML so they keep their size.
 * The shop's currency and its way of writing a day come from the screen: this module, loaded after the screen's code,
 * imports nothing of the app's own (an import of the app's settings moved the shop's constants out of every page's
 * first chunk into one more file, about 0.1 kB on every first load).
 */
export function RevenueChart({ days, currency, dayLabel }: { days: SellerSummary['revenueByDay']; currency: string; dayLabel: (date: string) => string }) {
  const max = Math.max(...days.map((d) => d.revenue), 0);
  const slot = WIDTH / days.length;
  const total = days.reduce((sum, d) => sum + toMinor(d.revenue), 0);
  return (
    <figure className="min-w-0">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        preserveAspectRatio="none"
        role="img"
        aria-label={`Revenue of the last ${days.length} days: ${formatPrice(total, currency)} in all`}
        className="h-20 w-full border-b border-gray-300 md:h-24"
      >
        {days.map((day, i) => {
          const height = max > 0 ? Math.max((day.revenue / max) * (HEIGHT - 4), day.revenue > 0 ? 2 : 0) : 0;
          return (
            <rect key={day.date} x={i * slot + slot * 0.15} y={HEIGHT - height} width={slot * 0.7} height={height} rx={1} className="fill-primary">
              <title>{`${dayLabel(day.date)}: ${formatPrice(toMinor(day.revenue), currency)}`}</title>
            </rect>
          );
        })}
      </svg>
      <div className="mt-1 flex justify-between text-xs text-gray-500" aria-hidden="true">
        <span>{dayLabel(days[0]!.date)}</span>
        <span>Today</span>
      </div>
      <figcaption className="text-xs text-gray-500">Revenue, last {days.length} days</figcaption>
    </figure>
  );
}
