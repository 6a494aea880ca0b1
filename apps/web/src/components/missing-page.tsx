import type { ReactNode } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { RouteError } from './route-error';

/** A page that is not there (404) or no longer there (410): what happened and where to go instead. */
export function MissingPage({ title, text, status = 404, children }: { title: string; text: string; status?: 404 | 410; children: ReactNode }) {
  return (
    <main className="flex min-h-[60vh] flex-col items-center justify-center gap-4 px-6 text-center">
      <title>{`${title} | GreenCart`}</title>
      <meta name="robots" content="noindex" />
      <p className="text-6xl font-bold text-primary-ink" aria-hidden="true">
        {status}
      </p>
      <h1 className="text-2xl font-semibold">{title}</h1>
      <p className="text-gray-600">{text}</p>
      <div className="flex flex-wrap justify-center gap-3">{children}</div>
    </main>
  );
}

/**
 * A route's error boundary: the loader's refusal (thrown `data(..., { status })`) drawn by `missing`,
 * anything else (a failed load, a rendering error) by the shop's RouteError.
 */
export function useMissingOr(missing: (status: number, data: unknown) => ReactNode): ReactNode {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && (error.status === 404 || error.status === 410)) return missing(error.status, error.data);
  return <RouteError />;
}
