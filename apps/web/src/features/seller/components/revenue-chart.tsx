import { formatPrice, toMinor, type SellerSummary } from '@greencart/shared';
import { useShop } from '../../../stores/shop-store';

const WIDTH = 280;
const HEIGHT = 80;
const dayLabel = (date: string) => new Date(`${date}T00:00:00Z`).toLocaleDateString(undefined, { day: 'numeric', month: 'short', timeZone: 'UTC' });

/** Bars of daily revenue in plain SVG: a chart library would weigh more than the whole seller area. */
export function RevenueChart({ days }: { days: SellerSummary['revenueByDay'] }) {
  const { currency } = useShop();
  const max = Math.max(...days.map((d) => d.revenue), 0);
  const slot = WIDTH / days.length;
  const total = days.reduce((sum, d) => sum + toMinor(d.revenue), 0);
  return (
    <figure className="min-w-0">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT + 14}`} role="img" aria-label={`Revenue of the last ${days.length} days: ${formatPrice(total, currency)} in all`} className="h-28 w-full">
        <line x1={0} y1={HEIGHT} x2={WIDTH} y2={HEIGHT} stroke="#d1d5db" strokeWidth={1} />
        {days.map((day, i) => {
          const height = max > 0 ? Math.max((day.revenue / max) * (HEIGHT - 4), day.revenue > 0 ? 2 : 0) : 0;
          return (
            <rect key={day.date} x={i * slot + slot * 0.15} y={HEIGHT - height} width={slot * 0.7} height={height} rx={1.5} className="fill-primary">
              <title>{`${dayLabel(day.date)}: ${formatPrice(toMinor(day.revenue), currency)}`}</title>
            </rect>
          );
        })}
        <text x={0} y={HEIGHT + 12} className="fill-gray-500 text-[9px]">
          {dayLabel(days[0]!.date)}
        </text>
        <text x={WIDTH} y={HEIGHT + 12} textAnchor="end" className="fill-gray-500 text-[9px]">
          Today
        </text>
      </svg>
      <figcaption className="text-xs text-gray-500">Revenue, last {days.length} days</figcaption>
    </figure>
  );
}
