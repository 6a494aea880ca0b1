import { gfmTableFromMarkdown } from 'mdast-util-gfm-table';
import { gfmTable } from 'micromark-extension-gfm-table';
import Markdown, { defaultUrlTransform, type Components, type Options } from 'react-markdown';
import { Link } from 'react-router';

/**
 * GitHub's tables, and nothing else of GFM: a model comparing prices answers with a table, which read as rows of
 * pipes. remark-gfm would also turn every bare URL or e-mail address into a link, including the ones a seller wrote
 * into a product's text that the model repeats; here only the model's own `[text](url)` links are links.
 */
const remarkTables: NonNullable<Options['remarkPlugins']>[number] = function () {
  // The lists remark-parse reads (its typings declare them only where remark-parse itself is imported).
  const data = this.data() as { micromarkExtensions?: unknown[]; fromMarkdownExtensions?: unknown[] };
  (data.micromarkExtensions ??= []).push(gfmTable());
  (data.fromMarkdownExtensions ??= []).push(gfmTableFromMarkdown());
};
const remarkPlugins = [remarkTables];

/**
 * A model message rendered as markdown, safely (spec section 9): raw HTML is never rendered (no
 * rehype-raw: `<img onerror>` is dropped), and link targets pass `defaultUrlTransform`, which keeps
 * only http, https, irc, ircs, mailto and xmpp (and relative) URLs and blanks the rest
 * (`javascript:` included). A link so blanked is its text only: underlined, it looked clickable and did
 * nothing (a probe). Images are not shown at all: a reply cannot load anything.
 */
const components: Components = {
  a: ({ href, children }) =>
    !href ? (
      children
    ) : href.startsWith('/') && !href.startsWith('//') ? (
      // The assistant links product pages relatively: stay in the app, keep the conversation.
      <Link to={href} className="font-medium text-primary-ink underline">
        {children}
      </Link>
    ) : (
      <a href={href} target="_blank" rel="noopener noreferrer nofollow" className="font-medium text-primary-ink underline">
        {children}
      </a>
    ),
  // A wide table scrolls inside its own box on a phone, as a code block does.
  table: ({ children }) => (
    <div className="overflow-x-auto">
      <table className="border-collapse text-left text-sm [&_td]:border [&_td]:border-gray-300 [&_td]:px-2 [&_td]:py-1 [&_th]:border [&_th]:border-gray-300 [&_th]:px-2 [&_th]:py-1">{children}</table>
    </div>
  ),
};

/** The deepest a reply's quotes and lists nest: far beyond any answer's, far below what overflows the parser's stack. */
export const CHAT_NESTING_MAX = 32;
/** A quote or list marker starting a line's content: `>`, `-`/`*`/`+` and `1.`/`1)` followed by a space or the line's end. */
const NESTING_MARKER = /^[ \t]*(?:>|[-*+](?=[ \t]|$)|\d{1,9}[.)](?=[ \t]|$))/;

/**
 * The reply with each line's quotes and lists nested at most `CHAT_NESTING_MAX` deep, the markers beyond written as text:
 * a reply of 3,990 `>` (or `- `, `1. `) overflowed the markdown parser's stack, and the app showed "Something went
 * wrong", the conversation lost (a probe).
 */
function shallow(text: string): string {
  return text
    .split('\n')
    .map((line) => {
      let depth = 0;
      let at = 0;
      for (let marker; depth < CHAT_NESTING_MAX && (marker = NESTING_MARKER.exec(line.slice(at))); depth++) at += marker[0].length;
      const rest = line.slice(at);
      const deeper = NESTING_MARKER.exec(rest);
      if (!deeper) return line;
      // The next marker escaped: its character (`>`, `-`, or a number's `.`) read as text, and all after it.
      const mark = deeper[0].length - 1;
      return `${line.slice(0, at)}${rest.slice(0, mark)}\\${rest.slice(mark)}`;
    })
    .join('\n');
}

export function ChatMarkdown({ text }: { text: string }) {
  return (
    // A long line of a code block scrolls inside its block: it pushed the whole conversation sideways on a phone.
    <div className="chat-markdown space-y-2 break-words [&_li]:ml-4 [&_ol]:list-decimal [&_pre]:overflow-x-auto [&_ul]:list-disc">
      <Markdown components={components} remarkPlugins={remarkPlugins} urlTransform={defaultUrlTransform} skipHtml disallowedElements={['img']}>
        {shallow(text)}
      </Markdown>
    </div>
  );
}
