export const INDEX: string;
export function decisionsIndex(): string;
