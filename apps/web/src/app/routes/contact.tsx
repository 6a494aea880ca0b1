import { TeamCard, type TeamMember } from '../../features/contact/components/team-card';

// The team shown on /contact; the spec gives no names, so these are the shop's own (decision 0012).
const TEAM: TeamMember[] = [
  { name: 'Aarav Sharma', title: 'Founder & CEO', handle: '@aarav.greencart', initials: 'AS', colour: '#1f7a52' },
  { name: 'Meera Iyer', title: 'Head of Customer Care', handle: '@meera.greencart', initials: 'MI', colour: '#9a4a15' },
  { name: 'Kabir Khan', title: 'Delivery Operations Lead', handle: '@kabir.greencart', initials: 'KK', colour: '#2f4f8f' },
];

/** /contact (spec section 2): three team profile cards. */
export function Component() {
  return (
    <main className="mx-auto max-w-7xl px-4 py-12 sm:px-6 md:px-16">
      <title>Contact Us | GreenCart</title>
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
