import { describe, expect, it } from 'vitest';
import { pincodeEntries } from './pincode-entries';

describe('a typed list of pincodes', () => {
  it('takes one per comma, semicolon, line or space, and "411 001" as India Post writes it as one (a probe: "411001 411002" was one number)', () => {
    expect(pincodeEntries('411001 411002')).toEqual(['411001', '411002']);
    expect(pincodeEntries(' 411 001, 560;\n411 002  411003\n560 034')).toEqual(['411 001', '560', '411 002', '411003', '560 034']);
    // Three digits on one line and three on the next are two entries; what is no pincode stays as typed, for the form to name.
    expect(pincodeEntries('411\n001, 0110001 abc,,')).toEqual(['411', '001', '0110001', 'abc']);
    expect(pincodeEntries('  ')).toEqual([]);
  });
});
