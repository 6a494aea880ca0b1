/** Text written into HTML, as text or an attribute's value. */
export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The server's own small page for a browser told something outside the app (an address that cannot be read, a payment
 * page refused): the shop's name, what happened, and one way on. Plain text only: `title` and `text` are escaped.
 */
export function messagePage({ title, text, link }: { title: string; text: string; link: { href: string; label: string } }): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">
<title>${escapeHtml(title)} | GreenCart</title><link rel="icon" type="image/svg+xml" href="/favicon.svg">
<style>body{margin:0;font-family:system-ui,sans-serif;color:#1f2937}main{max-width:32rem;margin:20vh auto 0;padding:0 1.5rem;text-align:center}
.brand{color:#1f7a52;font-weight:700;font-size:1.75rem}h1{font-size:1.5rem;font-weight:500}p{color:#4b5563;line-height:1.5}
a.on{display:inline-block;margin-top:1rem;padding:.6rem 1.5rem;border-radius:.375rem;background:#1f7a52;color:#fff;text-decoration:none}</style></head>
<body><main><p class="brand">GreenCart</p><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p><a class="on" href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></main></body></html>`;
}
