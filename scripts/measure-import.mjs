#!/usr/bin/env node
// Bulk import timing of issue 16 (docs/perf.md, "Bulk import"): a benchmark, not a test.
//   node scripts/measure-import.mjs http://127.0.0.1:3183 [rows]
// Makes `rows` (default 5,000) products, each with its own 600x600 JPEG photo (noise over a colour, so
// it compresses like a photo, ~60 kB), zips the photos, logs in as the seller (SELLER_EMAIL /
// SELLER_PASSWORD, the dev defaults otherwise) and posts the CSV and zip to POST /api/product/import,
// timing the upload, the check (until the first progress line) and the whole import.
import sharp from 'sharp';
import yazl from 'yazl';

const base = process.argv[2];
const rows = Number(process.argv[3] ?? 5000);
if (!base) {
  console.error('usage: node scripts/measure-import.mjs <shop URL> [rows]');
  process.exit(2);
}

const CATEGORIES = ['Vegetables', 'Fruits', 'Drinks', 'Instant', 'Dairy', 'Bakery', 'Grains'];
const run = Date.now().toString(36);

let started = Date.now();
const zip = new yazl.ZipFile();
const lines = ['name,description,category,price,offerPrice,weight,stock,images'];
// A few distinct noise textures tinted per product: every photo's bytes differ, none is re-used.
const noise = await sharp({ create: { width: 600, height: 600, channels: 3, noise: { type: 'gaussian', mean: 128, sigma: 40 } } })
  .png()
  .toBuffer();
let photoBytes = 0;
for (let i = 0; i < rows; i++) {
  const photo = await sharp(noise)
    .tint({ r: (i * 37) % 256, g: (i * 91) % 256, b: (i * 53) % 256 })
    .jpeg({ quality: 75 })
    .toBuffer();
  photoBytes += photo.length;
  zip.addBuffer(photo, `photos/p${i}.jpg`, { compress: false });
  lines.push(`Bulk ${run} product ${i},Fresh|Line two,${CATEGORIES[i % 7]},${50 + (i % 100)},${45 + (i % 100)}.5,1 kg,${i % 50},p${i}.jpg`);
}
zip.end();
const chunks = [];
for await (const chunk of zip.outputStream) chunks.push(chunk);
const zipBuffer = Buffer.concat(chunks);
console.log(`made ${rows} rows and ${rows} photos (${(photoBytes / 1024 / 1024).toFixed(1)} MB, zip ${(zipBuffer.length / 1024 / 1024).toFixed(1)} MB) in ${Date.now() - started} ms`);

const login = await fetch(`${base}/api/seller/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json', origin: base },
  body: JSON.stringify({ email: process.env.SELLER_EMAIL ?? 'seller@greencart.local', password: process.env.SELLER_PASSWORD ?? 'greencart-seller' }),
});
const cookie = login.headers.get('set-cookie')?.split(';')[0];
if (!login.ok || !cookie) throw new Error(`seller login failed: ${login.status}`);

const form = new FormData();
form.append('csv', new Blob([lines.join('\n')], { type: 'text/csv' }), 'bulk.csv');
form.append('images', new Blob([zipBuffer], { type: 'application/zip' }), 'bulk.zip');

started = Date.now();
const res = await fetch(`${base}/api/product/import`, { method: 'POST', body: form, headers: { cookie, origin: base } });
const answered = Date.now() - started;
if (!res.ok) throw new Error(`import refused: ${res.status} ${(await res.text()).slice(0, 500)}`);
let firstRows;
let imagesDone;
let last;
const decoder = new TextDecoder();
let pending = '';
for await (const chunk of res.body) {
  pending += decoder.decode(chunk, { stream: true });
  const parts = pending.split('\n');
  pending = parts.pop();
  for (const line of parts.filter(Boolean)) {
    last = JSON.parse(line);
    if (last.type === 'progress' && last.phase === 'images' && last.done === last.total) imagesDone = Date.now() - started;
    if (last.type === 'progress' && last.phase === 'rows' && firstRows === undefined) firstRows = Date.now() - started;
  }
}
const total = Date.now() - started;
console.log(`answer (upload + check of every row and photo) after ${answered} ms; photos stored after ${imagesDone} ms; rows started at ${firstRows} ms; done after ${total} ms`);
console.log(JSON.stringify({ ...last, skipped: last.skipped?.length }));
