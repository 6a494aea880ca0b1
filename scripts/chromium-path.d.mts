export function chromiumPath(env?: Record<string, string | undefined>): string;
export const FULL_CHROMIUM: string;
