import { isRouteErrorResponse, Link, useRouteError } from 'react-router';

/** Rendering errors land here instead of a white page (CONVENTIONS: route error boundaries). */
export function RouteError() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (!notFound) console.error(error);
  return (
    <main className="flex min-h-[60vh] flex-col items-center justify-center gap-4 px-6 text-center">
      <h1 className="text-2xl font-semibold">{notFound ? 'Page not found' : 'Something went wrong'}</h1>
      <p className="text-gray-600">{notFound ? 'The page you are looking for does not exist.' : 'Please reload the page or go back to the shop.'}</p>
      <Link to="/" className="rounded-full bg-primary px-6 py-2 text-white hover:bg-primary-dull">
        Back to Home
      </Link>
    </main>
  );
}
