import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AddAddressInputSchema, PasswordSchema, PlaceOrderInputSchema, ProductInputSchema, requiredText } from './schemas.js';
import { SellerRegisterInputSchema } from './shops.js';
import { ShopSlugSchema } from './shop-slug.js';

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues.map((issue) => issue.message) ?? [];

describe('required text', () => {
  const name = requiredText('Shop name', 60);

  it('takes names in any script, trimmed', () => {
    for (const text of ['Sharma Fresh Farm', ' Café Crème ', 'ताज़ा सब्ज़ी', 'متجر الخضار']) expect(name.safeParse(text)).toMatchObject({ success: true, data: text.trim() });
  });

  it('refuses one that is only spaces or invisible characters, once, as not given', () => {
    // Combining marks alone too: they show only on a letter (a probe's buyer name was one accent).
    for (const blank of ['', '   ', '\u200B', '\u200B \uFEFF\u2060', '\u0301', '\u0301 \u0308', '\u093F']) expect(messages(name.safeParse(blank)), JSON.stringify(blank)).toEqual(['Shop name is required']);
  });

  it('refuses line breaks, tabs and other control characters in a one-line text', () => {
    for (const text of ['Crlf Shop\r\nBcc: victim@example.com', 'Tab\there', 'Bell\u0007', 'C1\u0085']) {
      expect(messages(name.safeParse(text)), JSON.stringify(text)).toEqual(['Shop name cannot contain line breaks, tabs or other control characters']);
    }
  });

  it('refuses direction-control characters, which make a name read as another ("\\u202EAPOHS" shows as "SHOPA")', () => {
    for (const spoof of ['\u202EAPOHS', 'Green\u2066Cart\u2069', 'a\u202Ab']) {
      expect(messages(name.safeParse(spoof)), JSON.stringify(spoof)).toEqual(['Shop name cannot contain text-direction control characters']);
    }
    // A shop's application names the field.
    const application = SellerRegisterInputSchema.safeParse({ shopName: '\u202EAPOHS', name: 'Asha', email: 'a@example.com', password: 'fresh-tomatoes-42', phone: '9876543210', pickupAddress: '12 MG Road' });
    expect(application.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['shopName']);
  });
});

describe('a new password', () => {
  it('needs 8 characters that are not all spaces', () => {
    expect(PasswordSchema.safeParse('fresh tomatoes').success).toBe(true);
    expect(messages(PasswordSchema.safeParse('        '))).toEqual(['Password cannot be only spaces']);
    // The first ones an attacker tries, in any letter case (an attacker probe signed up with "password").
    for (const guessed of ['password', 'PassWord1', '12345678', '87654321', 'aaaaaaaa', '12341234', 'qwertyuiop', 'GreenCart123']) {
      expect(messages(PasswordSchema.safeParse(guessed)), guessed).toEqual(['This password is one of the first an attacker tries: choose another']);
    }
    for (const fine of ['mangoes-in-may-24', '12345679x', 'password-for-my-shop']) expect(PasswordSchema.safeParse(fine).success, fine).toBe(true);
    expect(messages(PasswordSchema.safeParse('short'))).toEqual(['Password must be at least 8 characters']);
    expect(messages(PasswordSchema.safeParse(''))[0]).toBe('Password is required');
  });
});

describe('a shop name', () => {
  const shopName = SellerRegisterInputSchema.shape.shopName;

  it('is written one way: compatibility letters as their plain forms, a run of spaces as one', () => {
    expect(shopName.parse('ＧreenCart')).toBe('GreenCart');
    expect(shopName.parse('Green   Cart')).toBe('Green Cart');
    expect(shopName.parse('ﬁne Foods')).toBe('fine Foods');
  });

  it('refuses invisible characters inside it, which made a name pass for another', () => {
    for (const spoof of ['Green\u200BCart', 'Green\u2060Cart', 'Green\uFEFFCart']) {
      expect(messages(shopName.safeParse(spoof)), JSON.stringify(spoof)).toEqual(['Shop name cannot contain invisible characters']);
    }
  });

  it('refuses the characters that draw nothing after a name ("GreenCart\\uFE0F" showed as the operator\'s shop), keeping an emoji\'s', () => {
    for (const invisible of ['\uFE0F', '\uFE00', '\u034F', '\u3164', '\u115F', '\uFFA0', '\u17B4', '\u{E0100}', '\u2800', '\u180B']) {
      expect(messages(shopName.safeParse(`GreenCart${invisible}`)), JSON.stringify(invisible)).toEqual(['Shop name cannot contain invisible characters']);
    }
    expect(shopName.parse('Chai \u2615\uFE0F Corner')).toBe('Chai \u2615\uFE0F Corner');
    expect(shopName.parse('Crème Brûlée Bakers')).toBe('Crème Brûlée Bakers');
  });
  it('refuses Latin letters mixed with look-alikes of another alphabet; one alphabet, or Latin with Devanagari, is fine', () => {
    // Cyrillic е and С, Greek ε; Lisu ꓖ and ꓔ, Cherokee Ꮐ, Armenian ո (an attacker's "ꓖreenCart" showed as the operator's shop).
    for (const spoof of ['Gr\u0435\u0435nCart', 'Green\u0421art', 'Gre\u03B5nCart', '\uA4D6reenCart', 'GreenCar\uA4D4', '\u13C0reen Cart', 'Gree\u0578 Cart']) {
      expect(messages(shopName.safeParse(spoof)), JSON.stringify(spoof)).toEqual([
        'Shop name mixes Latin letters with look-alike letters of another alphabet (Cyrillic, Greek, Cherokee…): write it in one alphabet',
      ]);
    }
    for (const name of ['Свежие овощи', 'Φρέσκα', 'Sharma किराना Store', 'Café Crème 24']) expect(shopName.safeParse(name).success, name).toBe(true);
  });
});

describe('a product’s prices', () => {
  const pricesOf = (price: unknown, offerPrice: unknown = 9) => ProductInputSchema.safeParse({ name: 'Carrot', category: 'Vegetables', price, offerPrice });

  it('says an empty price is missing, text that is no number is not one, and reads numbers typed as text', () => {
    expect(messages(pricesOf(''))).toEqual(['Price is required']);
    expect(messages(pricesOf('  ', ''))).toEqual(['Price is required', 'Offer price is required']);
    expect(messages(pricesOf('cheap'))).toEqual(['Price must be a number']);
    expect(messages(pricesOf(null))).toEqual(['Price must be a number']);
    expect(messages(pricesOf('-5'))).toEqual(['Price must be greater than 0']);
    expect(pricesOf(' 12.50 ', 10)).toMatchObject({ success: true, data: { price: 12.5, offerPrice: 10 } });
  });

  it('takes at most Rs 5,00,000, so one unit with its tax is within a card payment: Rs 10,00,000 was listed and never bought (decision 0284)', () => {
    expect(pricesOf('5,00,000', 500_000)).toMatchObject({ success: true });
    expect(messages(pricesOf(500_000.01, '10,00,000'))).toEqual(['Price is too large (at most 5,00,000)', 'Offer price is too large (at most 5,00,000)']);
  });

  it('reads a price with commas that group its digits, and names commas anywhere else (no silent Rs 100 for "1,00")', () => {
    expect(pricesOf('1,250.50', '1,00,000')).toMatchObject({ success: true, data: { price: 1250.5, offerPrice: 100_000 } });
    expect(messages(pricesOf('1,00'))).toEqual(['“1,00” is not written right: commas only group digits (1,00,000.50 or 100,000.50), and decimals follow a point']);
  });

  it('names a price typed with an exponent, not reading "4e1" as Rs 40 (a probe); a JSON number is a number', () => {
    expect(messages(pricesOf('4e1'))).toEqual(['“4e1” is written with an exponent: write the number in digits']);
    expect(pricesOf(4e1, 40)).toMatchObject({ success: true, data: { price: 40 } });
  });
});

describe('a product’s texts shoppers read', () => {
  const product = (fields: object) => ProductInputSchema.safeParse({ name: 'Tomato', category: 'Vegetables', price: 10, offerPrice: 9, ...fields });

  it('refuses direction-control characters in the weight and the description, as in the name ("\\u202Egk 1" showed as "1 kg")', () => {
    expect(messages(product({ weight: '\u202Egk 1' }))).toEqual(['Weight cannot contain text-direction control characters']);
    expect(messages(product({ description: ['Fresh', '\u2067enif\u2069'] }))).toEqual(['A description line cannot contain text-direction control characters']);
    // The invisible marks reorder what is beside them: "500\u200F g" or "Rs 1\u200F-2" read otherwise than typed.
    for (const mark of ['\u200E', '\u200F', '\u061C']) {
      expect(messages(product({ weight: `500${mark} g` })), JSON.stringify(mark)).toEqual(['Weight cannot contain text-direction control characters']);
      expect(messages(product({ name: `Tomato 1${mark}-2` })), JSON.stringify(mark)).toEqual(['Product name cannot contain text-direction control characters']);
    }
  });

  it('refuses a name of invisible characters only, and a description line holding a line break or a tab (a probe)', () => {
    for (const name of ['\u3164', '\u2800\u2800', '\u115F', '\uFFA0', '\u200B\u2060']) {
      expect(messages(product({ name })), JSON.stringify(name)).toEqual(['Product name is required']);
    }
    for (const line of ['Fresh\nfrom the farm', 'Fresh\tcrisp', 'Fresh\u2028crisp', 'Bell\u0007', 'DEL\u007F']) {
      expect(messages(product({ description: [line] })), JSON.stringify(line)).toEqual(['A description line cannot contain line breaks, tabs or other control characters']);
    }
    expect(messages(product({ name: 'Weight\u2029Bcc' }))).toEqual(['Product name cannot contain line breaks, tabs or other control characters']);
  });

  it('keeps the joiners Indian scripts write with, and plain right-to-left text', () => {
    expect(product({ name: 'क्\u200Dष Tomato', weight: '1 kg', description: ['ताज़ा', 'طماطم طازجة'] })).toMatchObject({ success: true });
    expect(product({ name: 'Chai ☕️ for 👨\u200D👩\u200D👧' })).toMatchObject({ success: true });
  });

  it('refuses a name holding a character that shows nothing, and writes it one way (a removed product came back as its look-alikes: a probe)', () => {
    for (const name of ['Organic\u200BJaggery', 'Organic Jagg\u200Dery', 'Organic\u2060 Jaggery']) {
      expect(messages(product({ name })), JSON.stringify(name)).toEqual(['Product name cannot contain invisible characters']);
    }
    expect(product({ name: 'Ｏrganic \u00A0 Jaggery' }).data?.name).toBe('Organic Jaggery');
  });
});

describe('a shop’s address (slug)', () => {
  it('reads capitals as lower case, and its documented pattern says so (the OpenAPI document said lower case only)', () => {
    expect(ShopSlugSchema.parse('Green-Cart')).toBe('green-cart');
    const { pattern } = z.toJSONSchema(ShopSlugSchema, { io: 'input' }) as { pattern: string };
    expect(new RegExp(pattern).test('Green-Cart')).toBe(true);
    expect(new RegExp(pattern).test('green_cart')).toBe(false);
    expect(ShopSlugSchema.safeParse('green_cart').success).toBe(false);
  });
});

describe('a checkout’s numbers', () => {
  const id = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
  const issues = (input: object) => PlaceOrderInputSchema.safeParse({ items: [{ product: id, quantity: 1 }], address: id, ...input }).error?.issues.map((i) => i.message);

  it('refuses a quantity out of range as such, alone (1e300 was "not a whole number"), and a fraction in range as not whole', () => {
    expect(issues({ items: [{ product: id, quantity: 1e300 }] })).toEqual(['Quantity must be between 1 and 9']);
    expect(issues({ items: [{ product: id, quantity: 0.5 }] })).toEqual(['Quantity must be between 1 and 9']);
    expect(issues({ items: [{ product: id, quantity: 1.5 }] })).toEqual(['Quantity must be a whole number']);
  });

  it('refuses an expected total no checkout comes to as too large, not as having decimals', () => {
    expect(issues({ expectedTotal: 1e308 })).toEqual(['expectedTotal is too large']);
    expect(issues({ expectedTotal: 10.005 })).toEqual(['expectedTotal has at most 2 decimals']);
  });
});

describe('an address missing from a call', () => {
  const id = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
  it('is said so in the shop’s words: a new address, and the one to deliver a checkout to (not zod’s or "Must be a valid id")', () => {
    expect(messages(AddAddressInputSchema.safeParse({}))).toEqual(['The address is required']);
    expect(messages(AddAddressInputSchema.safeParse({ address: 'Pune' }))).toEqual(['The address must be an object of its fields']);
    const order = (address: unknown) => messages(PlaceOrderInputSchema.safeParse({ items: [{ product: id, quantity: 1 }], address }));
    expect(order(undefined)).toEqual(['Select a delivery address']);
    expect(order('')).toEqual(['Select a delivery address']);
    expect(order('not-an-id')).toEqual(['Must be a valid id']);
    expect(order(id.toUpperCase())).toEqual([]);
  });
});

describe("an address's phone", () => {
  const address = (phone: string, country = 'India') => ({
    address: { firstName: 'Asha', lastName: 'Rao', email: 'asha@example.com', street: '12 MG Road', city: 'Pune', state: 'Maharashtra', zipcode: country === 'India' ? '411001' : '44600', country, phone },
  });
  it('in India is a number a courier can call: 10 digits after +91 or 0, the first not 0 ("0000000" was taken: a probe)', () => {
    for (const phone of ['9876543210', '+91 98765 43210', '91-98765-43210', '098765 43210', '020 2612 3456', '(020) 26123456']) {
      expect(messages(AddAddressInputSchema.safeParse(address(phone))), phone).toEqual([]);
    }
    for (const phone of ['0000000', '0000000000', '98765 4321', '+91 98765 432101', '12345678']) {
      expect(messages(AddAddressInputSchema.safeParse(address(phone))), phone).toEqual(['An Indian phone number has 10 digits (a mobile, or a landline with its area code)']);
    }
  });
  it('is told one thing at a time: a zip code or phone that is no number at all is not also said to be no Indian one (a probe)', () => {
    const bad = { ...address('1').address, zipcode: 'abc' };
    expect(messages(AddAddressInputSchema.safeParse({ address: bad }))).toEqual(['Zip code must be numeric (3 to 10 digits)', 'Enter a valid phone number']);
    expect(messages(AddAddressInputSchema.safeParse({ address: { ...bad, country: undefined } }))).toEqual(['Zip code must be numeric (3 to 10 digits)', 'Country is required', 'Enter a valid phone number']);
  });
  it("abroad is any 7 to 15 digits, as each country writes them", () => {
    expect(messages(AddAddressInputSchema.safeParse(address('+977 1 4412345', 'Nepal')))).toEqual([]);
    expect(messages(AddAddressInputSchema.safeParse(address('1234567', 'Nepal')))).toEqual([]);
  });
});
