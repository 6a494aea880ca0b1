import {
  IdSchema,
  MAX_PRODUCT_IMAGES,
  parseNetQuantity,
  ProductInputSchema,
  STOCK_MAX,
  type CatalogueCsvColumn,
  type ImportRowIssue,
  type NetQuantity,
  type ProductInput,
} from '@greencart/shared';

/**
 * The cells of the catalogue CSV (docs/decisions/0074): lists inside a cell, the spreadsheet guard,
 * and the check of one row against the Add Product rules (the shared ProductInputSchema).
 */

/** Lines (or image names) in one cell, separated by `|`; a `|` or `\` inside an item is escaped with `\`. */
export function joinCellList(items: readonly string[]): string {
  return items.map((item) => item.replace(/[\\|]/g, (c) => `\\${c}`)).join('|');
}

/** The inverse of joinCellList. A `\` before anything but `|` or `\` is kept as typed. */
export function splitCellList(cell: string): string[] {
  const items: string[] = [];
  let current = '';
  for (let i = 0; i < cell.length; i++) {
    const c = cell[i]!;
    const next = cell[i + 1];
    if (c === '\\' && (next === '|' || next === '\\')) {
      current += next;
      i++;
    } else if (c === '|') {
      items.push(current);
      current = '';
    } else {
      current += c;
    }
  }
  items.push(current);
  return items.map((item) => item.trim()).filter((item) => item.length > 0);
}

/**
 * A spreadsheet runs a cell starting with = + - @ (or a tab or carriage return) as a formula, and one that folds
 * Unicode (Apple Numbers) their full-width forms ＝ ＋ － ＠ too, as the orders export guards them: the export puts
 * a `'` before such a cell, and before a cell that starts with `'` itself, so the import can take exactly that `'`
 * off again and a round trip changes nothing (docs/decisions/0074).
 */
const FORMULA_START = /^[=+\-@\t\r'\uFF1D\uFF0B\uFF0D\uFF20]/;
export const protectCell = (value: string) => (FORMULA_START.test(value) ? `'${value}` : value);
export const unprotectCell = (value: string) => (value.startsWith("'") && FORMULA_START.test(value.slice(1)) ? value.slice(1) : value);

/**
 * How a file writes its cells, read from its header line (the column names hold no separator): a comma, or a
 * spreadsheet's tab (its "Unicode text" is tab-separated) or semicolon (its "CSV" where the comma is the decimal
 * mark, so it writes 49.5 as `49,5`: a semicolon file's numbers take a decimal comma; decision 0074, amended
 * 2026-11-29). Other files keep the point: in a comma-separated file a comma never meant a decimal.
 */
export interface CsvDialect {
  separator: ',' | '\t' | ';';
  decimalMark: '.' | ',';
}

export function csvDialectOf(text: string): CsvDialect {
  // A line ends with LF, CRLF or a lone CR (Excel for Mac's "CSV (Macintosh)").
  const end = text.search(/[\r\n]/);
  const header = end < 0 ? text : text.slice(0, end);
  const separator = header.includes(',') ? ',' : header.includes('\t') ? '\t' : header.includes(';') ? ';' : ',';
  return { separator, decimalMark: separator === ';' ? ',' : '.' };
}

/** The columns whose numbers may have decimals: the prices and the net quantity's amount (stock is whole units). */
const DECIMAL_COLUMNS = { price: 'Price', offerPrice: 'Offer price', netQuantity: 'Net quantity' } as const;
type DecimalColumn = keyof typeof DECIMAL_COLUMNS;

/**
 * Digits parted by a point, a space or an apostrophe: in a decimal-comma file, a thousands separator (`1.234,5`,
 * `1 200`) or a point that may be one (`1.500`, which such a spreadsheet writes for 1500 with a thousands format):
 * refused, never guessed (read as 1.50 it priced a product a thousand times too low).
 */
const GROUPED_DIGITS = /\d[.\s\u00a0\u202f']\d/;

/**
 * A decimal cell of a decimal-comma file with its comma read as the point (`49,5` is 49.5, `1,5 kg` is 1.5 kg), or
 * undefined when its digits are parted by anything else (`1.234,5`, `1.500`).
 */
export function withDecimalPoint(cell: string): string | undefined {
  if (GROUPED_DIGITS.test(cell)) return undefined;
  return cell.replace(/^(-?\d+),(\d)/, '$1.$2');
}

/**
 * Optional columns a file may leave out (decision 0074): an update row then keeps the product's own value,
 * as a file without `netQuantity` keeps its net quantity; a new product gets none. An empty cell in a
 * column the file has still clears it (stock: not counted).
 */
export const KEPT_WHEN_LEFT_OUT = ['description', 'weight', 'stock'] as const;

/** A checked row, ready to write. */
export interface ImportRow {
  row: number;
  /** The product this row updates; absent for a new product. */
  id?: string;
  input: ProductInput;
  /** Units left, or null for "not counted". */
  stock: number | null;
  /**
   * The shop's In Stock switch (decision 0074 amended): yes or no, or undefined where the file says nothing (the column
   * left out, or its cell empty): a new product is then in stock unless it has 0 units, an updated one keeps its switch.
   */
  inStock?: boolean;
  /** Image file names (in the zip, or already stored); empty only on a row with an id: keep its images. */
  images: string[];
  /** The optional columns the file does not have: an updated product keeps its own. */
  leftOut: (typeof KEPT_WHEN_LEFT_OUT)[number][];
}

/** A row's problems, its image names (checked against the zip and the store by the caller), and the row when it has none. */
export interface RowCheck {
  issues: ImportRowIssue[];
  images: string[];
  value?: ImportRow;
}

/** An In Stock "yes" for a product counted at 0 units (its own row's stock, or the product's kept one). */
export const NO_UNITS_IN_STOCK = 'A product with 0 units left cannot be in stock: give its stock, or write no';

export const rowIssue = (row: number, column: ImportRowIssue['column'], message: string): ImportRowIssue => ({ path: `${row}.${column}`, row, column, message });

/**
 * Checks one data row (`cells` by column name, spreadsheet guard already taken off) with the same
 * rules as Add Product, reporting every column that is wrong (the first problem of each).
 */
export function checkImportRow(cells: Partial<Record<CatalogueCsvColumn, string>>, row: number, decimalMark: CsvDialect['decimalMark'] = '.'): RowCheck {
  const issues: ImportRowIssue[] = [];
  const cell = (column: CatalogueCsvColumn) => (cells[column] ?? '').trim();
  // The decimal comma of a semicolon file read as the point, in one place for every decimal column.
  const seen = new Set<string>();
  const refuse = (column: DecimalColumn, message: string) => {
    issues.push(rowIssue(row, column, `${DECIMAL_COLUMNS[column]} "${cell(column).slice(0, 20)}" ${message}`));
    seen.add(column);
    return '';
  };
  const decimal = (column: DecimalColumn): string => {
    if (decimalMark === '.') {
      // A comma between digits is a decimal comma or a thousands separator (1,234): either way not this file's number.
      if (/\d,\d/.test(cell(column))) return refuse(column, 'has a comma between digits: write it without a thousands separator and with a point before the decimals (1234.5)');
      return cell(column);
    }
    return withDecimalPoint(cell(column)) ?? refuse(column, 'has a point or a space between digits: in a file separated by semicolons, write it without a thousands separator and with a comma before the decimals (1234,5)');
  };

  let id: string | undefined;
  if (cell('id')) {
    const parsed = IdSchema.safeParse(cell('id'));
    if (parsed.success) id = parsed.data;
    else issues.push(rowIssue(row, 'id', 'id must be the id of a product of this shop (as the export gives it), or empty for a new product'));
  }

  const parsed = ProductInputSchema.safeParse({
    name: cells.name ?? '',
    description: splitCellList(cells.description ?? ''),
    category: cell('category'),
    price: decimal('price'),
    offerPrice: decimal('offerPrice'),
    weight: cell('weight') || undefined,
  });
  if (!parsed.success) {
    for (const zodIssue of parsed.error.issues) {
      const column = String(zodIssue.path[0] ?? 'row') as CatalogueCsvColumn;
      if (seen.has(column)) continue;
      seen.add(column);
      const message = column === 'category' ? `Category must be one of ${ProductInputSchema.shape.category.options.join(', ')}` : zodIssue.message;
      issues.push(rowIssue(row, column, message));
    }
  }

  // Issue 28: an empty cell clears the net quantity; a file without the column leaves it (undefined).
  let netQuantity: NetQuantity | null | undefined = cells.netQuantity === undefined ? undefined : null;
  const netQuantityText = cell('netQuantity') ? decimal('netQuantity') : '';
  if (netQuantityText) {
    netQuantity = parseNetQuantity(netQuantityText);
    if (!netQuantity) issues.push(rowIssue(row, 'netQuantity', 'Net quantity must be an amount and a unit (g, kg, ml, l or pcs), e.g. "500 g", or empty'));
  }

  let stock: number | null = null;
  if (cell('stock')) {
    if (/^\d+$/.test(cell('stock')) && Number(cell('stock')) <= STOCK_MAX) stock = Number(cell('stock'));
    else issues.push(rowIssue(row, 'stock', `Stock must be a whole number from 0 to ${STOCK_MAX.toLocaleString('en-IN')}, or empty for not counted`));
  }

  let inStock: boolean | undefined;
  if (cell('inStock')) {
    const said = cell('inStock').toLowerCase();
    if (['yes', 'y', 'true', '1'].includes(said)) inStock = true;
    else if (['no', 'n', 'false', '0'].includes(said)) inStock = false;
    else issues.push(rowIssue(row, 'inStock', 'In stock must be yes or no, or empty to leave it as it is'));
  }
  if (inStock && stock === 0) issues.push(rowIssue(row, 'inStock', NO_UNITS_IN_STOCK));

  const images = splitCellList(cells.images ?? '');
  if (images.length > MAX_PRODUCT_IMAGES) {
    issues.push(rowIssue(row, 'images', `A product can have at most ${MAX_PRODUCT_IMAGES} images`));
  } else if (images.length === 0 && !id) {
    issues.push(rowIssue(row, 'images', `Add 1 to ${MAX_PRODUCT_IMAGES} image file names, separated by |`));
  } else {
    const withFolder = images.find((name) => /[/\\]/.test(name) || name.length > 255);
    if (withFolder) issues.push(rowIssue(row, 'images', `"${withFolder.slice(0, 60)}" must be a file name only, without a folder`));
  }
  const checkedImages = issues.some((i) => i.column === 'images') ? [] : images;

  if (issues.length > 0 || !parsed.success) return { issues, images: checkedImages };
  return { issues, images: checkedImages, value: { row, ...(id ? { id } : {}), input: { ...parsed.data, netQuantity }, stock, ...(inStock === undefined ? {} : { inStock }), images, leftOut: KEPT_WHEN_LEFT_OUT.filter((column) => cells[column] === undefined) } };
}
