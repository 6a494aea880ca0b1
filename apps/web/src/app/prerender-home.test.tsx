import { describe, expect, it } from 'vitest';
import { renderHomeShell } from './prerender-home';

/** What the build writes into dist/home.html for `/` (docs/decisions/0082), rendered from the real components. */
describe('the prerendered home shell', () => {
  it('shows the navbar of a visitor who is not signed in, the banner, the categories and the Best Sellers skeletons', async () => {
    const html = await renderHomeShell();
    expect(html).toContain('<nav aria-label="Main"');
    expect(html).toMatch(/<a [^>]*href="\/"[^>]*>GreenCart<\/a>/);
    expect(html).toMatch(/<button [^>]*>Login<\/button>/);
    expect(html).not.toContain('aria-label="Account"');
    expect(html).toContain('Harvesting Happiness, Delivering Daily!');
    expect(html).toMatch(/<img [^>]*alt="Fresh vegetables and fruits"[^>]*fetchPriority="high"/);
    expect(html).toContain('id="categories-heading"');
    expect(html).toContain('Loading products…');
    expect(html).toContain('aria-label="Cart, 0 items"');
  });

  it('shows no price, so the server need only rewrite the currency meta tag', async () => {
    const html = await renderHomeShell();
    expect(html).not.toMatch(/\bRs\b/);
  });
});
