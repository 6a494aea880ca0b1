import type { AddressInput } from './schemas.js';

/**
 * Sample data for tests only (exported as `@greencart/shared/testing`, never from the main entry, so it
 * stays out of the browser bundle). API tests and browser tests build from the same values.
 */
export const SAMPLE_ADDRESS = {
  firstName: 'Asha',
  lastName: 'Verma',
  email: 'asha@example.com',
  street: '12 MG Road',
  city: 'Pune',
  state: 'Maharashtra',
  zipcode: '411001',
  country: 'India',
  phone: '+91 98765 43210',
} satisfies AddressInput;
