import { isIndia, type Address, type AddressInput } from '@greencart/shared';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { lockUser } from '../users/user-repository.js';
import { deleteAddressOfUser, findAddressesOfUser, insertAddress, type AddressRow } from './address-repository.js';

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

const ADDRESS_FIELDS = ['firstName', 'lastName', 'email', 'street', 'city', 'state', 'zipcode', 'country'] as const satisfies (keyof AddressInput)[];

/**
 * A phone as the number it dials, to tell two saved addresses apart: its digits, an Indian one's last ten ("+91 98765
 * 43210" and "098765 43210" are 9876543210: a probe had the same address twice in the picker, told apart by nothing shown).
 */
const phoneNumber = ({ phone, country }: Pick<AddressInput, 'phone' | 'country'>) => {
  const digits = phone.replace(/\D/g, '');
  return isIndia(country) ? digits.slice(-10) : digits;
};

/** A shopper's delivery addresses: every read and write is scoped to the session's user. */
export function createAddressService(db: Db) {
  return {
    async list(userId: string): Promise<Address[]> {
      return (await findAddressesOfUser(db, userId)).map(toApiAddress);
    },

    /**
     * Counted and written under the shopper's row lock, so adds sent at once cannot pass the limit together. The same
     * address saved again is the one saved (`saved: false`): a probe saved one nine times and had nine to choose from.
     */
    async add(userId: string, input: AddressInput): Promise<{ address: Address; saved: boolean }> {
      return db.transaction(async (tx) => {
        await lockUser(tx, userId);
        const kept = await findAddressesOfUser(tx, userId);
        const same = kept.find((row) => ADDRESS_FIELDS.every((field) => row[field] === input[field]) && phoneNumber(row) === phoneNumber(input));
        if (same) return { address: toApiAddress(same), saved: false };
        if (kept.length >= ADDRESS_LIMIT) {
          throw new AppError('ADDRESS_LIMIT', `You can save at most ${ADDRESS_LIMIT} addresses: remove one you no longer use first`);
        }
        return { address: toApiAddress(await insertAddress(tx, { ...input, userId })), saved: true };
      });
    },

    /**
     * Removes a saved address (a probe reached the limit with no way back): under the shopper's row lock, as checkout
     * reads the address under it, so an order placed at the same moment is placed with it or refused, never half.
     */
    async remove(userId: string, addressId: string): Promise<void> {
      await db.transaction(async (tx) => {
        await lockUser(tx, userId);
        if (!(await deleteAddressOfUser(tx, userId, addressId))) throw new AppError('ADDRESS_NOT_FOUND', 'No such saved address');
      });
    },
  };
}

export type AddressService = ReturnType<typeof createAddressService>;
