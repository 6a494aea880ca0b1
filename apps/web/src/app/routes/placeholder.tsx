import { useLocation } from 'react-router';

/** Stand-in for screens whose issue has not landed yet. */
export function Component() {
  const { pathname } = useLocation();
  return (
    <main className="px-6 py-16 md:px-16 lg:px-24 xl:px-32">
      <h1 className="text-2xl font-medium">{pathname}</h1>
      <p className="text-gray-600">This screen is coming soon.</p>
    </main>
  );
}
