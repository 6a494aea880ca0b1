/**
 * The shared zod schemas the browser's forms check before sending (issue 27, decision 0165). Loaded
 * with `loadFormSchemas()` when a form is first sent, never imported statically: zod and the schemas
 * are some 26 kB gzip that no first load carries. The server checks every request with the same schemas.
 */
import { ProductImagesSchema, ProductInputSchema, ProductUpdateInputSchema } from '@greencart/shared';
import { z } from 'zod';

export {
  AddressInputSchema,
  CommissionPercentSchema,
  CouponEditInputSchema,
  CouponInputSchema,
  DeliverySettingsSchema,
  LoginInputSchema,
  PasswordChangeInputSchema,
  PasswordForgotInputSchema,
  PasswordResetInputSchema,
  PayoutAccountInputSchema,
  RegisterInputSchema,
  SellerLoginInputSchema,
  SellerRegisterInputSchema,
  ShopProfileInputSchema,
} from '@greencart/shared';

/** The product form's two checks of the server in one, so a missing image is named with the other fields' messages. */
export const AddProductFormSchema = z.object({ product: ProductInputSchema, images: ProductImagesSchema });
/** An edit keeps the product's images unless the seller changed them; a changed set holds one image at least. */
export const EditProductFormSchema = z.object({ product: ProductUpdateInputSchema, images: ProductImagesSchema.optional() });
