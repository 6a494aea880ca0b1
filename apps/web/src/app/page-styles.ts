/**
 * The stylesheet a server-rendered page needs for its own markup (issue 27, docs/decisions/0204): the
 * app's whole stylesheet (44 kB, 8 kB gzip) without the style rules that can match none of the page's
 * elements, because every selector of the rule names a class the page does not use. At-rules, custom
 * properties, keyframes and rules without classes stay whole. The page inlines this (it paints with no
 * stylesheet request); the app's whole stylesheet arrives with its scripts (start-app.ts), before
 * anything the browser draws later (a menu, a dialog, another screen) needs it.
 */

interface CssNode {
  /** The text before `{` (a selector list or an at-rule's prelude), or a whole statement (`@layer a,b;`, a comment). */
  prelude: string;
  /** Nested rules (a grouping at-rule), declarations as text, or none for a statement. */
  body?: CssNode[] | string;
  /** A style rule's selectors' required classes (`requiredClasses`), read once, at the first page that asks. */
  needs?: (string[] | undefined)[];
}

/** At-rules whose block holds rules (pruned inside); any other block (@property, @keyframes, @font-face) is kept as text. */
const GROUPING = /^@(media|supports|layer|container|scope|starting-style)\b/;

/** Parses minified CSS into rules and blocks: enough for a build's own stylesheet (strings and comments respected). */
export function parseCss(css: string): CssNode[] {
  let at = 0;
  const skipString = (quote: string) => {
    at++;
    while (at < css.length && css[at] !== quote) at += css[at] === '\\' ? 2 : 1;
    at++;
  };
  /** Reads to the `}` that closes a block (or to the end), returning its raw text. */
  const rawBlock = () => {
    const start = at;
    let depth = 0;
    while (at < css.length) {
      const char = css[at]!;
      if (char === '\\') at += 2;
      else if (char === '"' || char === "'") skipString(char);
      else if (char === '/' && css[at + 1] === '*') {
        const end = css.indexOf('*/', at + 2);
        at = end < 0 ? css.length : end + 2;
      } else if (char === '{') {
        depth++;
        at++;
      } else if (char === '}') {
        if (depth === 0) break;
        depth--;
        at++;
      } else at++;
    }
    return css.slice(start, at);
  };
  const nodes = (): CssNode[] => {
    const list: CssNode[] = [];
    while (at < css.length) {
      while (/\s/.test(css[at] ?? '')) at++;
      if (at >= css.length || css[at] === '}') break;
      if (css.startsWith('/*', at)) {
        const end = css.indexOf('*/', at + 2);
        const stop = end < 0 ? css.length : end + 2;
        list.push({ prelude: css.slice(at, stop) });
        at = stop;
        continue;
      }
      const start = at;
      while (at < css.length && css[at] !== '{' && css[at] !== ';' && css[at] !== '}') {
        // An escaped character (`.top-1\.5`, `\{` in a class name) is part of the name.
        if (css[at] === '\\') at += 2;
        else if (css[at] === '"' || css[at] === "'") skipString(css[at]!);
        else at++;
      }
      const prelude = css.slice(start, at).trim();
      if (css[at] === ';') {
        at++;
        list.push({ prelude: `${prelude};` });
        continue;
      }
      if (css[at] !== '{') {
        list.push({ prelude });
        break;
      }
      at++;
      const body = GROUPING.test(prelude) ? nodes() : rawBlock();
      at++; // the closing brace
      list.push({ prelude, body });
    }
    return list;
  };
  return nodes();
}

export function printCss(list: CssNode[]): string {
  return list.map(({ prelude, body }) => (body === undefined ? prelude : `${prelude}{${typeof body === 'string' ? body : printCss(body)}}`)).join('');
}

/** The class names a selector requires of its element and ancestors: `.md\:flex` is `md:flex`. */
function requiredClasses(selector: string): string[] | undefined {
  // A choice inside :is()/:where()/:has() (a comma) cannot be read as "all of these": such a rule is kept.
  if (/:(?:is|where|has)\([^)]*,/.test(selector)) return undefined;
  // A class under :not() is one the element must not have.
  const positive = selector.replace(/:not\((?:[^()]|\([^()]*\))*\)/g, '');
  return [...positive.matchAll(/\.((?:\\.|[\w-])+)/g)].map((match) => match[1]!.replace(/\\(.)/g, '$1'));
}

/** A selector list's selectors: split on the commas outside parentheses. */
function selectorsOf(list: string): string[] {
  const selectors: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < list.length; i++) {
    const char = list[i];
    if (char === '\\') i++;
    else if (char === '(') depth++;
    else if (char === ')') depth--;
    else if (char === ',' && depth === 0) {
      selectors.push(list.slice(start, i));
      start = i + 1;
    }
  }
  return [...selectors, list.slice(start)];
}

/** Keeps the rules some element with these classes may match. */
export function pruneCss(list: CssNode[], classes: ReadonlySet<string>): CssNode[] {
  const kept: CssNode[] = [];
  for (const node of list) {
    if (Array.isArray(node.body)) {
      const body = pruneCss(node.body, classes);
      if (body.length) kept.push({ prelude: node.prelude, body });
    } else if (node.body === undefined || node.prelude.startsWith('@')) kept.push(node);
    else if ((node.needs ??= selectorsOf(node.prelude).map(requiredClasses)).some((needed) => needed?.every((name) => classes.has(name)) ?? true)) kept.push(node);
  }
  return kept;
}

/** Every class name in the markup's `class` attributes. */
export function classesIn(markup: string): Set<string> {
  const classes = new Set<string>();
  for (const match of markup.matchAll(/\sclass="([^"]*)"/g)) for (const name of match[1]!.split(/\s+/)) if (name) classes.add(decodeEntities(name));
  return classes;
}

const decodeEntities = (text: string) => text.replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>');

/** The stylesheet's text cut to what the markup's classes may use (parsed once, pruned per page). */
export function pageStyles(css: string) {
  const parsed = parseCss(css);
  return (markup: string) => printCss(pruneCss(parsed, classesIn(markup)));
}
