export const HEADLESS_SHELL: string;
export const FULL_CHROMIUM: string;
export function chromiumPath(env?: Record<string, string | undefined>): string;
