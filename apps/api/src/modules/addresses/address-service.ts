import type { Address, AddressInput } from '@greencart/shared';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { countAddressesOfUser, findAddressesOfUser, insertAddress, type AddressRow } from './address-repository.js';

/** Bounds what one account can store; far above what a household needs. */
export const ADDRESS_LIMIT = 50;

const toApiAddress = ({ id, firstName, lastName, email, street, city, state, zipcode, country, phone }: AddressRow): Address => ({
  _id: id,
  firstName,
  lastName,
  email,
  street,
  city,
  state,
  zipcode,
  country,
  phone,
});

/** A shopper's delivery addresses: every read and write is scoped to the session's user. */
export function createAddressService(db: Db) {
  return {
    async list(userId: string): Promise<Address[]> {
      return (await findAddressesOfUser(db, userId)).map(toApiAddress);
    },

    async add(userId: string, input: AddressInput): Promise<Address> {
      if ((await countAddressesOfUser(db, userId)) >= ADDRESS_LIMIT) {
        throw new AppError('ADDRESS_LIMIT', `You can save at most ${ADDRESS_LIMIT} addresses`);
      }
      return toApiAddress(await insertAddress(db, { ...input, userId }));
    },
  };
}

export type AddressService = ReturnType<typeof createAddressService>;
