export interface TeamMember {
  name: string;
  title: string;
  handle: string;
  /** Two letters drawn as the avatar (no stock photos of people). */
  initials: string;
  colour: string;
}

/** A profile card of /contact (spec section 2): name, title, handle, 'Online' and 'Contact Me'. */
export function TeamCard({ member }: { member: TeamMember }) {
  return (
    <article aria-label={member.name} className="flex flex-col items-center rounded-2xl border border-gray-200 bg-white p-6 text-center shadow-sm">
      <div aria-hidden="true" className="flex h-24 w-24 items-center justify-center rounded-full text-3xl font-semibold text-white" style={{ backgroundColor: member.colour }}>
        {member.initials}
      </div>
      <h2 className="mt-4 text-xl font-semibold">{member.name}</h2>
      <p className="text-gray-600">{member.title}</p>
      <p className="text-sm text-gray-600">{member.handle}</p>
      <p className="mt-3 flex items-center gap-2 text-sm text-primary-ink">
        <span aria-hidden="true" className="h-2.5 w-2.5 rounded-full bg-primary" />
        Online
      </p>
      {/* Spec section 2: 'Contact Me' does nothing visible. */}
      <button type="button" className="mt-5 h-10 w-full rounded-lg bg-primary-ink px-6 font-medium text-white transition hover:bg-primary-deep">
        Contact Me
      </button>
    </article>
  );
}
