import { AppError } from '../../lib/app-error.js';

export const productNotFound = () => new AppError('PRODUCT_NOT_FOUND', 'Product not found');

/** A sitemap file number the index does not name (or not as it writes it: `-01`): the route exists, the file does not. */
export const sitemapFileNotFound = (path: string) => new AppError('SITEMAP_FILE_NOT_FOUND', `No such sitemap file: ${path} (the sitemap index, /sitemap.xml, names those there are)`);
