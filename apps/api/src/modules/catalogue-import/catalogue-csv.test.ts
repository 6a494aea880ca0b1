import { describe, expect, it } from 'vitest';
import { checkImportRow, csvDialectOf, joinCellList, protectCell, splitCellList, unprotectCell } from './catalogue-csv.js';

const VALID = { name: 'Red Onion', description: 'Fresh|From Nashik', category: 'Vegetables', price: '40', offerPrice: '35.5', weight: '1 kg', stock: '', images: 'onion.jpg|onion-2.jpg' };

describe('checkImportRow', () => {
  it('reads an optional net quantity (issue 28), clears it on an empty cell and names a wrong one as a row error', () => {
    expect(checkImportRow({ ...VALID, netQuantity: '1.5 kg' }, 2).value?.input.netQuantity).toEqual({ amount: 1.5, unit: 'kg' });
    expect(checkImportRow({ ...VALID, netQuantity: '' }, 2).value?.input.netQuantity).toBeNull();
    expect(checkImportRow(VALID, 2).value?.input.netQuantity).toBeUndefined();
    const wrong = checkImportRow({ ...VALID, netQuantity: '2 lb' }, 7);
    expect(wrong.value).toBeUndefined();
    expect(wrong.issues).toEqual([expect.objectContaining({ path: '7.netQuantity', row: 7, column: 'netQuantity', message: expect.stringContaining('g, kg, ml, l or pcs') })]);
  });

  it('accepts a row with the Add Product rules and reads lists, prices and an empty stock as not counted', () => {
    const result = checkImportRow(VALID, 2);
    expect(result.issues).toEqual([]);
    expect(result.value).toEqual({
      row: 2,
      input: { name: 'Red Onion', description: ['Fresh', 'From Nashik'], category: 'Vegetables', price: 40, offerPrice: 35.5, weight: '1 kg' },
      stock: null,
      images: ['onion.jpg', 'onion-2.jpg'],
      leftOut: [],
    });
    expect(checkImportRow({ ...VALID, stock: '0' }, 2).value?.stock).toBe(0);
    // A file without the optional columns: an updated product keeps its own (the service's part).
    const { description: _d, weight: _w, stock: _s, ...required } = VALID;
    expect(checkImportRow(required, 2).value?.leftOut).toEqual(['description', 'weight', 'stock']);
  });

  it('reports every wrong column of the row, each once, with the row number', () => {
    const result = checkImportRow({ ...VALID, name: ' ', category: 'Toys', price: '10.505', offerPrice: '-1', stock: '2.5', images: 'a.jpg|b.jpg|c.jpg|d.jpg|e.jpg' }, 12);
    expect(result.value).toBeUndefined();
    expect(result.issues.map((i) => [i.row, i.column])).toEqual([
      [12, 'name'],
      [12, 'category'],
      [12, 'price'],
      [12, 'offerPrice'],
      [12, 'stock'],
      [12, 'images'],
    ]);
    expect(result.issues.find((i) => i.column === 'price')).toMatchObject({ path: '12.price', message: 'Price can have at most 2 decimals' });
    expect(result.issues.find((i) => i.column === 'category')?.message).toBe('Category must be one of Vegetables, Fruits, Drinks, Instant, Dairy, Bakery, Grains');
    expect(result.issues.find((i) => i.column === 'stock')?.message).toMatch(/^Stock must be a whole number/);
    expect(result.issues.find((i) => i.column === 'offerPrice')?.message).toBe('Offer price must be greater than 0');
    // As Add Product says it: what is wrong with the number, not "not a number".
    expect(checkImportRow({ ...VALID, price: '1000000' }, 3).issues[0]?.message).toBe('Price is too large (at most 5,00,000)');
    // A spreadsheet's exponent is not read as digits (a probe saved "4e1" as Rs 40 through the form).
    expect(checkImportRow({ ...VALID, price: '4e1' }, 3).issues[0]?.message).toBe('“4e1” is written with an exponent: write the number in digits');
  });

  it.each([
    ['a zero price', { price: '0' }, 'price'],
    ['a price in words', { price: 'cheap' }, 'price'],
    // Less than a paisa: it passed as more than 0 and stopped the import at the database's check.
    ['an offer price below a paisa', { offerPrice: '0.000000001' }, 'offerPrice'],
    ['a negative stock', { stock: '-1' }, 'stock'],
    ['no image', { images: '' }, 'images'],
    ['an image in a folder', { images: 'photos/onion.jpg' }, 'images'],
    ['an id that is not one', { id: '42' }, 'id'],
  ])('refuses %s in its column', (_label, change, column) => {
    expect(checkImportRow({ ...VALID, ...change }, 3).issues.map((i) => i.column)).toEqual([column]);
  });

  it('lets a row with an id leave its images empty (the product keeps its own)', () => {
    const id = '00000000-0000-4000-8000-000000000001';
    expect(checkImportRow({ ...VALID, id, images: '' }, 2).value).toMatchObject({ id, images: [] });
  });
});

describe('decimal comma (a semicolon file, decision 0074)', () => {
  it('takes the comma as the decimal mark in a semicolon file only, as its separator says', () => {
    expect(csvDialectOf('name;category;price\r\nGhee;Dairy;49,5')).toEqual({ separator: ';', decimalMark: ',' });
    expect(csvDialectOf('name,category,price\nGhee,Dairy,"49,5"')).toEqual({ separator: ',', decimalMark: '.' });
    // Excel for Mac's "CSV (Macintosh)" ends its lines with a lone CR: the header is the first line still.
    expect(csvDialectOf('name;category;price\rGhee, pure;Dairy;49,5')).toEqual({ separator: ';', decimalMark: ',' });
    expect(csvDialectOf('name\tcategory\tprice\n')).toEqual({ separator: '\t', decimalMark: '.' });
  });

  it('reads the prices and the net quantity with a decimal comma, and refuses grouped thousands by name', () => {
    const row = { ...VALID, price: '49,5', offerPrice: '45,25', netQuantity: '1,5 kg' };
    expect(checkImportRow(row, 2, ',').value?.input).toMatchObject({ price: 49.5, offerPrice: 45.25, netQuantity: { amount: 1.5, unit: 'kg' } });
    // A point between digits may be a thousands separator there ("1.500" is 1500 to such a spreadsheet): refused, not
    // read as 1.50; three decimals are still too many.
    expect(checkImportRow({ ...row, price: '1.500' }, 2, ',').issues.map((i) => i.column)).toEqual(['price']);
    expect(checkImportRow({ ...row, price: '49.5' }, 2, ',').issues.map((i) => i.column)).toEqual(['price']);
    expect(checkImportRow({ ...row, price: '1,234' }, 2, ',').issues.map((i) => i.message)).toEqual(['Price can have at most 2 decimals']);
    expect(checkImportRow({ ...row, price: '1.234,5', netQuantity: '1.000,5 g' }, 2, ',').issues.map((i) => [i.column, i.message])).toEqual([
      ['price', 'Price "1.234,5" has a point or a space between digits: in a file separated by semicolons, write it without a thousands separator and with a comma before the decimals (1234,5)'],
      ['netQuantity', 'Net quantity "1.000,5 g" has a point or a space between digits: in a file separated by semicolons, write it without a thousands separator and with a comma before the decimals (1234,5)'],
    ]);
    // Where the comma is no decimal mark (a comma or tab file), it stays no number, and the message names the comma.
    expect(checkImportRow({ ...row, price: '1,234' }, 2).issues.map((i) => [i.column, i.message])).toEqual([
      ['price', 'Price "1,234" has a comma between digits: write it without a thousands separator and with a point before the decimals (1234.5)'],
      ['offerPrice', 'Offer price "45,25" has a comma between digits: write it without a thousands separator and with a point before the decimals (1234.5)'],
      ['netQuantity', 'Net quantity "1,5 kg" has a comma between digits: write it without a thousands separator and with a point before the decimals (1234.5)'],
    ]);
  });
});

describe('cells', () => {
  it('round-trips lists holding | and \\ through the cell format', () => {
    const lines = ['Cut | washed', 'C:\\ a backslash', 'plain'];
    expect(joinCellList(lines)).toBe('Cut \\| washed|C:\\\\ a backslash|plain');
    expect(splitCellList(joinCellList(lines))).toEqual(lines);
    expect(splitCellList(' a | | b ')).toEqual(['a', 'b']);
  });

  it.each(['=HYPERLINK("http://x")', '+1', '-2', '@SUM(A1)', '\tx', "'quoted", "'=already", '\uFF1DSUM(1)', '\uFF0Bx', '\uFF0D1', '\uFF20A1'])('guards %j against spreadsheet formulas and takes the guard off again', (value) => {
    expect(protectCell(value)).toBe(`'${value}`);
    expect(unprotectCell(protectCell(value))).toBe(value);
  });

  it('leaves ordinary cells and a seller\'s own leading quote alone', () => {
    expect(protectCell('Onion')).toBe('Onion');
    expect(unprotectCell("'Onion")).toBe("'Onion");
  });
});
