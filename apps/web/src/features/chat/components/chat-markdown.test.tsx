import { escapeMarkdown } from '@greencart/shared';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { CHAT_NESTING_MAX, ChatMarkdown } from './chat-markdown';

/** The reply as the widget renders it: the links and the visible text. */
function render(text: string) {
  const html = renderToStaticMarkup(
    <MemoryRouter>
      <ChatMarkdown text={text} />
    </MemoryRouter>,
  );
  const links = [...html.matchAll(/<a [^>]*href="([^"]*)"[^>]*>(.*?)<\/a>/g)].map(([, href, label]) => ({ href, label }));
  const visible = html.replace(/<[^>]+>/g, '').replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"');
  return { html, links, visible };
}

/** A product line as the assistants write them (chat-tools.ts gives escaped names and weights). */
const productLine = (name: string, weight: string) => `- [${escapeMarkdown(name)}](/products/fruits/p1): **Rs 35**, ${escapeMarkdown(weight)}, in stock`;

describe('catalogue values escaped into the chat markdown', () => {
  it('renders a product named like a link as its own text, with the product page as the only link', () => {
    const name = 'Mango](https://evil.example) [Free gift';
    const { links, visible, html } = render(productLine(name, '1 kg](https://evil.example)'));
    expect(links).toEqual([{ href: '/products/fruits/p1', label: name }]);
    expect(html).not.toContain('href="https://evil.example"');
    expect(visible).toContain('1 kg](https://evil.example), in stock');
  });

  it('keeps names with markdown characters readable and literal: no emphasis, heading, list or HTML', () => {
    const name = 'Coca-Cola 1.5 L (2-pack) #1 *new* _fizzy_ <b>x</b> & `more`\n# not a heading';
    const { links, html, visible } = render(productLine(name, '1.5 kg'));
    expect(links.map((link) => link.href)).toEqual(['/products/fruits/p1']);
    expect(visible).toContain('Coca-Cola 1.5 L (2-pack) #1 *new* _fizzy_ <b>x</b> & `more` # not a heading: Rs 35, 1.5 kg, in stock');
    expect(html).not.toMatch(/<(em|h1|code|b)>/);
    expect(html.match(/<li>/g)).toHaveLength(1);
  });

  it('reads a plain product name exactly as before', () => {
    const { links, visible } = render(productLine('Tomato 1 kg', '1 kg'));
    expect(links).toEqual([{ href: '/products/fruits/p1', label: 'Tomato 1 kg' }]);
    expect(visible).toContain('Tomato 1 kg: Rs 35, 1 kg, in stock');
  });
});

describe('tables in a reply', () => {
  it('renders a price comparison table as a table, each name in its own cell', () => {
    const table = ['| Product | Price | Shop |', '|---|---|---|', `| ${escapeMarkdown('Rice | Basmati 1 kg')} | Rs 120 | ${escapeMarkdown('A|B Stores')} |`, '| Tomato | Rs 35 | GreenCart |'].join('\n');
    const { html, visible } = render(`Here is the comparison:\n\n${table}`);
    expect(html).toContain('<table');
    expect(html.match(/<th[ >]/g)).toHaveLength(3);
    expect(html.match(/<td[ >]/g)).toHaveLength(6);
    expect(html).toMatch(/<td[^>]*>Rice \| Basmati 1 kg<\/td>/);
    expect(html).toMatch(/<td[^>]*>A\|B Stores<\/td>/);
    expect(visible).not.toContain('|---|');
  });

  it('shows a link to a script or data URL as its text only, not as a link that does nothing', () => {
    const { html, visible } = render('[Claim](javascript:alert(1)), [logo](data:text/html,x), [more][r]\n\n[r]: vbscript:msgbox');
    expect(html).not.toContain('<a');
    expect(visible).toContain('Claim, logo, more');
  });

  it('leaves a bare web or e-mail address as text: only the model\'s own markdown links are links', () => {
    const { links, visible } = render('Call the shop or visit www.evil.example or https://evil.example/x, or write to a@evil.example');
    expect(links).toEqual([]);
    expect(visible).toContain('www.evil.example');
  });
});

describe('a reply nested thousands deep', () => {
  it('renders, nested no deeper than the cap, where the parser overflowed its stack and took the page down (a probe)', () => {
    for (const text of ['>'.repeat(3990), '- '.repeat(1990) + 'x', '1. '.repeat(1300) + 'x', '> '.repeat(1990)]) {
      const { html, visible } = render(text);
      expect(html.split('<blockquote>').length + html.split('<li>').length - 2, text.slice(0, 8)).toBeLessThanOrEqual(CHAT_NESTING_MAX);
      expect(visible.length, text.slice(0, 8)).toBeGreaterThan(1000);
    }
    // A reply of ordinary depth is as written.
    expect(render('> a quote\n> - with a list').html).toBe(
      '<div class="chat-markdown space-y-2 break-words [&amp;_li]:ml-4 [&amp;_ol]:list-decimal [&amp;_pre]:overflow-x-auto [&amp;_ul]:list-disc"><blockquote>\n<p>a quote</p>\n<ul>\n<li>with a list</li>\n</ul>\n</blockquote></div>',
    );
  });
});
