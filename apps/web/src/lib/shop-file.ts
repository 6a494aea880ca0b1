import { ApiError } from './api-client';
import { toast } from './toast';
import { env } from '../config/env';

/**
 * A file the shop serves at `path` (a product's current image, to send it again), as a Blob; a failure is toasted.
 * Beside the API client, not in it: only the seller's product edit reads one, and the client is in every first load.
 */
export async function shopFile(path: string): Promise<Blob> {
  const response = await fetch(`${env.apiUrl}${path}`, { credentials: 'include' }).catch(() => undefined);
  if (!response?.ok) {
    const error = new ApiError(`Could not read ${path}: try again`, response?.status ?? 0, response ? 'HTTP_ERROR' : 'NETWORK_ERROR');
    toast.error(error.message);
    throw error;
  }
  return response.blob();
}
