import { IMAGE_WIDTHS } from '@greencart/shared';
import { describe, expect, it } from 'vitest';
import { createImageService } from './image-service.js';
import type { ImageStorage } from './image-storage.js';

describe('storing an image', () => {
  it('keeps all its sizes or none: a size that fails to write (a full disk) takes the others with it', async () => {
    const files = new Set<string>();
    const storage = {
      async put(name: string) {
        if (name.endsWith('-640.webp')) throw Object.assign(new Error('no space left on device'), { code: 'ENOSPC' });
        files.add(name);
      },
      async remove(name: string) {
        files.delete(name);
      },
    } as unknown as ImageStorage;
    const images = createImageService(storage);
    const renditions = IMAGE_WIDTHS.map((width) => ({ width, bytes: Buffer.from([width]) }));
    await expect(images.storeRenditions(renditions)).rejects.toMatchObject({ code: 'ENOSPC' });
    expect([...files]).toEqual([]);
  });
});
