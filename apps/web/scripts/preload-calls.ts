/**
 * The preload helper's calls taken out of a built chunk (vite.config.ts, docs/decisions/0239): Vite writes every
 * `import()` as `helper(()=>import(…)…)`, and with no preload lists the helper would only call its function.
 */

/** An empty preload list: what Vite passes the helper after its function when there is nothing to preload. */
const NO_PRELOADS = ',[])';

/**
 * The call opened at `open` (its `(`): where its function ends and where the call closes; undefined if it does not
 * close, or if it has a second argument other than an empty preload list.
 */
function callAt(code: string, open: number): { end: number; close: number } | undefined {
  let depth = 0;
  for (let i = open; i < code.length; i++) {
    const c = code[i]!;
    if (c === '"' || c === "'" || c === '`') {
      // The literals of these calls are file names and plain words: no `${` to follow into.
      for (i++; i < code.length && code[i] !== c; i++) if (code[i] === '\\') i++;
    } else if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ',' && depth === 1) return code.startsWith(NO_PRELOADS, i) ? { end: i, close: i + NO_PRELOADS.length - 1 } : undefined;
    else if ((c === ')' || c === ']' || c === '}') && --depth === 0) return c === ')' ? { end: i, close: i } : undefined;
  }
  return undefined;
}

/**
 * A minified chunk with each call of the preload helper (imported from `helperFile`, a path beside the chunk) made
 * without it: `helper(()=>import(…)…)` written `import(…)…`, and `helper(async()=>{…})`, where an `await import()`
 * takes names out of a module, written `(async()=>{…})()`; each with or without an empty preload list after the
 * function. The helper's import goes. Only calls whose function is one of these two are the helper's: a local of the
 * same short name in an inner scope, called otherwise, is left alone. Throws on a call of either shape it cannot read.
 */
export function unwrapPreloadCalls(code: string, helperFile: string): string {
  const file = helperFile.slice(helperFile.lastIndexOf('/') + 1).replaceAll('.', '\\.');
  const imported = new RegExp(`import\\{[\\w$]+ as ([\\w$]+)\\}from"\\./${file}";?`).exec(code);
  if (!imported) return code;
  const helper = imported[1]!;
  const calls = new RegExp(`(?<![\\w$.])${helper.replaceAll('$', '\\$')}\\((\\(\\)=>import\\(|async\\(\\)=>\\{)`, 'g');
  let out = code.slice(0, imported.index) + code.slice(imported.index + imported[0].length);
  for (let match = calls.exec(out); match; match = calls.exec(out)) {
    const found = callAt(out, match.index + helper.length);
    if (!found) throw new Error(`a call of the preload helper it cannot read: ${out.slice(match.index, match.index + 80)}`);
    const fn = out.slice(match.index + helper.length + 1, found.end);
    const written = fn.startsWith('async') ? `(${fn})()` : fn.slice('()=>'.length);
    out = out.slice(0, match.index) + written + out.slice(found.close + 1);
    calls.lastIndex = match.index;
  }
  return out;
}
