/**
 * An ILIKE pattern for any text that contains `text`, its wildcards and backslashes taken literally, and an apostrophe
 * as any of its forms: "nature's" finds "Nature’s Best", as typed on a keyboard without the curly one (a probe).
 */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`).replace(/['‘’]/g, '_')}%`;
