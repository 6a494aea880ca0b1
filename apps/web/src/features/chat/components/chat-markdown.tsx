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

export function ChatMarkdown({ text }: { text: string }) {
  return (
    // A long line of a code block scrolls inside its block: it pushed the whole conversation sideways on a phone.
    <div className="chat-markdown space-y-2 break-words [&_li]:ml-4 [&_ol]:list-decimal [&_pre]:overflow-x-auto [&_ul]:list-disc">
      <Markdown components={components} remarkPlugins={remarkPlugins} urlTransform={defaultUrlTransform} skipHtml disallowedElements={['img']}>
        {text}
      </Markdown>
    </div>
  );
}
