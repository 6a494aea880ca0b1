import Markdown, { defaultUrlTransform, type Components } from 'react-markdown';
import { Link } from 'react-router';

/**
 * A model message rendered as markdown, safely (spec section 9): raw HTML is never rendered (no
 * rehype-raw: `<img onerror>` is dropped), and link targets pass `defaultUrlTransform`, which keeps
 * only http, https, irc, ircs, mailto and xmpp (and relative) URLs and blanks the rest
 * (`javascript:` included). Images are not shown at all: a reply cannot load anything.
 */
const components: Components = {
  a: ({ href, children }) =>
    href?.startsWith('/') && !href.startsWith('//') ? (
      // The assistant links product pages relatively: stay in the app, keep the conversation.
      <Link to={href} className="font-medium text-primary-ink underline">
        {children}
      </Link>
    ) : (
      <a href={href || undefined} target="_blank" rel="noopener noreferrer nofollow" className="font-medium text-primary-ink underline">
        {children}
      </a>
    ),
};

export function ChatMarkdown({ text }: { text: string }) {
  return (
    // A long line of a code block scrolls inside its block: it pushed the whole conversation sideways on a phone.
    <div className="chat-markdown space-y-2 break-words [&_li]:ml-4 [&_ol]:list-decimal [&_pre]:overflow-x-auto [&_ul]:list-disc">
      <Markdown components={components} urlTransform={defaultUrlTransform} skipHtml disallowedElements={['img']}>
        {text}
      </Markdown>
    </div>
  );
}
