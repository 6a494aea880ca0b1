import type { SellerAccount } from '@greencart/shared';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SellerStanding } from './seller-standing';

const account = (change: Partial<SellerAccount>): SellerAccount => ({
  id: 's1',
  shopName: 'Anand Dairy',
  slug: 'anand-dairy',
  role: 'seller',
  status: 'pending',
  email: 'anand@dairy.test',
  emailConfirmed: false,
  statusReason: null,
  declined: false,
  ...change,
});

/** The banner's visible text, or '' when there is none. */
const text = (change: Partial<SellerAccount>) => renderToStaticMarkup(<SellerStanding account={account(change)} />).replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim();

describe('SellerStanding', () => {
  it('asks a new shop to confirm its e-mail first, then says it waits for approval', () => {
    expect(text({})).toMatch(/^Confirm your e-mail address Open the link we e-mailed you/);
    // The link did not arrive, or expired: the banner sends it again.
    expect(text({})).toMatch(/No e-mail\? Send the link again$/);
    expect(text({ emailConfirmed: true })).toMatch(/^Anand Dairy is waiting for approval /);
    expect(text({ emailConfirmed: true })).not.toContain('Send the link again');
  });

  it('tells a suspended shop why, with the operator’s reason when one was given', () => {
    expect(text({ status: 'suspended', emailConfirmed: true, statusReason: 'Late deliveries' })).toMatch(/^Anand Dairy is suspended Reason: Late deliveries Its products are hidden/);
    expect(text({ status: 'suspended', emailConfirmed: true })).not.toContain('Reason:');
  });

  it('tells a declined application it was declined and why, not that a shop is suspended', () => {
    const declined = text({ status: 'suspended', emailConfirmed: true, declined: true, statusReason: 'No FSSAI licence' });
    expect(declined).toMatch(/^The application for Anand Dairy was declined Reason: No FSSAI licence You can look around, but you cannot add or change products or orders\./);
    expect(declined).not.toContain('suspended');
  });

  it('shows nothing for an approved shop', () => {
    expect(text({ status: 'approved', emailConfirmed: true })).toBe('');
  });
});
