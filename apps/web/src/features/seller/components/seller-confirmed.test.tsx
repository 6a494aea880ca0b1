import { renderToStaticMarkup } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { SellerConfirmed } from './seller-confirmed';

/** The page's visible text at `url`, tags out. */
const text = (url: string) => {
  const router = createMemoryRouter([{ path: '/seller/confirmed', element: <SellerConfirmed /> }], { initialEntries: [url] });
  return renderToStaticMarkup(<RouterProvider router={router} />).replace(/<title>[^<]*<\/title>/, '').replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim();
};

describe('SellerConfirmed', () => {
  it('thanks a new shop and says it waits for approval', () => {
    expect(text('/seller/confirmed')).toMatch(/^E-mail confirmed Thank you. Your application is now with the GreenCart team/);
  });

  it('opened again after the operator decided, says where the shop stands instead', () => {
    expect(text('/seller/confirmed?shop=approved')).toMatch(/^Your shop is approved Your e-mail was confirmed before, and your shop sells on GreenCart/);
    expect(text('/seller/confirmed?shop=suspended')).toMatch(/^Your shop is suspended .* sign in to your seller area to see why/);
    expect(text('/seller/confirmed?shop=other')).toMatch(/^E-mail confirmed /);
  });
});
