import { FIXED_RATING } from '@greencart/shared';
import { StarIcon } from '../../../components/icons';

const STARS = [1, 2, 3, 4, 5];

/** The fixed 4-of-5 rating with its '(4)' (spec sections 2 and 9). */
export function StarRating({ size = 'h-4 w-4' }: { size?: string }) {
  return (
    <div className="flex items-center gap-0.5">
      <span role="img" aria-label={`Rated ${FIXED_RATING} out of 5`} className="flex gap-0.5 text-primary">
        {STARS.map((star) => (
          <StarIcon key={star} filled={star <= FIXED_RATING} className={`${size} ${star <= FIXED_RATING ? '' : 'opacity-35'}`} />
        ))}
      </span>
      <span className="ml-1 text-sm text-gray-600">({FIXED_RATING})</span>
    </div>
  );
}
