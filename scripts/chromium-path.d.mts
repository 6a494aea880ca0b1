export function chromiumPath(env?: Record<string, string | undefined>): string;
