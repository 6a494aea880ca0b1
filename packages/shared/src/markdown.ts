/** Every ASCII character that can start or end markdown syntax (CommonMark lets any of them be backslash-escaped). */
const MARKDOWN_SYNTAX = /[\\`*_{}[\]()#+\-.!|<>~&]/g;

/**
 * A text someone else wrote (a seller's product name, its weight) made literal inside markdown: a
 * name like `Mango](https://evil.example) [Free gift` must read as itself, never become a link,
 * emphasis, a heading or a new list item. Line breaks become spaces, so the text stays inline.
 */
export function escapeMarkdown(text: string): string {
  return text.replace(/\s*[\r\n]+\s*/g, ' ').replace(MARKDOWN_SYNTAX, '\\$&');
}
