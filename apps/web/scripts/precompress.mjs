// The build's text files compressed once, at their best, beside them: `<file>.br` (brotli, quality 11) and
// `<file>.gz` (gzip, level 9). The server sends the one the browser accepts as it is (@fastify/static's
// `preCompressed`) instead of compressing every response again at a quick setting (docs/decisions/0214).
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** What the server hands out as files and compresses (pages go out through their routes; images are WebP). */
const TEXT_FILE = /\.(?:js|css|svg|json|txt|xml|webmanifest)$/;

/** Every file under `dir` that is served as a file: dot folders (the manifest, the server renderer) are not. */
function servedFiles(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name.startsWith('.')) return [];
    const file = path.join(dir, entry.name);
    return entry.isDirectory() ? servedFiles(file) : [file];
  });
}

/** Writes the compressed copies of `dist`'s text files; a copy no smaller than its file is not written. */
export async function precompress(dist) {
  const files = servedFiles(dist).filter((file) => TEXT_FILE.test(file));
  await Promise.all(
    files.map(async (file) => {
      const bytes = await fs.promises.readFile(file);
      const copies = {
        br: await brotli(bytes, {
          params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
        }),
        gz: await gzip(bytes, { level: 9 }),
      };
      for (const [extension, copy] of Object.entries(copies)) if (copy.length < bytes.length) await fs.promises.writeFile(`${file}.${extension}`, copy);
    }),
  );
}
