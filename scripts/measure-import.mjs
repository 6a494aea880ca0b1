#!/usr/bin/env node
// Bulk import timing of issue 16 (docs/perf.md, "Bulk import"): a benchmark, not a test.
//   node scripts/measure-import.mjs http://127.0.0.1:3183 [rows]
// Makes `rows` (default 5,000) products, each with its own 800x800 JPEG photo (~33 kB), zips the photos, logs in as the seller (SELLER_EMAIL /
// SELLER_PASSWORD, the dev defaults otherwise) and posts the CSV and zip to POST /api/product/import,
// timing the upload, the check (until the first progress line) and the whole import.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import yazl from 'yazl';

const base = process.argv[2];
const rows = Number(process.argv[3] ?? 5000);
if (!base) {
  console.error('usage: node scripts/measure-import.mjs <shop URL> [rows]');
  process.exit(2);
}

const CATEGORIES = ['Vegetables', 'Fruits', 'Drinks', 'Instant', 'Dairy', 'Bakery', 'Grains'];

// The files are kept in the temporary folder and reused by the next run of the same size.
const cached = path.join(os.tmpdir(), `greencart-import-bench-${rows}`);
let started = Date.now();
if (!fs.existsSync(`${cached}.zip`)) await makeFiles();
const zipBuffer = fs.readFileSync(`${cached}.zip`);
const csvText = fs.readFileSync(`${cached}.csv`, 'utf8');

async function makeFiles() {
const zip = new yazl.ZipFile();
const lines = ['name,description,category,price,offerPrice,weight,stock,images'];
// Photo-like JPEGs of 800x800 (a shaded fruit on a light background with a little grain, ~33 kB):
// eight rendered scenes, each product's copy tinted and re-encoded so no two files are the same.
const SIZE = 800;
const scene = async (i) => {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}"><defs><radialGradient id="g" cx="40%" cy="35%"><stop offset="0" stop-color="hsl(${(i * 47) % 360},80%,75%)"/><stop offset="1" stop-color="hsl(${(i * 47) % 360},70%,35%)"/></radialGradient></defs><rect width="100%" height="100%" fill="#f4f4f0"/><ellipse cx="50%" cy="52%" rx="${30 + i}%" ry="32%" fill="url(#g)"/><ellipse cx="50%" cy="90%" rx="35%" ry="4%" fill="#0002"/></svg>`;
  const grain = await sharp({ create: { width: SIZE, height: SIZE, channels: 3, noise: { type: 'gaussian', mean: 0, sigma: 6 } } }).raw().toBuffer();
  return sharp(Buffer.from(svg)).composite([{ input: grain, raw: { width: SIZE, height: SIZE, channels: 3 }, blend: 'add' }]).png().toBuffer();
};
const scenes = await Promise.all(Array.from({ length: 8 }, (_, i) => scene(i)));
let photoBytes = 0;
for (let i = 0; i < rows; i++) {
  const photo = await sharp(scenes[i % 8])
    .modulate({ brightness: 0.9 + (i % 97) / 485, hue: i % 180 })
    .jpeg({ quality: 80 })
    .toBuffer();
  photoBytes += photo.length;
  zip.addBuffer(photo, `photos/p${i}.jpg`, { compress: false });
  lines.push(`Bulk product ${i},Fresh|Line two,${CATEGORIES[i % 7]},${50 + (i % 100)},${45 + (i % 100)}.5,1 kg,${i % 50},p${i}.jpg`);
}
zip.end();
const chunks = [];
for await (const chunk of zip.outputStream) chunks.push(chunk);
fs.writeFileSync(`${cached}.zip`, Buffer.concat(chunks));
fs.writeFileSync(`${cached}.csv`, lines.join('\n'));
console.log(`made ${rows} rows and ${rows} photos (${(photoBytes / 1024 / 1024).toFixed(1)} MB) in ${Date.now() - started} ms`);
}

const login = await fetch(`${base}/api/seller/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json', origin: base },
  body: JSON.stringify({ email: process.env.SELLER_EMAIL ?? 'seller@greencart.local', password: process.env.SELLER_PASSWORD ?? 'greencart-seller' }),
});
// The session's cookie, not the device token a login sets beside it (decision 0097).
const cookie = login.headers.getSetCookie().find((c) => c.startsWith('gc_seller_session='))?.split(';')[0];
if (!login.ok || !cookie) throw new Error(`seller login failed: ${login.status}`);

const form = new FormData();
form.append('csv', new Blob([csvText], { type: 'text/csv' }), 'bulk.csv');
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
