import { isUtf8 } from 'node:buffer';
import os from 'node:os';
import { parse } from 'csv-parse/sync';
import {
  MAX_IMAGE_BYTES,
  formatNetQuantity,
  CATALOGUE_CSV_COLUMNS,
  CATEGORIES,
  IMPORT_LIMITS,
  MAX_IMPORT_ISSUES_SENT,
  REQUIRED_CATALOGUE_COLUMNS,
  toMajor,
  toMinor,
  type CatalogueCsvColumn,
  type ImportEvent,
  type ImportRowIssue,
} from '@greencart/shared';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { writeCsv } from '../../lib/csv.js';
import { NUL, NUL_MESSAGE } from '../../lib/unstorable-text.js';
import type { ImageService } from '../images/image-service.js';
import { findRemovedNameKeys, findShopProductsByIds, insertProducts, nameKey, netQuantityColumns, type NewProductRow, type ProductRow } from '../products/product-repository.js';
import type { ProductService } from '../products/product-service.js';
import { checkImportRow, csvDialectOf, joinCellList, NO_UNITS_IN_STOCK, protectCell, rowIssue, unprotectCell, type CsvDialect, type ImportRow } from './catalogue-csv.js';
import { invalidImportFile } from './catalogue-import-errors.js';
import {
  findCategoryImages,
  findExportPage,
  findShopImageNames,
  findShopRetired,
  findShopTwins,
  lockShopProducts,
  twinKey,
  updateShopProducts,
  type ImportedProduct,
} from './catalogue-import-repository.js';
import type { ImageZip } from './image-zip.js';

/** What the check found: the rows to write, and every problem of the others. */
export interface ImportPlan {
  totalRows: number;
  rows: ImportRow[];
  issues: ImportRowIssue[];
  /** The live products the rows with an id update. */
  existing: Map<string, ProductRow>;
  /** The shop the file is imported into: its own products are the only ones a row's id can name. */
  sellerId: string;
  /** Image names of the valid rows that come from the zip (stored once each, even if rows share one). */
  zipImages: string[];
  /** The images the rows name that the shop already has (stored, shown by its products). */
  storedImages: string[];
}

/** Rows per INSERT statement: 500 rows × 10 columns stays far below PostgreSQL's 65,535 parameters. */
const INSERT_BATCH = 500;
/** Images rendered at once: one per core keeps them busy (rendering is CPU-bound, docs/perf.md). */
const IMAGE_CONCURRENCY = Math.max(2, os.availableParallelism());
const EXPORT_PAGE = 500;

/** The 1-based line of `csv` where it first stops being UTF-8. */
function firstLineNotUtf8(csv: Buffer): number {
  let line = 1;
  for (let start = 0; start < csv.length; line++) {
    const end = csv.indexOf(0x0a, start);
    if (!isUtf8(csv.subarray(start, end < 0 ? csv.length : end))) return line;
    if (end < 0) break;
    start = end + 1;
  }
  return line;
}

/**
 * A CSV file's text: UTF-8 (a byte-order mark skipped), or UTF-16 with its byte-order mark (a spreadsheet's "Unicode"
 * file). Any other encoding is refused rather than read with its accented letters replaced by "�" (a spreadsheet's
 * older "CSV" saves Windows-1252), and so is a NUL character, which no product text can hold (docs/decisions/0218).
 */
function csvText(csv: Buffer): string {
  const utf16 = csv[0] === 0xff && csv[1] === 0xfe ? 'utf-16le' : csv[0] === 0xfe && csv[1] === 0xff ? 'utf-16be' : undefined;
  let text: string;
  try {
    text = new TextDecoder(utf16 ?? 'utf-8', { fatal: true }).decode(csv);
  } catch {
    const where = utf16 ? '' : ` (line ${firstLineNotUtf8(csv)})`;
    throw invalidImportFile(`The CSV is not ${utf16 ? 'UTF-16' : 'UTF-8'} text${where}: save it from your spreadsheet as "CSV UTF-8" and import it again`);
  }
  const nul = text.indexOf(NUL);
  if (nul >= 0) {
    const line = text.slice(0, nul).split('\n').length;
    throw invalidImportFile(`Line ${line} of the CSV: ${NUL_MESSAGE}; is the file a CSV?`);
  }
  return text;
}

/** The rows of a CSV file (arrays of cells, the header first) and its decimal mark. A file that cannot be read is a 400. */
function readCsv(csv: Buffer): { records: string[][]; decimalMark: CsvDialect['decimalMark'] } {
  const text = csvText(csv);
  const { separator, decimalMark } = csvDialectOf(text);
  try {
    return { records: parse(text, { delimiter: separator, relax_column_count: true, max_record_size: 200_000 }) as string[][], decimalMark };
  } catch (err) {
    throw invalidImportFile(`The CSV cannot be read: ${err instanceof Error ? err.message.slice(0, 200) : 'unknown error'}`);
  }
}

function readHeader(header: string[] | undefined): CatalogueCsvColumn[] {
  if (!header) throw invalidImportFile('The CSV is empty: its first line must name the columns');
  // In any letter case: a spreadsheet capitalises headers ("Name", "OfferPrice"); each is read as the column it names.
  const columns = header.map((name) => CATALOGUE_CSV_COLUMNS.find((column) => column.toLowerCase() === name.trim().toLowerCase()) ?? name.trim());
  const unknown = columns.find((name) => !(CATALOGUE_CSV_COLUMNS as readonly string[]).includes(name));
  if (unknown !== undefined) throw invalidImportFile(`Unknown column "${unknown.slice(0, 40)}": the columns are ${CATALOGUE_CSV_COLUMNS.join(', ')}`);
  const repeated = columns.find((name, i) => columns.indexOf(name) !== i);
  if (repeated) throw invalidImportFile(`The column "${repeated}" appears twice`);
  const missing = REQUIRED_CATALOGUE_COLUMNS.filter((name) => !columns.includes(name));
  if (missing.length > 0) throw invalidImportFile(`The CSV has no ${missing.join(', ')} column${missing.length > 1 ? 's' : ''}`);
  return columns as CatalogueCsvColumn[];
}

/**
 * Runs `work` over `items`, `limit` at a time, in order of start. After a failure no item is started,
 * and the failure is thrown only once every item under way has finished, so the caller's clean-up
 * sees everything that was done.
 */
async function eachLimited<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  let failed = false;
  const worker = async () => {
    while (!failed && next < items.length) {
      try {
        await work(items[next++]!);
      } catch (err) {
        failed = true;
        throw err;
      }
    }
  };
  const results = await Promise.allSettled(Array.from({ length: Math.min(limit, items.length) }, worker));
  const failure = results.find((r) => r.status === 'rejected');
  if (failure) throw failure.reason;
}

/** Calls `emit` for every n-th step (about 100 events per phase) and the last. */
function progress(emit: (event: ImportEvent) => void, phase: 'images' | 'rows', total: number) {
  const every = Math.max(1, Math.floor(total / 100));
  let done = 0;
  if (total > 0) emit({ type: 'progress', phase, done: 0, total });
  return (steps = 1) => {
    const before = done;
    done += steps;
    if (Math.floor(done / every) !== Math.floor(before / every) || done === total) emit({ type: 'progress', phase, done, total });
  };
}

/** What makes two new products' rows the same product: their values once read, the name in any case and spacing. */
const sameProductKey = ({ row: _row, ...value }: ImportRow) =>
  JSON.stringify({ ...value, input: { ...value.input, name: value.input.name.toLowerCase().replace(/\s+/g, ' ') } });

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((item, i) => item === b[i]);

/**
 * A row's product columns but its images and In Stock. A column the file leaves out keeps `current`'s own value (a
 * price-only file keeps its stock count); `current` is undefined for a new product.
 */
function importedFields(row: ImportRow, current: ProductRow | undefined) {
  const { input } = row;
  const kept = (column: ImportRow['leftOut'][number]) => current !== undefined && row.leftOut.includes(column);
  return {
    name: input.name,
    description: kept('description') ? current!.description : input.description,
    category: input.category,
    priceMinor: toMinor(input.price),
    offerPriceMinor: toMinor(input.offerPrice),
    weight: kept('weight') ? current!.weight : (input.weight ?? null),
    stock: kept('stock') ? current!.stock : row.stock,
    // A file without the netQuantity column (written before issue 28) leaves the product's as it is.
    ...(input.netQuantity === undefined ? (current ? { netAmount: current.netAmount, netUnit: current.netUnit } : netQuantityColumns(null)) : netQuantityColumns(input.netQuantity)),
  };
}

/** What a row changes in the shop's product as it is now (locked), or undefined when it changes nothing. */
function updatedProduct(row: ImportRow, current: ProductRow, storedAs: Map<string, string>): ImportedProduct | undefined {
  const fields = importedFields(row, current);
  const imageNames = row.images.map((name) => storedAs.get(name) ?? name);
  // The file's In Stock when it says one; else a count the file leaves as it is keeps the flag too: the seller's
  // switch (or a restore) took it out of stock.
  const inStock = row.inStock ?? (fields.stock === null || fields.stock === current.stock ? current.inStock : fields.stock > 0);
  const next = { ...fields, images: imageNames.length > 0 ? imageNames : current.images, inStock };
  const same =
    next.name === current.name &&
    sameList(next.description, current.description) &&
    next.category === current.category &&
    next.priceMinor === current.priceMinor &&
    next.offerPriceMinor === current.offerPriceMinor &&
    next.weight === current.weight &&
    next.netAmount === current.netAmount &&
    next.netUnit === current.netUnit &&
    next.stock === current.stock &&
    sameList(next.images, current.images) &&
    next.inStock === current.inStock;
  return same ? undefined : next;
}

/** A read of many ids a thousand at a time (a query's parameters are bounded), its rows together. */
async function byThousands<R>(ids: string[], read: (some: string[]) => Promise<R[]>): Promise<R[]> {
  const found: R[] = [];
  for (let i = 0; i < ids.length; i += 1000) found.push(...(await read(ids.slice(i, i + 1000))));
  return found;
}

/**
 * The bulk catalogue (issue 16; docs/decisions/0074-0077): import checks every row of a CSV first with
 * the Add Product rules, then stores the zip's images through the upload pipeline and writes every row
 * in one transaction; export writes the live catalogue in the same format, a page at a time.
 */
export function createCatalogueImportService(deps: { db: Db; images: ImageService; products: Pick<ProductService, 'invalidate'> }) {
  const { db, images, products } = deps;

  /** The columns of one product row of the CSV, spreadsheet-guarded. */
  const toCsvRecord = (
    row: Pick<ProductRow, 'name' | 'description' | 'category' | 'priceMinor' | 'offerPriceMinor' | 'weight' | 'stock' | 'images' | 'netAmount' | 'netUnit' | 'inStock'> & { id: string },
  ) =>
    [
      row.id,
      row.name,
      joinCellList(row.description),
      row.category,
      String(toMajor(row.priceMinor)),
      String(toMajor(row.offerPriceMinor)),
      row.weight ?? '',
      row.stock === null ? '' : String(row.stock),
      joinCellList(row.images),
      row.netAmount === null || row.netUnit === null ? '' : formatNetQuantity({ amount: row.netAmount, unit: row.netUnit }),
      row.inStock ? 'yes' : 'no',
    ].map(protectCell);

  return {
    /** Reads and checks the whole file; writes nothing. */
    async check(sellerId: string, csv: Buffer, zip: ImageZip | undefined): Promise<ImportPlan> {
      const { records, decimalMark } = readCsv(csv);
      const columns = readHeader(records[0]);
      const issues: ImportRowIssue[] = [];
      const checked: { row: number; images: string[]; value?: ImportRow }[] = [];
      const newRowOf = new Map<string, number>();
      const zipName = (name: string) => zip?.nameOf(name) ?? name;
      for (let i = 1; i < records.length; i++) {
        const cells = records[i]!;
        if (cells.every((cell) => cell.trim() === '')) continue;
        const row = i + 1;
        if (checked.length >= IMPORT_LIMITS.rows) throw invalidImportFile(`The CSV has more than ${IMPORT_LIMITS.rows.toLocaleString('en-IN')} products; split it into smaller files`);
        if (cells.length !== columns.length) {
          issues.push(rowIssue(row, 'row', `This row has ${cells.length} cells; the header has ${columns.length}`));
          checked.push({ row, images: [] });
          continue;
        }
        const byColumn = Object.fromEntries(columns.map((column, c) => [column, unprotectCell(cells[c]!)]));
        const checkedRow = checkImportRow(byColumn, row, decimalMark);
        // A zip image is named in any letter case (a camera's `IMG_1.JPG` as `img_1.jpg`): rows name it as the zip
        // does from here on, so it is checked and stored once whatever case each row writes.
        const result = { ...checkedRow, images: checkedRow.images.map(zipName), value: checkedRow.value && { ...checkedRow.value, images: checkedRow.value.images.map(zipName) } };
        // A new product's row pasted twice would make the product twice: rows alike once read ("10" and "10.00",
        // "Mango" and "mango ") are the same product.
        const newRow = result.value && !result.value.id ? sameProductKey(result.value) : undefined;
        const sameAs = newRow === undefined ? undefined : newRowOf.get(newRow);
        if (sameAs) issues.push(rowIssue(row, 'row', `This row repeats row ${sameAs}: a new product is made once`));
        else if (newRow !== undefined) newRowOf.set(newRow, row);
        issues.push(...result.issues);
        checked.push({ row, images: result.images, value: sameAs ? undefined : result.value });
      }
      if (checked.length === 0) throw invalidImportFile('The CSV has a header and no products');

      // Rows that update a product: it must be one of this shop's, still sold, and named once. A product on two rows is
      // refused on both (a probe: the first was applied, silently over the second): which edit is meant is the shop's call.
      const rowsOf = new Map<string, number[]>();
      for (const c of checked) if (c.value?.id) rowsOf.set(c.value.id, [...(rowsOf.get(c.value.id) ?? []), c.row]);
      const ids = [...rowsOf.keys()];
      // The shop's own products still sold: another shop's product is as unknown as one that never existed (issue 26).
      const existing = new Map((await byThousands(ids, (some) => findShopProductsByIds(db, sellerId, some))).map((p) => [p.id, p]));
      // Why an id is not one to update, said apart: a product the shop deleted, one the operator removed, or none.
      const missing = ids.filter((id) => !existing.has(id));
      const retired = new Map((await byThousands(missing, (some) => findShopRetired(db, sellerId, some))).map((p) => [p.id, p.removedByOperator]));
      const failed = new Set(issues.map((i) => i.row));
      // In stock "yes" on a product whose kept count is 0 (the file has no stock column): refused as on its own row.
      for (const c of checked) {
        const current = c.value?.id ? existing.get(c.value.id) : undefined;
        if (c.value?.inStock && current?.stock === 0 && c.value.leftOut.includes('stock')) {
          issues.push(rowIssue(c.row, 'inStock', NO_UNITS_IN_STOCK));
          failed.add(c.row);
        }
      }
      for (const [id, rows] of rowsOf) {
        const message = !existing.has(id)
          ? retired.get(id) === true
            ? 'The operator removed this product (see Deleted products): take its row out'
            : retired.has(id)
              ? 'This product was deleted: restore it from Deleted products first, or take its row out'
              : 'No product of this shop has this id'
          : rows.length > 1
            ? `This product is on rows ${rows.join(', ')}: keep one of them`
            : undefined;
        if (!message) continue;
        for (const row of rows) {
          issues.push(rowIssue(row, 'id', message));
          failed.add(row);
        }
      }
      // A product named as one the operator removed from the shop is not put on sale again (0231), made anew or renamed
      // so: its row without the id made it anew, another product's row renamed one to it (probes).
      const valid = checked.filter((c) => c.value);
      const removed = valid.length > 0 ? await findRemovedNameKeys(db, sellerId) : new Set<string>();
      for (const c of valid) {
        if (!removed.has(nameKey(c.value!.input.name))) continue;
        issues.push(rowIssue(c.row, 'name', 'The operator removed a product of this name from the shop (see Deleted products): take its row out'));
        failed.add(c.row);
      }

      // Every image named: a file in the zip (a real JPEG/PNG/WebP/AVIF of at most 5 MB, checked
      // once per name) or an image the shop's products show (as the export names them); never another shop's.
      const names = [...new Set(checked.flatMap((c) => c.images))];
      const stored = await findShopImageNames(db, sellerId, names.filter((name) => !zip?.has(name)));
      const problemOf = new Map<string, string>();
      for (const name of names) {
        if (zip?.has(name)) {
          if (zip.unpackedSize(name) > MAX_IMAGE_BYTES) {
            problemOf.set(name, `Image "${name}" is larger than 5 MB`);
            continue;
          }
          try {
            await images.assertAcceptable(await zip.read(name), `Image "${name}"`);
          } catch (err) {
            if (!(err instanceof AppError)) throw err;
            problemOf.set(name, err.message);
          }
        } else if (!stored.has(name)) {
          problemOf.set(name, zip ? `Image "${name}" is not in the zip, nor an image of this shop` : `Image "${name}" is not an image of this shop: send it in the zip`);
        }
      }
      for (const c of checked) {
        const problem = c.images.map((name) => problemOf.get(name)).find(Boolean);
        if (problem) {
          issues.push(rowIssue(c.row, 'images', problem));
          failed.add(c.row);
        }
      }

      issues.sort((a, b) => a.row - b.row || CATALOGUE_CSV_COLUMNS.indexOf(a.column as CatalogueCsvColumn) - CATALOGUE_CSV_COLUMNS.indexOf(b.column as CatalogueCsvColumn));
      const rows = checked.flatMap((c) => (c.value && !failed.has(c.row) ? [c.value] : []));
      const named = [...new Set(rows.flatMap((r) => r.images))];
      const zipImages = named.filter((name) => zip?.has(name));
      return { totalRows: checked.length, rows, issues, existing, zipImages, storedImages: named.filter((name) => !zip?.has(name)), sellerId };
    },

    /**
     * Writes a checked plan: the zip's images through the upload pipeline, then every row in ONE
     * transaction (inserts in batches of 500 statements inside it), so a failure leaves the catalogue
     * as it was and removes the images stored for it. Reports progress through `emit`.
     */
    async run(plan: ImportPlan, zip: ImageZip | undefined, emit: (event: ImportEvent) => void): Promise<Extract<ImportEvent, { type: 'done' }>> {
      const storedAs = new Map<string, string>();
      try {
        // The shop's stored images the rows name, kept from the orphan sweep before anything else: one an edit stopped
        // showing while the zip's images were made was swept, and the product imported with it showed none (a probe).
        const gone = await images.keep(plan.storedImages);
        if (gone.length > 0) throw invalidImportFile(`Image "${gone[0]}" is no longer stored: send it in the zip`);
        const imageStep = progress(emit, 'images', plan.zipImages.length);
        await eachLimited(plan.zipImages, IMAGE_CONCURRENCY, async (name) => {
          storedAs.set(name, await images.store(await zip!.read(name), `Image "${name}"`));
          imageStep();
        });

        const start = Date.now() - plan.rows.length;
        const inserts: { row: ImportRow; product: NewProductRow }[] = [];
        // The rows that name one of the shop's products.
        const named = plan.rows.filter((row) => row.id !== undefined && plan.existing.has(row.id));
        plan.rows.forEach((row, i) => {
          if (row.id !== undefined && plan.existing.has(row.id)) return;
          const stock = row.stock;
          // Created in the file's order: the shop lists oldest first, the seller newest first.
          const product = { ...importedFields(row, undefined), images: row.images.map((name) => storedAs.get(name) ?? name), sellerId: plan.sellerId, inStock: row.inStock ?? (stock === null || stock > 0), createdAt: new Date(start + i) };
          inserts.push({ row, product });
        });

        let updated = 0;
        let created = 0;
        const rowStep = progress(emit, 'rows', inserts.length + named.length);
        await db.transaction(async (tx) => {
          // A new row the shop already sells (the same name, category, size and prices: this file imported before, or a
          // sheet kept without the id column) makes nothing new: it is that product, changed where the row changes it (its
          // stock, description: a probe's daily stock sheet was counted "unchanged" and its counts dropped). A row with
          // several such twins is ambiguous: nothing is made or changed (unchanged).
          // A twin the file also names by its id is changed by that row alone (the same product changed twice in one batch).
          const twins = await findShopTwins(tx, plan.sellerId, inserts.map((insert) => insert.product));
          const namedIds = new Set(named.map((row) => row.id));
          const creating: NewProductRow[] = [];
          const twinRows: ImportRow[] = [];
          for (const { row, product } of inserts) {
            const ids = twins.get(twinKey({ ...product, weight: product.weight ?? null }));
            if (!ids) creating.push(product);
            else if (ids.length === 1 && !namedIds.has(ids[0])) twinRows.push({ ...row, id: ids[0] });
          }
          rowStep(inserts.length - creating.length - twinRows.length);
          for (let i = 0; i < creating.length; i += INSERT_BATCH) {
            const batch = creating.slice(i, i + INSERT_BATCH);
            await insertProducts(tx, batch);
            rowStep(batch.length);
          }
          created = creating.length;
          // In id order, as checkout locks products (issue 25).
          const toUpdate = [...named, ...twinRows].sort((a, b) => (a.id! < b.id! ? -1 : a.id! > b.id! ? 1 : 0));
          // Batch after batch: each locked and read as it is now, then changed where the file changes it.
          for (let i = 0; i < toUpdate.length; i += INSERT_BATCH) {
            const batch = toUpdate.slice(i, i + INSERT_BATCH);
            const current = new Map((await lockShopProducts(tx, plan.sellerId, batch.map((row) => row.id!))).map((p) => [p.id, p]));
            const changes = batch.flatMap((row) => {
              const now = current.get(row.id!);
              const next = now && updatedProduct(row, now, storedAs);
              return next ? [{ id: now!.id, changes: next }] : [];
            });
            await updateShopProducts(tx, plan.sellerId, changes);
            updated += changes.length;
            rowStep(batch.length);
          }
        });
        const unchanged = named.length + inserts.length - updated - created;
        products.invalidate();
        const skippedRows = new Set(plan.issues.map((i) => i.row)).size;
        return { type: 'done', created, updated, unchanged, skippedRows, skipped: plan.issues.slice(0, MAX_IMPORT_ISSUES_SENT) };
      } catch (err) {
        await Promise.all([...storedAs.values()].map((name) => images.remove(name)));
        throw err;
      }
    },

    /** The shop's live catalogue as CSV text, a page of products per chunk (the header first). */
    async *exportCsv(sellerId: string): AsyncGenerator<string> {
      yield writeCsv([CATALOGUE_CSV_COLUMNS as unknown as string[]]);
      let after: string | undefined;
      for (;;) {
        const page = await findExportPage(db, sellerId, after, EXPORT_PAGE);
        if (page.length === 0) return;
        yield writeCsv(page.map(toCsvRecord));
        after = page[page.length - 1]!.id;
        if (page.length < EXPORT_PAGE) return;
      }
    },

    /**
     * A small valid file to start from: three new products, out of stock, each showing an image the shop already
     * has in its category (so it imports without a zip), or a file name to send in the zip.
     */
    async sampleCsv(sellerId: string): Promise<string> {
      const imageOf = new Map((await Promise.all(findCategoryImages(db, sellerId, CATEGORIES.map((c) => c.path)))).flat().map((c) => [c.category, c.image]));
      const anyImage = [...imageOf.values()].find(Boolean);
      const samples = [
        { name: 'Sample Heirloom Tomatoes', description: ['Vine ripened', 'Grown without pesticides'], category: CATEGORIES[0].path, price: 60, offer: 49.5, weight: '500 g', stock: 40, net: '500 g' },
        { name: 'Sample Alphonso Mangoes', description: ['Sweet and fragrant', 'Box of 6'], category: CATEGORIES[1].path, price: 450, offer: 399, weight: '1 box', stock: null, net: '6 pcs' },
        { name: 'Sample Greek Yogurt', description: ['Thick and creamy', 'Keep refrigerated'], category: CATEGORIES[4].path, price: 90, offer: 85, weight: '400 g', stock: 12, net: '400 g' },
      ];
      const header = CATALOGUE_CSV_COLUMNS.filter((c) => c !== 'id');
      return writeCsv([
        header,
        ...samples.map((s, i) =>
          [
            s.name,
            joinCellList(s.description),
            s.category,
            String(s.price),
            String(s.offer),
            s.weight,
            s.stock === null ? '' : String(s.stock),
            imageOf.get(s.category) ?? anyImage ?? `sample-${i + 1}.jpg`,
            s.net,
            // Out of stock: the sample imported as downloaded puts no "Sample …" product on sale (a probe's did, at once);
            // the seller edits the rows, or switches the products on in the list.
            'no',
          ].map(protectCell),
        ),
      ]);
    },
  };
}

export type CatalogueImportService = ReturnType<typeof createCatalogueImportService>;
