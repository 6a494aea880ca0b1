// Spec section 1: the three link groups, all placeholder links (there are no such pages yet), and the marketplace's way
// in for a new shop (issue 26, decision 0287): a shop could apply only by knowing the address of the form.
const SELL = 'Sell on GreenCart';
const LINK_GROUPS = [
  { title: 'Quick Links', links: ['Home', 'Best Sellers', 'Offers & Deals', 'Contact Us', 'FAQs', SELL] },
  { title: 'Need help?', links: ['Delivery Information', 'Return & Refund Policy', 'Payment Methods', 'Track your Order', 'Contact Us'] },
  { title: 'Follow Us', links: ['Instagram', 'Twitter', 'Facebook', 'YouTube'] },
];

export function Footer() {
  return (
    // Room below the last line on a phone, where the chat toggle sits at the end of every page (issue 25).
    <footer className="mt-24 bg-primary/10 pb-16 sm:pb-0">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 md:px-16">
        <div className="flex flex-col items-start justify-between gap-10 border-b border-gray-500/30 py-10 text-gray-600 md:flex-row">
          <div>
            <p className="text-2xl font-semibold text-primary-ink">GreenCart</p>
            <p className="mt-6 max-w-102">
              We deliver fresh groceries and snacks straight to your door. Trusted by thousands, we aim to make your shopping experience simple and affordable.
            </p>
          </div>
          {/* Clear of the chat toggle's column from 640 px on: a link under it hid the toggle on a short page (a probe, 1200 px). */}
          <div className="flex w-full flex-wrap justify-between gap-5 sm:pr-16 md:w-[45%]">
            {LINK_GROUPS.map((group) => (
              <nav key={group.title} aria-label={group.title}>
                <h2 className="mb-2 text-base font-semibold text-gray-900 md:mb-5">{group.title}</h2>
                <ul className="text-sm">
                  {group.links.map((link) => (
                    <li key={link}>
                      <a href={link === SELL ? '/seller/register' : '#'} className="inline-flex min-h-10 min-w-10 items-center hover:underline">
                        {link}
                      </a>
                    </li>
                  ))}
                </ul>
              </nav>
            ))}
          </div>
        </div>
        <p className="py-4 text-center text-sm text-gray-600 md:text-base">Copyright {new Date().getFullYear()} © GreenCart. All Rights Reserved.</p>
      </div>
    </footer>
  );
}
