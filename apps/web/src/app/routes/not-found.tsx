import { Link } from 'react-router';
import { paths } from '../../config/paths';

/** Any unknown route: a 404 page with a way home and to the products (issue 3). */
export function Component() {
  return (
    <main className="flex min-h-[60vh] flex-col items-center justify-center gap-4 px-6 text-center">
      <title>Page not found | GreenCart</title>
      <p className="text-6xl font-bold text-primary-ink" aria-hidden="true">
        404
      </p>
      <h1 className="text-2xl font-semibold">Page not found</h1>
      <p className="text-gray-600">The page you are looking for does not exist.</p>
      <div className="flex flex-wrap justify-center gap-3">
        <Link to={paths.home} className="flex h-10 items-center rounded-full bg-primary-ink px-6 text-white hover:bg-primary-deep">
          Back to Home
        </Link>
        <Link to={paths.products} className="flex h-10 items-center rounded-full border border-gray-300 px-6 hover:bg-gray-50">
          Browse products
        </Link>
      </div>
    </main>
  );
}
