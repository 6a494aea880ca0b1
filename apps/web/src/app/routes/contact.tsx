import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { TeamCard, type TeamMember } from '../../features/contact/components/team-card';

// The team shown on /contact; the spec gives no names, so these are the shop's own (decision 0012).
const TEAM: TeamMember[] = [
  { name: 'Aarav Sharma', title: 'Founder & CEO', handle: '@aarav.greencart', initials: 'AS', colour: '#1f7a52' },
  { name: 'Meera Iyer', title: 'Head of Customer Care', handle: '@meera.greencart', initials: 'MI', colour: '#9a4a15' },
  { name: 'Kabir Khan', title: 'Delivery Operations Lead', handle: '@kabir.greencart', initials: 'KK', colour: '#2f4f8f' },
];

/** Its one address, as every server-rendered page names its own (a crawler found none here, nor a description). */
export const loader = ({ request }: LoaderFunctionArgs) => ({ canonical: new URL('/contact', request.url).href });

/** /contact (spec section 2): three team profile cards. */
export function Component() {
  const { canonical } = useLoaderData<typeof loader>();
  return (
    <main className="mx-auto max-w-7xl px-4 py-12 sm:px-6 md:px-16">
      {/* Its title, description and address, which a link preview reads too; not PageHead, whose chunk would then leave the
          list and product pages' one and cost each of them 0.13 kB more on its first load. */}
      <title>Contact Us | GreenCart</title>
      <meta name="description" content="Talk to the GreenCart team about your orders, deliveries and shops: our founder, customer care and delivery operations leads." />
      <link rel="canonical" href={canonical} />
      {/* Its link-preview card (a crawler probe found none). */}
      <meta property="og:title" content="Contact Us | GreenCart" />
      <meta property="og:url" content={canonical} />
      <meta property="og:image" content={new URL('/art/main-banner-lg-960.webp', canonical).href} />
      <meta name="twitter:card" content="summary_large_image" />
      <h1 className="text-2xl font-medium md:text-3xl">Contact Us</h1>
      <p className="mt-1 text-gray-600">Our team is here to help with your orders and deliveries.</p>
      <ul className="mt-8 grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {TEAM.map((member) => (
          <li key={member.handle}>
            <TeamCard member={member} />
          </li>
        ))}
      </ul>
    </main>
  );
}
