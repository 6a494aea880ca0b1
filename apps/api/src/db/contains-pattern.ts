/** An ILIKE pattern for any text that contains `text`, its wildcards and backslashes taken literally. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
