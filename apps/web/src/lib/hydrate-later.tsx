import { lazy, Suspense, type ComponentType } from 'react';

interface LaterPart {
  load: () => Promise<unknown>;
  /** The loaded component, on the server only (loadLaterParts). */
  now?: unknown;
}
const parts: LaterPart[] = [];
/** The browser's loads of parts under way: the app counts as started once they have arrived (laterPartsLoaded). */
const loading = new Set<Promise<unknown>>();

/**
 * A part of a server-rendered page that the browser loads and hydrates after the rest (issue 27,
 * docs/decisions/0205): the footer, the structured data, sections below a page's main content. The server
 * renders it in place (server-render.tsx loads every part first); the browser's first load leaves it out,
 * and React keeps the server's markup for it until `load` has brought its chunk, then hydrates it on its
 * own, in a task of its own. Its links work before that (anchors); a click on one of its buttons before
 * that is lost, so a part whose buttons must not lose a click (the cart's Add) keeps them inert until
 * then (cart-stepper.tsx). A screen the browser draws itself waits for the chunk (nothing shows meanwhile).
 */
export function hydrateLater<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const part: LaterPart = { load };
  parts.push(part);
  let loaded: Promise<{ default: ComponentType<P> }> | undefined;
  const start = () => {
    if (!loaded) {
      const component = load();
      loading.add(component);
      void component.finally(() => loading.delete(component)).catch(() => undefined);
      loaded = component.then((c) => ({ default: c }));
    }
    return loaded;
  };
  // In the browser the chunk is asked for at once, with the module that declares the part: React hydrates a
  // Suspense boundary's content in a pass of its own after the page, and would only ask then.
  if (typeof document !== 'undefined') void start().catch(() => undefined);
  const Part = lazy(start);
  function Later(props: P) {
    const Now = part.now as ComponentType<P> | undefined;
    // The same markup either way: the browser hydrates the server's <Now> with its <Part>.
    return <Suspense fallback={null}>{Now ? <Now {...props} /> : <Part {...props} />}</Suspense>;
  }
  return Later;
}

/** The server's side (server-render.tsx): every part declared so far loaded, so pages render them in place. */
export async function loadLaterParts(): Promise<void> {
  await Promise.all(
    parts
      .filter((part) => !part.now)
      .map(async (part) => {
        part.now = await part.load();
      }),
  );
}

/** Resolves once every part the page has asked for so far has loaded (or failed): then React hydrates them. */
export async function laterPartsLoaded(): Promise<void> {
  while (loading.size) await Promise.allSettled([...loading]);
}
