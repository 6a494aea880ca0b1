/**
 * The largest product photo taken (the server's check; the seller's form says it when the file is chosen). A
 * module of its own, so it sits in the seller form's chunk, not in every page's first load with constants.ts.
 */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
