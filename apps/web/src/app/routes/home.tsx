import { Link } from 'react-router';
import { paths } from '../../config/paths';

export function Component() {
  return (
    <main className="px-6 py-16 md:px-16 lg:px-24 xl:px-32">
      <h1 className="text-4xl font-semibold">Harvesting Happiness, Delivering Daily!</h1>
      <div className="mt-6 flex gap-4">
        <Link to={paths.products} className="rounded bg-primary px-7 py-3 text-white">
          Shop now
        </Link>
        <Link to={paths.products} className="rounded px-7 py-3">
          Explore Deals
        </Link>
      </div>
    </main>
  );
}
